import { zodResolver } from '@hookform/resolvers/zod';
import { GST_RATES_BP, INDIAN_STATES, type TaxSettingsBody } from '@framewala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton } from '../../../components/button-styles';
import { inputClass } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { ErrorBox, Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { saveTaxSettings, taxSettingsQueryOptions, type TaxSettingsAnswer } from '../api/offers';
import { Field } from './offer-field';

const taxForm = z.object({
  legalName: z.string().trim().min(1, 'Enter the legal name.').max(120),
  address: z.string().trim().min(1, 'Enter the address.').max(400),
  state: z.enum(INDIAN_STATES, { error: 'Choose the state.' }),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15}$/, 'A GSTIN has 15 letters and digits.'),
  hsn: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'An HSN code is 4 to 8 digits.'),
  rateBp: z.string(),
  invoicePrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,6}$/, '1 to 6 capital letters or digits.'),
});

type TaxFormIn = z.input<typeof taxForm>;

const toTaxForm = (s: TaxSettingsAnswer['settings']): TaxFormIn => ({ ...s, rateBp: String(s.rateBp) });

export function TaxPanel() {
  const tax = useQuery(taxSettingsQueryOptions());
  return (
    <Panel id="admin-tax" title="Tax invoices">
      <p className="mb-4 text-ink-600">
        The seller on every GST tax invoice. Invoices already issued keep what they say; new ones use what you save here.
      </p>
      {tax.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the tax settings…
        </p>
      ) : tax.isError ? (
        <ErrorBox error={tax.error} title="We couldn’t load the tax settings." onRetry={() => void tax.refetch()} />
      ) : (
        <TaxForm answer={tax.data} />
      )}
    </Panel>
  );
}

function TaxForm({ answer }: { answer: TaxSettingsAnswer }) {
  const queryClient = useQueryClient();
  const form = useForm<TaxFormIn, unknown, z.output<typeof taxForm>>({
    resolver: zodResolver(taxForm),
    defaultValues: toTaxForm(answer.settings),
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof taxForm>) => saveTaxSettings({ ...v, rateBp: Number(v.rateBp) } satisfies TaxSettingsBody),
    onSuccess: (saved) => {
      queryClient.setQueryData(taxSettingsQueryOptions().queryKey, saved);
      form.reset(toTaxForm(saved.settings));
      showToast('Tax settings saved. New invoices use them.');
    },
  });
  const e = form.formState.errors;
  return (
    <form noValidate aria-label="Tax settings" onSubmit={form.handleSubmit((v) => save.mutate(v))} className="flex flex-col gap-4">
      {!answer.saved ? (
        <p className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="tax-defaults-notice">
          <strong className="font-semibold">These are the configuration’s defaults.</strong> Check the GSTIN and address before taking real
          orders.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Legal name" error={e.legalName?.message}>
          {(id) => <input id={id} className={`${inputClass} w-full`} {...form.register('legalName')} />}
        </Field>
        <Field label="GSTIN" error={e.gstin?.message}>
          {(id) => <input id={id} className={`${inputClass} w-full uppercase`} maxLength={15} {...form.register('gstin')} />}
        </Field>
        <Field label="Address" error={e.address?.message}>
          {(id) => <input id={id} className={`${inputClass} w-full`} {...form.register('address')} />}
        </Field>
        <Field label="State" error={e.state?.message}>
          {(id) => (
            <select id={id} className={`${inputClass} w-full`} {...form.register('state')}>
              {INDIAN_STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="HSN code of framed prints" error={e.hsn?.message}>
          {(id) => <input id={id} inputMode="numeric" className={`${inputClass} w-full`} {...form.register('hsn')} />}
        </Field>
        <Field label="GST rate" hint="Prices include it" error={e.rateBp?.message}>
          {(id) => (
            <select id={id} className={`${inputClass} w-full`} {...form.register('rateBp')}>
              {GST_RATES_BP.map((r) => (
                <option key={r} value={String(r)}>
                  {r / 100}%
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Invoice number prefix" hint="Numbers read PREFIX/2026-27/000001" error={e.invoicePrefix?.message}>
          {(id) => <input id={id} className={`${inputClass} w-full uppercase`} maxLength={6} {...form.register('invoicePrefix')} />}
        </Field>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className={primaryButton} disabled={(!form.formState.isDirty && answer.saved) || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tax settings'}
        </button>
      </div>
    </form>
  );
}
