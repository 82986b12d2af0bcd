import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatInr,
  GST_RATES_BP,
  INDIAN_STATES,
  paiseToRupees,
  rupeesToPaise,
  type Coupon,
  type CouponBody,
  type TaxSettingsBody,
} from '@framewala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { inputClass } from '../../components/form-controls';
import { showToast } from '../../lib/toast-store';
import { AdminShell, ErrorBox, Panel } from './admin-ui';
import { errorText } from './error-text';
import { fetchCoupons, fetchTaxSettings, saveCoupon, saveTaxSettings, type TaxSettingsAnswer } from './api';

const COUPONS_KEY = ['admin', 'coupons'] as const;
const TAX_KEY = ['admin', 'tax-settings'] as const;

/** `/admin/offers`: coupon codes and the seller's details on tax invoices. */
export function AdminOffersPage() {
  return (
    <AdminShell title="Coupons & tax" intro="Festival codes for customers, and the details printed on every GST tax invoice.">
      <title>Coupons & tax — Shop console — Framewala</title>
      <div className="flex flex-col gap-6">
        <CouponsPanel />
        <TaxPanel />
      </div>
    </AdminShell>
  );
}

// ---- Coupons ----

const wholeNumber = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max), message);

const couponForm = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,30}$/, 'Use 3 to 30 letters, digits, - or _.'),
    kind: z.enum(['percent', 'flat']),
    value: z
      .string()
      .trim()
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'Enter an amount above 0.'),
    minSubtotal: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), 'Enter rupees, e.g. 999.'),
    validFrom: z.string(),
    validTo: z.string(),
    totalUses: wholeNumber(10_000_000, 'A whole number, or empty for unlimited.'),
    perCustomer: wholeNumber(1000, 'A whole number, or empty for unlimited.'),
    firstOrderOnly: z.boolean(),
    discountsShipping: z.boolean(),
    active: z.boolean(),
  })
  .refine((f) => f.kind !== 'percent' || (Number.isInteger(Number(f.value)) && Number(f.value) <= 100), {
    message: 'A percentage is a whole number up to 100.',
    path: ['value'],
  })
  .refine((f) => !f.validFrom || !f.validTo || f.validFrom <= f.validTo, {
    message: 'The last day is before the first.',
    path: ['validTo'],
  });
type CouponFormIn = z.input<typeof couponForm>;
type CouponFormOut = z.output<typeof couponForm>;

const emptyCoupon: CouponFormIn = {
  code: '',
  kind: 'percent',
  value: '10',
  minSubtotal: '',
  validFrom: '',
  validTo: '',
  totalUses: '',
  perCustomer: '1',
  firstOrderOnly: false,
  discountsShipping: false,
  active: true,
};

const toCouponForm = (c: Coupon): CouponFormIn => ({
  code: c.code,
  kind: c.kind,
  value: c.kind === 'percent' ? String(c.value) : paiseToRupees(c.value).toFixed(2),
  minSubtotal: c.minSubtotalPaise ? paiseToRupees(c.minSubtotalPaise).toFixed(2) : '',
  validFrom: c.validFrom ?? '',
  validTo: c.validTo ?? '',
  totalUses: c.totalUses === null ? '' : String(c.totalUses),
  perCustomer: c.perCustomer === null ? '' : String(c.perCustomer),
  firstOrderOnly: c.firstOrderOnly,
  discountsShipping: c.discountsShipping,
  active: c.active,
});

const toCouponBody = (f: CouponFormOut, note = ''): CouponBody => ({
  code: f.code,
  kind: f.kind,
  value: f.kind === 'percent' ? Number(f.value) : rupeesToPaise(Number(f.value)),
  minSubtotalPaise: f.minSubtotal ? rupeesToPaise(Number(f.minSubtotal)) : 0,
  validFrom: f.validFrom || null,
  validTo: f.validTo || null,
  totalUses: f.totalUses ? Number(f.totalUses) : null,
  perCustomer: f.perCustomer ? Number(f.perCustomer) : null,
  firstOrderOnly: f.firstOrderOnly,
  active: f.active,
  discountsShipping: f.discountsShipping,
  note,
});

function windowText(c: Coupon): string {
  if (!c.validFrom && !c.validTo) return 'Always';
  return `${c.validFrom ?? '…'} to ${c.validTo ?? '…'}`;
}

