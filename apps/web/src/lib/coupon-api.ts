/** Coupon quotes and invoice downloads, with the domain's contracts. */
import { couponQuoteResponseSchema, type CouponQuote, type CouponQuoteBody } from '@framewala/domain';
import { parseAnswer } from './api';
import { authedApi } from './auth-request';
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
