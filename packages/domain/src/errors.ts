/**
 * The one error catalogue of the shop. Every API error body is { message, code, ...details } with the status
 * given here; the web app shows `message` as is (no stray quotes, ever).
 */
import {
  IMAGE_DIMENSION_MESSAGE,
  IMAGE_IMPLAUSIBLE_MESSAGE,
  PROGRESSIVE_TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_LONGER_THAN_DECLARED_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from './upload-rules';

export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  UPLOAD_CLAIM_REQUIRED: {
    status: 400,
    message: 'Without signing in, photo requests need the X-Upload-Claim header: the random key this browser keeps for its photos.',
  },
  VALIDATION: { status: 400, message: 'Some fields are missing or not valid.' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail or password is not correct.' },
  LOGIN_CODE_INVALID: {
    status: 401,
    message: 'This code is not correct or has expired. Please check the digits or ask for a new code.',
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'This API route does not exist.' },
  UPLOAD_EXPIRED: {
    status: 410,
    message: 'This upload was not finished within 24 hours and has been removed. Please choose the photo again.',
  },
  TUS_VERSION_REQUIRED: { status: 412, message: 'Resumable uploads need the header Tus-Resumable: 1.0.0 (use a tus client).' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive. Please try again.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state. Please reload and try again.' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail already exists.' },
  PRICE_MISMATCH: { status: 409, message: 'The price has changed. Please review your order and try again.' },
  ORDER_TRANSITION_REFUSED: { status: 409, message: 'The order cannot move to this status now.' },
  PAID_ORDER_CANCELLED: {
    status: 409,
    message:
      'This order was cancelled before your payment reached us, so it will not be made. Your payment is being refunded in full to the account it came from (5–7 working days).',
  },
  CANCELLATION_WINDOW_CLOSED: {
    status: 409,
    message:
      'Free cancellation ends 24 hours after payment, so this order can no longer be cancelled. If something is wrong with it, please write to us.',
  },
  PRODUCTION_STARTED: {
    status: 409,
    message: 'We have started making this order, so it can no longer be cancelled. If something is wrong with it, please write to us.',
  },
  ORDER_NOT_CANCELLABLE: { status: 409, message: 'This order is not paid or is already cancelled, so there is nothing to cancel.' },
  PAYMENT_OF_ANOTHER_ORDER: { status: 409, message: 'This payment belongs to another order, so it cannot pay this one.' },
  PRINT_FILE_NOT_READY: { status: 409, message: 'The print file is still being made. Please try again in a minute.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UPLOAD_TOO_LARGE: { status: 413, message: UPLOAD_TOO_LARGE_MESSAGE },
  UPLOAD_LONGER_THAN_DECLARED: { status: 413, message: UPLOAD_LONGER_THAN_DECLARED_MESSAGE },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: UNSUPPORTED_TYPE_MESSAGE },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range of the file is not available.' },
  IMAGE_DIMENSIONS: { status: 422, message: IMAGE_DIMENSION_MESSAGE },
  IMAGE_IMPLAUSIBLE: { status: 422, message: IMAGE_IMPLAUSIBLE_MESSAGE },
  IMAGE_UNREADABLE: { status: 422, message: 'We could not read this photo. Please try another JPG or TIF file.' },
  IMAGE_PROGRESSIVE_TOO_LARGE: { status: 422, message: PROGRESSIVE_TOO_LARGE_MESSAGE },
  CROP_OUTSIDE_IMAGE: { status: 422, message: 'The crop must lie inside the photo and have a positive size.' },
  INVALID_PINCODE: { status: 422, message: 'Invalid Pincode' },
  ADDRESS_MISMATCH: { status: 422, message: 'The pincode, city and state do not match. Please check them.' },
  PAYMENT_NOT_VERIFIED: { status: 400, message: 'The payment could not be verified.' },
  RESET_TOKEN_INVALID: { status: 400, message: 'This reset link is invalid or has expired. Please ask for a new one.' },
  RULE_BROKEN: { status: 422, message: 'This request breaks one of the shop rules.' },
  COUPON_UNKNOWN: { status: 422, message: 'We do not know this code. Please check the spelling.' },
  COUPON_PAUSED: { status: 422, message: 'This code is not active at the moment.' },
  COUPON_NOT_STARTED: { status: 422, message: 'This code is not valid yet.' },
  COUPON_EXPIRED: { status: 422, message: 'This code has expired.' },
  COUPON_MIN_SUBTOTAL: { status: 422, message: 'Your order does not reach the minimum amount for this code yet.' },
  COUPON_USED_UP: { status: 422, message: 'This code has run out: all its uses have been taken.' },
  COUPON_ALREADY_USED: { status: 422, message: 'You have already used this code as many times as it allows.' },
  COUPON_FIRST_ORDER_ONLY: { status: 422, message: 'This code is for a first order only.' },
  COUPON_ALREADY_USED_REFUNDED: {
    status: 422,
    message:
      'You had already used this code on another order, so this order was cancelled. Your payment is being refunded in full to the account it came from (5–7 working days).',
  },
  COUPON_FIRST_ORDER_REFUNDED: {
    status: 422,
    message:
      'This code is for a first order only, and another order of yours was paid first, so this order was cancelled. Your payment is being refunded in full to the account it came from (5–7 working days).',
  },
  COUPON_TAKEN: { status: 409, message: 'A coupon with this code already exists.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  LOGIN_CODE_TOO_MANY_TRIES: { status: 429, message: 'Too many wrong tries for this code. Please ask for a new code.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  PAYMENT_PROVIDER_ERROR: { status: 502, message: 'The payment service did not answer. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The shop is briefly unavailable. Please try again in a minute.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'Photo storage is not reachable right now. Please try again in a minute.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

export type ErrorBody = { message: string; code: string } & Record<string, unknown>;

/** The JSON body for an error: { message, code, ...details }; the message defaults to the catalogue's. */
export function errorBody(code: ErrorCode, message?: string, details?: Record<string, unknown>): ErrorBody {
  return { ...details, message: message ?? ERROR_CATALOGUE[code].message, code };
}

/** An error carrying a catalogue code; the API turns it into { message, code, ...details } with its status. */
export class ShopError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ShopError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = details;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}