function CouponsPanel() {
  const coupons = useQuery({ queryKey: COUPONS_KEY, queryFn: fetchCoupons, retry: false });
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  return (
    <Panel
      id="admin-coupons"
      title="Coupon codes"
      action={
        editing === null ? (
          <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
            New code
          </button>
        ) : null
      }
    >
      <p className="mb-4 text-ink-600">
        Codes are not case-sensitive. Dates are India time, both days included. A use is counted when the order is paid.
      </p>
      {editing !== null ? (
        <CouponEditor
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {coupons.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the codes…
        </p>
      ) : coupons.isError ? (
        <ErrorBox error={coupons.error} title="We couldn’t load the coupon codes." onRetry={() => void coupons.refetch()} />
      ) : coupons.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-ink-200 px-4 py-6 text-center text-ink-500">No codes yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-100 rounded-2xl border border-ink-100" aria-label="Coupon codes">
          {coupons.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-mono text-[1.05rem] font-semibold tracking-wide text-ink-900">{c.code}</span>
              <span className="text-ink-700">{c.summary}</span>
              {c.minSubtotalPaise ? <span className="text-sm text-ink-500">min {formatInr(c.minSubtotalPaise)}</span> : null}
              <span className="text-sm text-ink-500">{windowText(c)}</span>
              <span className="text-sm text-ink-500 tabular-nums">
                {c.usedCount} used{c.totalUses !== null ? ` of ${c.totalUses}` : ''}
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.active ? 'bg-leaf-50 text-leaf-600' : 'bg-ink-100 text-ink-600'}`}
              >
                {c.active ? 'Active' : 'Paused'}
              </span>
              <button type="button" className={`${textLink} ml-auto`} onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink-900">
        {label}
      </label>
      {hint ? <span className="block text-sm text-ink-500">{hint}</span> : null}
      <div className="mt-1.5">{children(id)}</div>
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CouponEditor({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CouponFormIn, unknown, CouponFormOut>({
    resolver: zodResolver(couponForm),
    defaultValues: coupon ? toCouponForm(coupon) : emptyCoupon,
  });
  const kind = form.watch('kind');
  const save = useMutation({
    mutationFn: (f: CouponFormOut) => saveCoupon(toCouponBody(f, coupon?.note ?? ''), coupon?.id),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
      showToast(`${saved.code} saved: ${saved.summary}.`);
      onDone();
    },
  });
  const e = form.formState.errors;
  return (
    <form
      noValidate
      aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon code'}
      onSubmit={form.handleSubmit((f) => save.mutate(f))}
      className="mb-6 rounded-2xl border border-saffron-200 bg-cream/60 p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Code" error={e.code?.message}>
          {(id) => <input id={id} className={`${inputClass} w-full uppercase`} autoComplete="off" {...form.register('code')} />}
        </Field>
        <Field label="Discount" error={e.value?.message}>
          {(id) => (
            <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
              <select aria-label="Kind of discount" className={inputClass} {...form.register('kind')}>
                <option value="percent">% off</option>
                <option value="flat">₹ off</option>
              </select>
              <input
                id={id}
                inputMode="decimal"
                aria-describedby={`${id}-unit`}
                className={`${inputClass} text-right tabular-nums`}
                {...form.register('value')}
              />
              <span id={`${id}-unit`} className="sr-only">
                {kind === 'percent' ? 'percent' : 'rupees'}
              </span>
            </div>
          )}
        </Field>
        <Field label="Minimum frames subtotal" hint="Empty for none" error={e.minSubtotal?.message}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              placeholder="₹"
              className={`${inputClass} w-full text-right`}
              {...form.register('minSubtotal')}
            />
          )}
        </Field>
        <Field label="First day" hint="Empty: from today" error={e.validFrom?.message}>
          {(id) => <input id={id} type="date" className={`${inputClass} w-full`} {...form.register('validFrom')} />}
        </Field>
        <Field label="Last day" hint="Empty: no end" error={e.validTo?.message}>
          {(id) => <input id={id} type="date" className={`${inputClass} w-full`} {...form.register('validTo')} />}
        </Field>
        <Field label="Total uses" hint="Empty: unlimited" error={e.totalUses?.message}>
          {(id) => <input id={id} inputMode="numeric" className={`${inputClass} w-full text-right`} {...form.register('totalUses')} />}
        </Field>
        <Field label="Uses per customer" hint="Empty: unlimited" error={e.perCustomer?.message}>
          {(id) => <input id={id} inputMode="numeric" className={`${inputClass} w-full text-right`} {...form.register('perCustomer')} />}
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-ink-800">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" className="h-5 w-5 accent-saffron-700" {...form.register('firstOrderOnly')} /> First order only
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" className="h-5 w-5 accent-saffron-700" {...form.register('discountsShipping')} /> Also discounts shipping
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" className="h-5 w-5 accent-saffron-700" {...form.register('active')} /> Active
        </label>
      </div>
      {save.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {errorText(save.error)}
        </p>
      ) : null}
      <div className="mt-4 flex gap-2">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : coupon ? 'Save code' : 'Create code'}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---- Tax settings ----

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

function TaxPanel() {
  const tax = useQuery({ queryKey: TAX_KEY, queryFn: fetchTaxSettings, retry: false });
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
      queryClient.setQueryData(TAX_KEY, saved);
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
