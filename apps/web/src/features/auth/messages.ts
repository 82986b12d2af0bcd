import { isApiError } from '../../lib/api';
import { SESSION_EXPIRED_NOTICE } from '../../lib/auth-request';

/** Seed §8 texts. */
export { LOGIN_SUCCESS_MESSAGE as LOGIN_SUCCESS } from '@framewala/domain';
export const SOMETHING_WENT_WRONG = 'Something went wrong!';

/** Any failure as the text of the red alert: the server's message, else the seed's generic one. */
export function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return SOMETHING_WENT_WRONG;
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

export function noticeText(notice: AuthNotice): string {
  switch (notice.kind) {
    case SESSION_EXPIRED_NOTICE:
      return 'Your session has ended. Please sign in again; your order is still saved.';
    case 'registered':
      return 'Your account is ready. Please sign in.';
    case 'password-reset':
      return 'Your password has been changed. Please sign in with your new password.';
  }
}
