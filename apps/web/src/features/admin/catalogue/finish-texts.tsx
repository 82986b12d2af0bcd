import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { secondaryButton } from '../../../components/button-styles';
import { FieldFrame, inputClass, labelClass, TextField } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { errorText } from '../error-text';
import { updateFinish, type AdminFinish } from '../api/catalogue';
import { finishTextsSchema, finishTextValues, HINDI_HINT, hindiField } from './catalogue-forms';
import { useCatalogueUpdate } from './use-catalogue-update';

/** A finish's name, category and description as customers read them, the English and the Hindi side by side. */
export function FinishTexts({ finish }: { finish: AdminFinish }) {
  const update = useCatalogueUpdate();
  const id = useId();
  const form = useForm<z.input<typeof finishTextsSchema>, unknown, z.output<typeof finishTextsSchema>>({
    resolver: zodResolver(finishTextsSchema),
    defaultValues: finishTextValues(finish),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof finishTextsSchema>) =>
      updateFinish(finish.id, {
        ...(values.name !== finish.name ? { name: values.name } : {}),
        ...(values.description !== (finish.description ?? '') ? { description: values.description } : {}),
        ...hindiField('nameHi', { now: values.nameHi, saved: finish.nameHi }, { now: values.name, saved: finish.name }),
        ...hindiField('categoryHi', { now: values.categoryHi, saved: finish.categoryHi }, { now: '', saved: '' }),
        ...hindiField(
          'descriptionHi',
          { now: values.descriptionHi, saved: finish.descriptionHi },
          { now: values.description, saved: finish.description },
        ),
      }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) => ({ ...s, finishes: s.finishes.map((f) => (f.id === saved.id ? { ...f, ...saved } : f)) })),
      }));
      form.reset(finishTextValues(saved));
      showToast(`${saved.name} saved.`);
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form
      noValidate
      aria-label={`${finish.name} texts`}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="px-4 py-4"
    >
      <h4 className="mb-3 font-semibold text-ink-900">
        {finish.name}
        {finish.active ? '' : <span className="font-normal text-ink-500"> · retired</span>}
      </h4>
      <fieldset disabled={save.isPending} className="grid gap-4 md:grid-cols-2">
        <TextField label="Name" required error={errors.name?.message} {...form.register('name')} />
        <TextField label="Hindi name" lang="hi" hint={HINDI_HINT} error={errors.nameHi?.message} {...form.register('nameHi')} />
        <div>
          <p className={labelClass}>Category</p>
          <p className="flex min-h-12 items-center text-ink-700">{finish.category || '—'}</p>
        </div>
        <TextField label="Hindi category" lang="hi" error={errors.categoryHi?.message} {...form.register('categoryHi')} />
        <FieldFrame id={`${id}-description`} label="Description" required error={errors.description?.message}>
          <textarea
            id={`${id}-description`}
            rows={3}
            aria-invalid={errors.description ? true : undefined}
            className={`${inputClass} min-h-20`}
            {...form.register('description')}
          />
        </FieldFrame>
        <FieldFrame id={`${id}-description-hi`} label="Hindi description" error={errors.descriptionHi?.message}>
          <textarea
            id={`${id}-description-hi`}
            lang="hi"
            rows={3}
            aria-invalid={errors.descriptionHi ? true : undefined}
            className={`${inputClass} min-h-20`}
            {...form.register('descriptionHi')}
          />
        </FieldFrame>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <button type="submit" className={secondaryButton} disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save texts'}
        </button>
      </div>
    </form>
  );
}
