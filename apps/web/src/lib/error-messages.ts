/**
 * What the customer reads when a request fails, in their language. The API answers every error with a stable `code`
 * from the domain's catalogue and an English `message`; the web shows the message for that code from its own
 * catalogue (English identical to the domain's, and Hindi).
 *
 * A message the server wrote for the case at hand (a field's own rule, a coupon's reason) is shown as it came while
 * the page is in English, and replaced by its code's message in another language, so a page never mixes languages.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '@framewala/domain';
import { isApiError } from './api';
import { activeLocale, i18n } from './i18n';

export const ERROR_MESSAGES: Record<ErrorCode, MessageDescriptor> = {
  BAD_REQUEST: msg`The request is not valid.`,
  UPLOAD_CLAIM_REQUIRED: msg`Without signing in, photo requests need the X-Upload-Claim header: the random key this browser keeps for its photos.`,
  VALIDATION: msg`Some fields are missing or not valid.`,
  UNAUTHORIZED: msg`Please sign in to continue.`,
  INVALID_CREDENTIALS: msg`The e-mail or password is not correct.`,
  FORBIDDEN: msg`You are not allowed to do that.`,
  NOT_FOUND: msg`Not found.`,
  ROUTE_NOT_FOUND: msg`This API route does not exist.`,
  UPLOAD_EXPIRED: msg`This upload was not finished within 24 hours and has been removed. Please choose the photo again.`,
  TUS_VERSION_REQUIRED: msg`Resumable uploads need the header Tus-Resumable: 1.0.0 (use a tus client).`,
  METHOD_NOT_ALLOWED: msg`This method is not allowed here.`,
  REQUEST_TIMEOUT: msg`The request took too long to arrive. Please try again.`,
  CONFLICT: msg`This conflicts with the current state. Please reload and try again.`,
  EMAIL_TAKEN: msg`An account with this e-mail already exists.`,
  PRICE_MISMATCH: msg`The price has changed. Please review your order and try again.`,
  ORDER_TRANSITION_REFUSED: msg`The order cannot move to this status now.`,
  PAID_ORDER_CANCELLED: msg`This order was cancelled before your payment reached us, so it will not be made. Your payment is being refunded in full to the account it came from (5–7 working days).`,
  PAYMENT_OF_ANOTHER_ORDER: msg`This payment belongs to another order, so it cannot pay this one.`,
  PRINT_FILE_NOT_READY: msg`The print file is still being made. Please try again in a minute.`,
  PAYLOAD_TOO_LARGE: msg`The request is too large.`,
  UPLOAD_TOO_LARGE: msg`The photo is larger than 2 GB. Please choose a smaller file.`,
  URI_TOO_LONG: msg`The address of the request is too long.`,
  UNSUPPORTED_MEDIA_TYPE: msg`Only JPG and TIF photos are accepted.`,
  RANGE_NOT_SATISFIABLE: msg`The requested range of the file is not available.`,
  IMAGE_DIMENSIONS: msg`Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP`,
  IMAGE_IMPLAUSIBLE: msg`This file is far too small for the size in pixels it declares, so it cannot be a real photo. Please upload the original JPG or TIF.`,
  IMAGE_UNREADABLE: msg`We could not read this photo. Please try another JPG or TIF file.`,
  CROP_OUTSIDE_IMAGE: msg`The crop must lie inside the photo and have a positive size.`,
  INVALID_PINCODE: msg`Invalid Pincode`,
  ADDRESS_MISMATCH: msg`The pincode, city and state do not match. Please check them.`,
  PAYMENT_NOT_VERIFIED: msg`The payment could not be verified.`,
  RESET_TOKEN_INVALID: msg`This reset link is invalid or has expired. Please ask for a new one.`,
  RULE_BROKEN: msg`This request breaks one of the shop rules.`,
  COUPON_UNKNOWN: msg`We do not know this code. Please check the spelling.`,
  COUPON_PAUSED: msg`This code is not active at the moment.`,
  COUPON_NOT_STARTED: msg`This code is not valid yet.`,
  COUPON_EXPIRED: msg`This code has expired.`,
  COUPON_MIN_SUBTOTAL: msg`Your order does not reach the minimum amount for this code yet.`,
  COUPON_USED_UP: msg`This code has run out: all its uses have been taken.`,
  COUPON_ALREADY_USED: msg`You have already used this code as many times as it allows.`,
  COUPON_FIRST_ORDER_ONLY: msg`This code is for a first order only.`,
  COUPON_TAKEN: msg`A coupon with this code already exists.`,
  IDEMPOTENCY_KEY_REUSED: msg`This Idempotency-Key was already used for a different order. Use a new key for a new order.`,
  RATE_LIMITED: msg`Too many requests. Please wait a moment and try again.`,
  HEADERS_TOO_LARGE: msg`The request headers are too large.`,
  INTERNAL: msg`Something went wrong on our side. Please try again.`,
  PAYMENT_PROVIDER_ERROR: msg`The payment service did not answer. Please try again.`,
  SERVICE_UNAVAILABLE: msg`The shop is briefly unavailable. Please try again in a minute.`,
  STORAGE_UNAVAILABLE: msg`Photo storage is not reachable right now. Please try again in a minute.`,
};

/** A connection that never reached the shop. */
export const NETWORK_ERROR = msg`We could not reach Framewala. Please check your connection and try again.`;

/** The message for an error code in the active language, or undefined for a code the catalogue does not have. */
export function errorCodeText(code: string): string | undefined {
  return isErrorCode(code) ? i18n._(ERROR_MESSAGES[code]) : undefined;
}

/**
 * The text to show for a failed call: an API error's message in the active language (see above), the network
 * message when the shop was not reached, otherwise the given fallback (already translated by the caller).
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (!isErrorCode(error.code)) return error.code === 'NETWORK_ERROR' ? i18n._(NETWORK_ERROR) : fallback;
    const own = error.message !== ERROR_CATALOGUE[error.code].message;
    if (own && activeLocale() === 'en') return error.message;
    return i18n._(ERROR_MESSAGES[error.code]);
  }
  return fallback;
}
