import { paiseToRupees, rupeesToPaise, type Coupon, type CouponBody } from '@framewala/domain';
import { z } from 'zod';

const wholeNumber = (max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max), message);

export const couponForm = z
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

export type CouponFormIn = z.input<typeof couponForm>;

export type CouponFormOut = z.output<typeof couponForm>;

export const emptyCoupon: CouponFormIn = {
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

export const toCouponForm = (c: Coupon): CouponFormIn => ({
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

export const toCouponBody = (f: CouponFormOut, note = ''): CouponBody => ({
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

export function windowText(c: Coupon): string {
  if (!c.validFrom && !c.validTo) return 'Always';
  return `${c.validFrom ?? '…'} to ${c.validTo ?? '…'}`;
}
