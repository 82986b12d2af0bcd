import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  checkCoupon,
  couponDiscount,
  couponSummary,
  normalizeCouponCode,
  type CouponRule,
  type CouponUsage,
} from './coupons';
import { applyCouponBodySchema, couponBodySchema } from './contracts/coupons';

const rule: CouponRule = {
  code: 'DIWALI25',
  kind: 'percent',
  value: 25,
  minSubtotalPaise: 100_000,
  validFrom: '2026-10-20',
  validTo: '2026-11-05',
  totalUses: 100,
  perCustomer: 1,
  firstOrderOnly: false,
  active: true,
  discountsShipping: false,
};
const fresh: CouponUsage = { usedTotal: 0, usedByCustomer: 0, customerHasPaidOrder: false };
const during = new Date('2026-10-25T10:00:00+05:30');
const order = { subtotalPaise: 200_000, shippingPaise: 9_900 };

describe('coupon codes', () => {
  it('are compared in upper case without spaces', () => {
    expect(normalizeCouponCode('  diwali25 ')).toBe('DIWALI25');
    expect(applyCouponBodySchema.parse({ code: ' Diwali25' })).toEqual({ code: 'DIWALI25' });
    expect(applyCouponBodySchema.safeParse({ code: 'no spaces inside' }).success).toBe(false);
  });

  it('percent off the frames, rounded down to the rupee, shipping charged in full', () => {
    expect(checkCoupon(rule, order, fresh, during)).toEqual({ ok: true, discountPaise: 50_000 });
    expect(couponDiscount(rule, { subtotalPaise: 99_950, shippingPaise: 0 })).toBe(24_900); // 249.875 → 249
    expect(couponDiscount({ ...rule, discountsShipping: true }, order)).toBe(52_400); // 25 % of 2,099 = 524.75 → 524
  });

  it('flat off, never below ₹1 in total', () => {
    const flat = { ...rule, kind: 'flat' as const, value: 50_000, minSubtotalPaise: 0 };
    expect(couponDiscount(flat, order)).toBe(50_000);
    expect(couponDiscount(flat, { subtotalPaise: 30_000, shippingPaise: 9_900 })).toBe(30_000); // frames only
    expect(couponDiscount({ ...flat, discountsShipping: true }, { subtotalPaise: 30_000, shippingPaise: 9_900 })).toBe(39_800);
    expect(couponDiscount({ ...flat, value: 100_000 }, { subtotalPaise: 30_000, shippingPaise: 0 })).toBe(29_900);
    expect(couponDiscount({ ...rule, value: 100 }, { subtotalPaise: 30_000, shippingPaise: 0 })).toBe(29_900);
  });

  it('says why it does not apply, with a stable code', () => {
    const refused = (r: CouponRule, u: CouponUsage = fresh, at = during, o = order) => {
      const c = checkCoupon(r, o, u, at);
      return c.ok ? null : c;
    };
    expect(refused({ ...rule, active: false })?.code).toBe('COUPON_PAUSED');
    expect(refused(rule, fresh, new Date('2026-10-19T23:59:00+05:30'))).toEqual({
      ok: false,
      code: 'COUPON_NOT_STARTED',
      message: 'The code DIWALI25 starts on 20 October 2026.',
    });
    // The last day counts to midnight in India: 23:59 IST on 5 Nov is 18:29 UTC.
    expect(refused(rule, fresh, new Date('2026-11-05T18:29:00Z'))).toBeNull();
    expect(refused(rule, fresh, new Date('2026-11-05T18:31:00Z'))?.message).toBe('The code DIWALI25 expired on 5 November 2026.');
    expect(refused(rule, fresh, during, { subtotalPaise: 80_000, shippingPaise: 0 })?.message).toBe(
      'The code DIWALI25 needs frames worth at least ₹1,000.00. Add ₹200.00 more to use it.',
    );
    expect(refused(rule, { ...fresh, usedByCustomer: 1 })?.code).toBe('COUPON_ALREADY_USED');
    expect(refused(rule, { ...fresh, usedTotal: 100 })?.code).toBe('COUPON_USED_UP');
    expect(
      refused({ ...rule, totalUses: null, perCustomer: null }, { usedTotal: 10 ** 6, usedByCustomer: 50, customerHasPaidOrder: true }),
    ).toBeNull();
    expect(refused({ ...rule, firstOrderOnly: true }, { ...fresh, customerHasPaidOrder: true })?.code).toBe('COUPON_FIRST_ORDER_ONLY');
  });

  it('describes itself for the customer', () => {
    expect(couponSummary(rule)).toBe('25% off');
    expect(couponSummary({ kind: 'flat', value: 20_000, discountsShipping: true })).toBe('₹200.00 off, shipping included');
  });

  it('the owner cannot make a percentage over 100 or a window that ends before it starts', () => {
    const body = { ...rule, note: '' };
    expect(couponBodySchema.safeParse(body).success).toBe(true);
    expect(couponBodySchema.safeParse({ ...body, value: 101 }).success).toBe(false);
    expect(couponBodySchema.safeParse({ ...body, kind: 'flat', value: 101 }).success).toBe(true);
    expect(couponBodySchema.safeParse({ ...body, validTo: '2026-10-01' }).success).toBe(false);
  });
});

describe('allocateProportionally', () => {
  it('adds up exactly', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocateProportionally(7, [0, 0])).toEqual([0, 0]);
  });
});
