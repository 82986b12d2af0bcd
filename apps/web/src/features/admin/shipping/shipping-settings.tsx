import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, paiseToRupees, rupeesToPaise, type ShippingSettings } from '@framewala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton } from '../../../components/button-styles';
import { inputClass } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { ErrorBox, Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { saveShippingSettings, shippingSettingsQueryOptions } from '../api/shipping-settings';

const money = z
  .string()
  .trim()
  .transform((value) => value.replace(/[₹,\s]/g, ''))
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(value), 'Enter rupees, e.g. 99 or 149.50.')
  .transform(Number)
  .refine((value) => value <= 1_000_000, 'Keep it at or under ₹10,00,000.');

const schema = z.object({
  metro: money,
  elsewhere: money,
  freeFrom: money,
  oversize: money,
  oversizeAbove: z
    .string()
    .trim()
    .refine((value) => /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 && Number(value) <= 1000, 'Enter inches, e.g. 30.')
    .transform(Number),
});
type FormIn = z.input<typeof schema>;

const toForm = (s: ShippingSettings): FormIn => ({
  metro: paiseToRupees(s.metroPaise).toFixed(2),
  elsewhere: paiseToRupees(s.elsewherePaise).toFixed(2),
  freeFrom: paiseToRupees(s.freeFromPaise).toFixed(2),
  oversize: paiseToRupees(s.oversizePaise).toFixed(2),
  oversizeAbove: String(s.oversizeAboveInches),
});

const FIELDS: { name: keyof FormIn; label: string; hint: string; unit: '₹' | 'in' }[] = [
  { name: 'metro', label: 'Metro cities', hint: 'Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad', unit: '₹' },
  { name: 'elsewhere', label: 'Rest of India', hint: 'Every other pincode', unit: '₹' },
  { name: 'freeFrom', label: 'Free shipping from', hint: 'Order subtotal at which the charge above is waived', unit: '₹' },
  { name: 'oversize', label: 'Oversize charge', hint: 'Added once per order for a large framed piece', unit: '₹' },
  { name: 'oversizeAbove', label: 'Oversize above', hint: 'Longest outer side of any framed piece', unit: 'in' },
];

/** The shipping charges: new quotes and orders use them within a second. */
export function ShippingSettingsPanel() {
  const settings = useQuery(shippingSettingsQueryOptions());
  return (
    <Panel id="admin-shipping" title="Delivery charges">
      {settings.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the shipping charges…
        </p>
      ) : settings.isError ? (
        <ErrorBox error={settings.error} title="We couldn’t load the shipping charges." onRetry={() => void settings.refetch()} />
      ) : (
        <ShippingForm settings={settings.data} />
      )}
    </Panel>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettings }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm<FormIn, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: toForm(settings) });
  const save = useMutation({
    mutationFn: (v: z.output<typeof schema>) =>
      saveShippingSettings({
        metroPaise: rupeesToPaise(v.metro),
        elsewherePaise: rupeesToPaise(v.elsewhere),
        freeFromPaise: rupeesToPaise(v.freeFrom),
        oversizePaise: rupeesToPaise(v.oversize),
        oversizeAboveInches: v.oversizeAbove,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingSettingsQueryOptions().queryKey, saved);
      form.reset(toForm(saved));
      showToast(`Shipping saved: ${formatInr(saved.metroPaise)} metro, ${formatInr(saved.elsewherePaise)} elsewhere.`);
    },
  });
  return (
    <form noValidate aria-label="Shipping charges" onSubmit={form.handleSubmit((v) => save.mutate(v))} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const error = form.formState.errors[field.name]?.message;
          const inputId = `${id}-${field.name}`;
          return (
            <div key={field.name} className="rounded-2xl border border-ink-100 px-4 py-3">
              <label htmlFor={inputId} className="block font-semibold text-ink-900">
                {field.label}
              </label>
              <span className="block text-sm text-ink-500">{field.hint}</span>
              <div className="mt-2 flex items-center gap-2">
                {field.unit === '₹' ? (
                  <span aria-hidden="true" className="text-ink-500">
                    ₹
                  </span>
                ) : null}
                <input
                  id={inputId}
                  inputMode="decimal"
                  aria-invalid={error ? true : undefined}
                  className={`${inputClass} w-36 text-right tabular-nums`}
                  {...form.register(field.name)}
                />
                {field.unit === 'in' ? <span className="text-ink-500">in</span> : null}
              </div>
              {error ? (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className={primaryButton} disabled={!form.formState.isDirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save shipping charges'}
        </button>
      </div>
    </form>
  );
}
