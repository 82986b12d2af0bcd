import { queryOptions } from '@tanstack/react-query';
import { couponQuoteResponseSchema, type CouponQuote, type CouponQuoteBody } from '@framewala/domain';
import { parseAnswer } from '../../../lib/api';
import { authedApi } from '../../../lib/auth-request';

export type { CouponQuote };

/** `POST /api/coupon-quote` 🔒 → `{coupon, discountPaise}`, or an ApiError with the code's reason (422). */
export async function quoteCoupon(body: CouponQuoteBody): Promise<CouponQuote> {
  return parseAnswer(couponQuoteResponseSchema, await authedApi.post<unknown>('/api/coupon-quote', body));
}

/** A code priced for these frames and this shipping (the server prices it again at create-order). */
export const couponQuoteQueryOptions = (body: CouponQuoteBody) =>
  queryOptions({
    queryKey: ['coupon-quote', body.code.trim().toUpperCase(), body.subtotalPaise, body.shippingPaise],
    queryFn: () => quoteCoupon(body),
    retry: false,
    staleTime: 60_000,
  });
