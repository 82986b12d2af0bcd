import { isApiError } from '../../lib/api';

/** What went wrong, for the console: the server's message, and what a 403 means. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403)
      return 'Your account is not a shop admin. Ask the owner to run admin:create for your e-mail, then sign in again.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
