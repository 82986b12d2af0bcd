import { zodResolver } from '@hookform/resolvers/zod';
import { type Coupon } from '@framewala/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { inputClass } from '../../../components/form-controls';
import { showToast } from '../../../components/toast-store';
import { errorText } from '../error-text';
import { couponsQueryOptions, saveCoupon } from '../api/offers';
import { Field } from './offer-field';
import { couponForm, emptyCoupon, toCouponBody, toCouponForm, type CouponFormIn, type CouponFormOut } from './coupon-form';

export function CouponEditor({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CouponFormIn, unknown, CouponFormOut>({
    resolver: zodResolver(couponForm),
    defaultValues: coupon ? toCouponForm(coupon) : emptyCoupon,
  });
  const kind = form.watch('kind');
  const save = useMutation({
    mutationFn: (f: CouponFormOut) => saveCoupon(toCouponBody(f, coupon?.note ?? ''), coupon?.id),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: couponsQueryOptions().queryKey });
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
