/** Coupon quotes and invoice downloads, with the domain's contracts. */
import { t } from '@lingui/core/macro';
import {
  COUPON_SUMMARY_OFF,
  COUPON_SUMMARY_SHIPPING_INCLUDED,
  couponQuoteResponseSchema,
  type Cart,
  type CouponQuote,
  type CouponQuoteBody,
} from '@framewala/domain';
import { parseAnswer } from './api';
import { authedApi } from './auth-request';
import { errorCodeText } from './error-messages';
import { activeLocale } from './i18n';
import { downloadProtectedFile } from './protected-file';

export type { CouponQuote };

/** `POST /api/coupon-quote` 🔒 → `{coupon, discountPaise}`, or an ApiError with the code's reason (422). */
export async function quoteCoupon(body: CouponQuoteBody): Promise<CouponQuote> {
  return parseAnswer(couponQuoteResponseSchema, await authedApi.post<unknown>('/api/coupon-quote', body));
}

/** Downloads a tax invoice (`GET /api/orders/:id/invoice.pdf` 🔒, for the order's customer and the owner). */
export function downloadInvoice(url: string, fallbackName: string): Promise<void> {
  return downloadProtectedFile(url, fallbackName);
}

/**
 * What a code gives, in the active language. The server words it with the domain's `couponSummary` ('10% off',
 * '₹200.00 off, shipping included'); the amount is the same in every language, the words around it are said here.
 * A summary of another form is shown as it came in English and left out in another language.
 */
export function couponSummaryText(summary: string): string {
  const shipping = summary.endsWith(COUPON_SUMMARY_SHIPPING_INCLUDED);
  const off = shipping ? summary.slice(0, -COUPON_SUMMARY_SHIPPING_INCLUDED.length) : summary;
  if (!off.endsWith(COUPON_SUMMARY_OFF) || off.length === COUPON_SUMMARY_OFF.length) return activeLocale() === 'en' ? summary : '';
  const amount = off.slice(0, -COUPON_SUMMARY_OFF.length);
  return shipping ? t`${amount} off, shipping included` : t`${amount} off`;
}

/**
 * Why the cart's code gives nothing now, in the active language: the server's words in English, its code's message
 * in another language (or a general one when the code is not known).
 */
export function couponProblemText(cart: Pick<Cart, 'couponProblem' | 'couponProblemCode'>): string | null {
  if (cart.couponProblem === null) return null;
  if (activeLocale() === 'en') return cart.couponProblem;
  return (cart.couponProblemCode ? errorCodeText(cart.couponProblemCode) : undefined) ?? t`This code does not apply to your order now.`;
}
