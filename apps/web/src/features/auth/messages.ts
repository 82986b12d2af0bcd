import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LOGIN_SUCCESS_MESSAGE } from '@framewala/domain';
import { isApiError } from '../../lib/api';
import { SESSION_EXPIRED_NOTICE } from '../../lib/auth-request';
import { errorText } from '../../lib/error-messages';
import { activeLocale, i18n } from '../../lib/i18n';

/** The domain's notices the account pages show, in the customer's language. */
const NOTICES: Record<typeof LOGIN_SUCCESS_MESSAGE, MessageDescriptor> = {
  [LOGIN_SUCCESS_MESSAGE]: msg`Login Successfully`,
};

/** The toast after signing in. */
export const loginSuccessText = (): string => i18n._(NOTICES[LOGIN_SUCCESS_MESSAGE]);

const ACCOUNT_CREATED = msg`Account created — you’re signed in`;
/** The toast after signing up, which signs the new customer in straight away: both things that happened. */
export const accountCreatedText = (): string => i18n._(ACCOUNT_CREATED);

const SOMETHING_WENT_WRONG = msg`Something went wrong!`;
export const somethingWentWrongText = (): string => i18n._(SOMETHING_WENT_WRONG);

/**
 * Any failure as the text of the red alert: the server's message in the active language, else the seed's generic one
 * (an answer without a known code shows its own words only on an English page).
 */
export function messageOf(error: unknown): string {
  const fallback = somethingWentWrongText();
  if (isApiError(error)) return errorText(error, activeLocale() === 'en' && error.message ? error.message : fallback);
  return fallback;
}

/**
 * The server's refusal of the password itself (a common password: the list is checked by the API only), to show
 * under the password field rather than at the top of a long form.
 */
export function passwordIssueOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== 'VALIDATION') return undefined;
  const issues = error.details.issues;
  if (!Array.isArray(issues)) return undefined;
  const issue = issues.find((i: unknown) => typeof i === 'object' && i !== null && (i as { path?: unknown }).path === 'password') as
    { message?: unknown } | undefined;
  return typeof issue?.message === 'string' ? issue.message : undefined;
}

/** A one-off message handed to the sign-in page in the navigation state. */
export type AuthNotice =
  | { kind: typeof SESSION_EXPIRED_NOTICE; email?: undefined }
  | { kind: 'registered'; email?: string }
  | { kind: 'password-reset'; email?: undefined };

export function readAuthNotice(state: unknown): AuthNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, email } = state as { notice?: unknown; email?: unknown };
  if (notice === SESSION_EXPIRED_NOTICE) return { kind: SESSION_EXPIRED_NOTICE };
  if (notice === 'password-reset') return { kind: 'password-reset' };
  if (notice === 'registered') return { kind: 'registered', email: typeof email === 'string' ? email : undefined };
  return null;
}

const NOTICE_TEXTS: Record<AuthNotice['kind'], MessageDescriptor> = {
  [SESSION_EXPIRED_NOTICE]: msg`Your session has ended. Please sign in again; your order is still saved.`,
  registered: msg`Your account is ready. Please sign in.`,
  'password-reset': msg`Your password has been changed. Please sign in with your new password.`,
};

export function noticeText(notice: AuthNotice): string {
  return i18n._(NOTICE_TEXTS[notice.kind]);
}
