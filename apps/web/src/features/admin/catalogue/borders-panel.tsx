import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, rupeesToPaise } from '@framewala/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { secondaryButton } from '../../../components/button-styles';
import { inputClass } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { updateBorder, type AdminBorder } from '../api/catalogue';
import { borderSchema, borderValues, hindiField } from './catalogue-forms';
import { useCatalogueUpdate } from './use-catalogue-update';

export function BordersPanel({ borders }: { borders: AdminBorder[] }) {
  return (
    <Panel id="admin-borders" title="White borders">
      <p className="mb-4 text-ink-600">
        The price added for each white border, whatever the print size, and the border’s name on Hindi pages.
      </p>
      <ul aria-label="White border prices" className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
        {borders.map((border) => (
          <BorderRow key={border.id} border={border} />
        ))}
      </ul>
    </Panel>
  );
}

function BorderRow({ border }: { border: AdminBorder }) {
  const update = useCatalogueUpdate();
  const inputId = useId();
  const form = useForm<z.input<typeof borderSchema>, unknown, z.output<typeof borderSchema>>({
    resolver: zodResolver(borderSchema),
    defaultValues: borderValues(border),
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof borderSchema>) => {
      const pricePaise = rupeesToPaise(values.price);
      return updateBorder(border.id, {
        ...(pricePaise !== border.pricePaise ? { pricePaise } : {}),
        ...hindiField('nameHi', { now: values.nameHi, saved: border.nameHi }, { now: '', saved: '' }),
      });
    },
    onSuccess: (saved) => {
      update((c) => ({ ...c, borders: c.borders.map((b) => (b.id === saved.id ? { ...b, ...saved } : b)) }));
      form.reset(borderValues(saved));
      showToast(
        saved.pricePaise !== border.pricePaise
          ? `${saved.name} border now costs ${formatInr(saved.pricePaise)}.`
          : `${saved.name} border saved.`,
      );
    },
  });
  const { errors } = form.formState;
  const error = errors.price?.message ?? (save.isError ? errorText(save.error) : undefined);
  const free = border.level === 0;
  return (
    <li>
      <form
        noValidate
        aria-label={free ? `${border.name} border` : `${border.name} border price`}
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4"
      >
        {free ? (
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900">{border.name}</span>
            <span className="text-sm text-ink-500">No white border</span>
          </span>
        ) : (
          <label htmlFor={inputId} className="min-w-0 flex-1">
            <span className="block font-semibold text-ink-900">{border.name}</span>
            <span className="text-sm text-ink-500">
              {typeof border.sizeIn === 'number' ? `${border.sizeIn} in each side` : border.sizeName}
            </span>
          </label>
        )}
        <label className="flex items-center gap-2">
          <span className="text-sm text-ink-600">Hindi name</span>
          <input
            lang="hi"
            aria-invalid={errors.nameHi ? true : undefined}
            aria-describedby={errors.nameHi ? `${inputId}-hi-error` : undefined}
            className={`${inputClass} w-40`}
            {...form.register('nameHi')}
          />
        </label>
        <div className="flex items-center gap-2">
          {free ? (
            <span className="text-ink-600">Always free</span>
          ) : (
            <>
              <span aria-hidden="true" className="text-ink-500">
                ₹
              </span>
              <input
                id={inputId}
                inputMode="decimal"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className={`${inputClass} w-32 text-right tabular-nums`}
                {...form.register('price')}
              />
            </>
          )}
          <button type="submit" className={`${secondaryButton} px-4`} disabled={!form.formState.isDirty || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
        {errors.nameHi ? (
          <p id={`${inputId}-hi-error`} role="alert" className="text-sm font-medium text-red-700 sm:basis-full">
            {errors.nameHi.message}
          </p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700 sm:basis-full">
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}
