/**
 * Calls that need sign-in (marked 🔒) go through `authedRequest`: it adds the stored bearer token and, when the server answers
 * 401 (expired, tampered or revoked token), clears the session and sends the customer to sign in, coming back to the
 * page they were on. The order in progress is untouched.
 */
import { ERROR_CATALOGUE } from '@framewala/domain';
import { ApiError, apiRequest, type ApiRequestOptions } from './api';
import { clearSession, getToken, signInPathFor } from './auth';

export type SignInRedirect = (path: string) => void;

let redirectHandler: SignInRedirect | null = null;

/**
 * The app registers a router-aware redirect (see `useSessionExpiryRedirect`); without one, the browser loads the
 * sign-in page.
 */
export function setSignInRedirect(handler: SignInRedirect | null): void {
  redirectHandler = handler;
}

export const SESSION_EXPIRED_NOTICE = 'session-expired';

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Sends the customer to `/sign-in?next=<the current page>`. */
export function redirectToSignIn(): void {
  const target = signInPathFor(currentPath());
  if (window.location.pathname === '/sign-in') return;
  if (redirectHandler) redirectHandler(target);
  else window.location.assign(target);
}

export type AuthedRequestOptions = Omit<ApiRequestOptions, 'token'> & {
  /**
   * On 401: clear the session and go to sign in (default). Background checks (the header's user refresh) pass false:
   * they only clear the session.
   */
  redirectOnUnauthorized?: boolean;
};

const signInRequired = () => new ApiError({ status: 401, code: 'UNAUTHORIZED', message: ERROR_CATALOGUE.UNAUTHORIZED.message });

export async function authedRequest<T>(path: string, options: AuthedRequestOptions = {}): Promise<T> {
  const { redirectOnUnauthorized = true, ...rest } = options;
  const onUnauthorized = () => {
    clearSession();
    if (redirectOnUnauthorized) redirectToSignIn();
  };
  const token = getToken();
  if (!token) {
    onUnauthorized();
    throw signInRequired();
  }
  try {
    return await apiRequest<T>(path, { ...rest, token });
  } catch (error) {
    // Only act if the token we sent is still the current one (another tab may have signed in again meanwhile).
    if (error instanceof ApiError && error.status === 401 && getToken() === token) onUnauthorized();
    throw error;
  }
}

export const authedApi = {
  get: <T>(path: string, options: Omit<AuthedRequestOptions, 'method' | 'body'> = {}) =>
    authedRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<AuthedRequestOptions, 'method' | 'body'> = {}) =>
    authedRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<AuthedRequestOptions, 'method' | 'body'> = {}) =>
    authedRequest<T>(path, { ...options, method: 'PATCH', body }),
};
