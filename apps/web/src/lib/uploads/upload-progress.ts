/**
 * Upload progress as the upload panel shows it, the cancellation error shared by the upload calls, and the errors
 * these calls raise themselves (their message already written for the customer, in the page's language).
 */
import type { MessageDescriptor } from '@lingui/core';
import { ApiError, isApiError } from '../api';
import { errorText } from '../error-messages';
import { i18n } from '../i18n';

export type UploadProgress = {
  loaded: number;
  total: number;
  percent: number;
  /** Recent sending speed, null until measured. */
  bytesPerSecond: number | null;
  /** At that speed, null until measured. */
  secondsLeft: number | null;
};

export function abortError(): DOMException {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- for developers: a cancelled upload is never shown as an error
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** An error the upload calls raise themselves (no answer, an answer not understood, a photo that never got ready). */
export function clientError(status: number, code: string, message: MessageDescriptor): ApiError {
  return new ApiError({ status, code, message: i18n._(message), details: { clientMessage: true } });
}

/**
 * What to tell the customer about a failed upload call: the client's own message as it is, the server's refusal in
 * the page's language (`errorText`), otherwise the fallback.
 */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.details.clientMessage === true) return error.message;
  return errorText(error, fallback);
}
