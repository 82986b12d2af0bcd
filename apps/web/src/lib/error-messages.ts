/**
 * What the customer reads when a request fails, in their language. The API answers every error with a stable `code`
 * from the domain's catalogue and an English `message`; the web shows the message for that code in the active
 * language (the domain's English, or its Hindi from the message catalogue).
 *
 * A message the server wrote for the case at hand (a field's own rule, a coupon's reason) is shown as it came while
 * the page is in English, and replaced by its code's message in another language, so a page never mixes languages.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode, type ErrorCode } from '@framewala/domain';
import { isApiError } from './api';
import { activeLocale, i18n } from './i18n';

/**
 * Each code's text as a Lingui message whose id is the code: the English is the domain's, the Hindi is in the
 * `common` catalogue (lingui.config.ts gives it every code), so no text is typed twice.
 */
export const ERROR_MESSAGES = Object.fromEntries(
  ERROR_CODES.map((code) => [code, { id: code, message: ERROR_CATALOGUE[code].message }]),
) as Record<ErrorCode, MessageDescriptor>;

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
