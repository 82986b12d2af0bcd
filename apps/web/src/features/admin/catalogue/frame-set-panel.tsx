import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, rupeesToPaise } from '@framewala/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { secondaryButton } from '../../../components/button-styles';
import { FieldFrame, inputClass, TextField } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { updateFrameSet, type AdminFrameSet } from '../api/catalogue';
import { AddFinish } from './add-finish';
import { frameSetSchema, frameSetValues, HINDI_HINT, hindiField } from './catalogue-forms';
import { FinishCard } from './finish-card';
import { FinishTexts } from './finish-texts';
import { useCatalogueUpdate } from './use-catalogue-update';

export function FrameSetPanel({ set }: { set: AdminFrameSet }) {
  const update = useCatalogueUpdate();
  const headingId = `set-${set.id}`;
  const form = useForm<z.input<typeof frameSetSchema>, unknown, z.output<typeof frameSetSchema>>({
    resolver: zodResolver(frameSetSchema),
    defaultValues: frameSetValues(set),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof frameSetSchema>) =>
      updateFrameSet(set.id, {
        name: values.name,
        description: values.description,
        ratePaisePerSqIn: rupeesToPaise(values.rate),
        ...hindiField('nameHi', { now: values.nameHi, saved: set.nameHi }, { now: values.name, saved: set.name }),
        ...hindiField(
          'descriptionHi',
          { now: values.descriptionHi, saved: set.descriptionHi },
          { now: values.description, saved: set.description },
        ),
      }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) =>
          s.id === saved.id ? { ...s, ...saved, finishes: saved.finishes.length ? saved.finishes : s.finishes } : s,
        ),
      }));
      form.reset(frameSetValues(saved));
      showToast(`${saved.name} saved.`);
    },
  });
  const { errors, isDirty } = form.formState;
  const active = set.finishes.filter((f) => f.active).length;
  return (
    <Panel
      id={headingId}
      title={set.name}
      action={
        <span className="text-sm text-ink-600">
          {set.mouldingIn} in moulding · {formatInr(set.ratePaisePerSqIn)} per sq in · {active} of {set.finishes.length} finishes on sale
        </span>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} aria-label={`${set.name} details`}>
        <fieldset disabled={save.isPending} className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField label="Name" required error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Rate (₹ per sq in)"
            required
            inputMode="decimal"
            hint="Frame and print price per square inch of the print."
            error={errors.rate?.message}
            {...form.register('rate')}
          />
          <FieldFrame id={`${headingId}-description`} label="Description" error={errors.description?.message} className="md:col-span-2">
            <textarea
              id={`${headingId}-description`}
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              className={`${inputClass} min-h-20`}
              {...form.register('description')}
            />
          </FieldFrame>
          <TextField label="Hindi name" lang="hi" hint={HINDI_HINT} error={errors.nameHi?.message} {...form.register('nameHi')} />
          <FieldFrame
            id={`${headingId}-description-hi`}
            label="Hindi description"
            hint={HINDI_HINT}
            error={errors.descriptionHi?.message}
            className="md:col-span-2"
          >
            <textarea
              id={`${headingId}-description-hi`}
              lang="hi"
              rows={3}
              aria-invalid={errors.descriptionHi ? true : undefined}
              aria-describedby={errors.descriptionHi ? `${headingId}-description-hi-error` : `${headingId}-description-hi-hint`}
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
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>

      <h3 className="mt-5 mb-3 font-sans text-sm font-semibold tracking-wide text-ink-500 uppercase">Finishes</h3>
      <ul aria-label={`${set.name} finishes`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {set.finishes.map((finish) => (
          <FinishCard key={finish.id} finish={finish} />
        ))}
      </ul>
      <details className="mt-4 rounded-2xl border border-ink-100" data-testid="finish-texts">
        <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold text-ink-800">
          Finish names and descriptions, in English and Hindi
        </summary>
        <ul aria-label={`${set.name} finish texts`} className="divide-y divide-ink-100 border-t border-ink-100">
          {set.finishes.map((finish) => (
            <li key={finish.id}>
              <FinishTexts finish={finish} />
            </li>
          ))}
        </ul>
      </details>
      <AddFinish set={set} />
    </Panel>
  );
}
