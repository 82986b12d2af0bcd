import { LOGIN_SUCCESS_MESSAGE, REGISTER_SUCCESS_MESSAGE, RESET_PASSWORD_SUCCESS_MESSAGE, type Locale } from '@framewala/domain';
import { api, apiRequest } from './api';
import { getUploadClaim, toSessionUser, type SessionUser } from './auth';
import { authedApi } from './auth-request';

/** `POST /api/login` `{userName, password, rememberMe?}` → `{token, user, message: 'Login Successfully'}`. */
export type LoginBody = { userName: string; password: string; rememberMe?: boolean };
export type LoginResult = { token: string; user: SessionUser | null; message: string };

export async function login(body: LoginBody): Promise<LoginResult | null> {
  const data = await api.post<unknown>('/api/login', body);
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.token !== 'string' || record.token === '') return null;
  return {
    token: record.token,
    user: toSessionUser(record.user),
    message: typeof record.message === 'string' ? record.message : LOGIN_SUCCESS_MESSAGE,
  };
}

/** `POST /api/register` `{firstName, lastName, email, password, mobile, locale?}` → `201 {message, user}`. */
export type RegisterBody = { firstName: string; lastName: string; email: string; password: string; mobile: string; locale?: Locale };

export async function register(body: RegisterBody): Promise<{ message: string }> {
  const data = await api.post<{ message?: unknown } | undefined>('/api/register', body);
  return { message: typeof data?.message === 'string' ? data.message : REGISTER_SUCCESS_MESSAGE };
}

/** `GET /api/user` 🔒 → `{user: {_id, firstName, lastName, email, mobileNumber, address}}`. */
export async function fetchCurrentUserWithToken(token: string): Promise<SessionUser | null> {
  const data = await apiRequest<{ user?: unknown } | undefined>('/api/user', { token });
  return toSessionUser(data?.user);
}

/** The header's background check of a stored token: a 401 only clears the session (no redirect). */
export async function refreshSessionUser(): Promise<SessionUser | null> {
  const data = await authedApi.get<{ user?: unknown } | undefined>('/api/user', { redirectOnUnauthorized: false });
  return toSessionUser(data?.user);
}

/**
 * `POST /api/logout` 🔒 → 204: the server ends the session, so the token stops working even if a copy of it remains
 * somewhere. A token the server already refuses, or no connection, still signs out this browser.
 */
export async function logOutOnServer(token: string): Promise<void> {
  try {
    await apiRequest('/api/logout', { method: 'POST', token });
  } catch {
    // Signed out here all the same; the token then ends at its expiry.
  }
}

/** `POST /api/forgot-password` `{email}` → `202 {message}`, the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/forgot-password', { email });
}

/** `POST /api/reset-password` `{token, password}` → `{message}`; single-use, expiring token. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const data = await api.post<{ message?: unknown } | undefined>('/api/reset-password', { token, password });
  return typeof data?.message === 'string' ? data.message : RESET_PASSWORD_SUCCESS_MESSAGE;
}

/**
 * Contracts: right after sign-in, `POST /api/uploads/claim` 🔒 with `X-Upload-Claim` moves the photos uploaded
 * anonymously in this browser to the account. Best effort: signing in never fails because of it (a missing route,
 * 404, answers `claimed: 0`).
 */
export async function claimAnonymousUploads(token: string): Promise<number> {
  const claim = getUploadClaim();
  if (!claim) return 0;
  try {
    const data = await apiRequest<{ claimed?: unknown } | undefined>('/api/uploads/claim', {
      method: 'POST',
      token,
      headers: { 'X-Upload-Claim': claim },
    });
    return typeof data?.claimed === 'number' ? data.claimed : 0;
  } catch {
    return 0;
  }
}

/** `PATCH /api/user` 🔒 `{locale}`: the account remembers the language (its e-mails come in it). Best effort. */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  try {
    await authedApi.patch('/api/user', { locale }, { redirectOnUnauthorized: false });
  } catch {
    // The browser still remembers the choice; the account keeps its earlier language.
  }
}
