/** Coupon quotes and invoice downloads, with the domain's contracts. */
import { couponQuoteResponseSchema, type CouponQuote, type CouponQuoteBody } from '@framewala/domain';
import { ApiError, parseAnswer } from './api';
import { authedApi, redirectToSignIn } from './auth-request';
import { clearSession, getToken } from './auth';

export type { CouponQuote };

/** `POST /api/coupon-quote` 🔒 → `{coupon, discountPaise}`, or an ApiError with the code's reason (422). */
export async function quoteCoupon(body: CouponQuoteBody): Promise<CouponQuote> {
  return parseAnswer(couponQuoteResponseSchema, await authedApi.post<unknown>('/api/coupon-quote', body));
}

/**
 * Downloads a tax invoice (`GET /api/orders/:id/invoice.pdf` 🔒): a plain link cannot send the bearer token, so the
 * PDF is fetched and handed to the browser as a download.
 */
export async function downloadInvoice(url: string, fallbackName: string): Promise<void> {
  const token = getToken();
  if (!token) {
    clearSession();
    redirectToSignIn();
    throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  let response: Response;
  try {
    response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'We could not reach Framewala. Please check your connection and try again.',
    });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
    if (response.status === 401 && getToken() === token) {
      clearSession();
      redirectToSignIn();
    }
    throw new ApiError({
      status: response.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
      message: typeof body.message === 'string' ? body.message : 'The invoice could not be downloaded. Please try again.',
    });
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
