/**
 * Coupon rules: whether a code applies to an order and how much it takes off. The server prices every discount
 * with these (the client only shows the server's figure). Dates are 'YYYY-MM-DD' calendar days in India time,
 * both ends included.
 */
import type { ErrorCode } from './errors';
import { formatInr } from './money';
import { indiaDate } from './shipping';

export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** No order is ever discounted below this (₹1): a payment provider cannot take less. */
export const MIN_ORDER_PAISE = 100;

/** 3–30 letters, digits, - or _. Codes are compared in upper case: 'diwali25' is 'DIWALI25'. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

/** A code as typed, in the one form it is stored and compared in. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** Percent off (1–100) for 'percent'; paise off for 'flat'. */
  value: number;
  /** The order's frames (before shipping) must reach this; 0 for none. */
  minSubtotalPaise: number;
  /** First and last India calendar day the code works ('YYYY-MM-DD'); null for open-ended. */
  validFrom: string | null;
  validTo: string | null;
  /** Paid orders the code may ever be used in; null for unlimited. */
  totalUses: number | null;
  /** Paid orders one customer may use it in; null for unlimited. */
  perCustomer: number | null;
  /** Only for a customer with no paid order yet. */
  firstOrderOnly: boolean;
  active: boolean;
  /** The discount also applies to shipping (else shipping is charged in full). */
  discountsShipping: boolean;
}

/** How much the code has been used, as the server counts it (paid orders, plus uses held by unpaid ones). */
export interface CouponUsage {
  usedTotal: number;
  usedByCustomer: number;
  /** The customer already has a paid order. */
  customerHasPaidOrder: boolean;
}

export interface CouponOrder {
  /** The frames, before shipping. */
  subtotalPaise: number;
  shippingPaise: number;
}

export type CouponCheck = { ok: true; discountPaise: number } | { ok: false; code: ErrorCode; message: string };

/** Why the code does not apply to this order now, in plain words with a stable code; null when it applies. */
export function couponRefusal(
  rule: CouponRule,
  order: CouponOrder,
  usage: CouponUsage,
  now: Date,
): { code: ErrorCode; message: string } | null {
  const today = indiaDate(now);
  if (!rule.active) return { code: 'COUPON_PAUSED', message: `The code ${rule.code} is not active at the moment.` };
  if (rule.validFrom !== null && today < rule.validFrom) {
    return { code: 'COUPON_NOT_STARTED', message: `The code ${rule.code} starts on ${dayInWords(rule.validFrom)}.` };
  }
  if (rule.validTo !== null && today > rule.validTo) {
    return { code: 'COUPON_EXPIRED', message: `The code ${rule.code} expired on ${dayInWords(rule.validTo)}.` };
  }
  if (order.subtotalPaise < rule.minSubtotalPaise) {
    const short = rule.minSubtotalPaise - order.subtotalPaise;
    return {
      code: 'COUPON_MIN_SUBTOTAL',
      message: `The code ${rule.code} needs frames worth at least ${formatInr(rule.minSubtotalPaise)}. Add ${formatInr(short)} more to use it.`,
    };
  }
  if (rule.firstOrderOnly && usage.customerHasPaidOrder) {
    return { code: 'COUPON_FIRST_ORDER_ONLY', message: `The code ${rule.code} is for a first order only.` };
  }
  if (rule.perCustomer !== null && usage.usedByCustomer >= rule.perCustomer) {
    return {
      code: 'COUPON_ALREADY_USED',
      message:
        rule.perCustomer === 1
          ? `You have already used the code ${rule.code}.`
          : `You have already used the code ${rule.code} ${rule.perCustomer} times, as many as it allows.`,
    };
  }
  if (rule.totalUses !== null && usage.usedTotal >= rule.totalUses) {
    return { code: 'COUPON_USED_UP', message: `The code ${rule.code} has run out: all its uses have been taken.` };
  }
  return null;
}

/**
 * The discount in paise (whole rupees: a percentage is rounded down to the rupee). It comes off the frames, and off
 * shipping too only when the code says so, and never takes the total below ₹1.
 */
export function couponDiscount(rule: Pick<CouponRule, 'kind' | 'value' | 'discountsShipping'>, order: CouponOrder): number {
  const base = order.subtotalPaise + (rule.discountsShipping ? order.shippingPaise : 0);
  const raw = rule.kind === 'percent' ? Math.floor((base * rule.value) / 100 / 100) * 100 : rule.value;
  const total = order.subtotalPaise + order.shippingPaise;
  return Math.max(0, Math.min(raw, base, total - MIN_ORDER_PAISE));
}

/** The code's verdict for this order: its discount, or why it does not apply. */
export function checkCoupon(rule: CouponRule, order: CouponOrder, usage: CouponUsage, now: Date): CouponCheck {
  const refusal = couponRefusal(rule, order, usage, now);
  if (refusal) return { ok: false, ...refusal };
  return { ok: true, discountPaise: couponDiscount(rule, order) };
}

/** The words around the amount in a code's summary: exported so the web can say the same in another language. */
export const COUPON_SUMMARY_OFF = ' off';
export const COUPON_SUMMARY_SHIPPING_INCLUDED = ', shipping included';

/** What the code gives, in words for the customer: '10% off', '₹200 off, shipping included'. */
export function couponSummary(rule: Pick<CouponRule, 'kind' | 'value' | 'discountsShipping'>): string {
  const off = `${rule.kind === 'percent' ? `${rule.value}%` : formatInr(rule.value)}${COUPON_SUMMARY_OFF}`;
  return rule.discountsShipping ? `${off}${COUPON_SUMMARY_SHIPPING_INCLUDED}` : off;
}

const DAY_IN_WORDS = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function dayInWords(isoDate: string): string {
  return DAY_IN_WORDS.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Splits `amount` over `weights` in proportion, in whole units that add up exactly (largest remainder; ties go to
 * the earlier weight). Used to spread a discount over an invoice's rows.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map((e) => Math.floor(e));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
