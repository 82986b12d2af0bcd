/**
 * The session's own calls, made from the header on every page: the background refresh of the user's details, sign-out
 * and the account's language. The sign-in and sign-up calls live with their pages (features/auth).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@framewala/domain';
import { apiRequest } from './api';
import { toSessionUser, type SessionUser } from './auth';
import { authedApi } from './auth-request';

/**
 * Every query of the signed-in customer's own data starts with this key (`['account', …]`): sign-in, sign-up and
 * sign-out drop them all, so no page shows another account's data.
 */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

/** The header's background check of a stored token: a 401 only clears the session (no redirect). */
export async function refreshSessionUser(): Promise<SessionUser | null> {
  const data = await authedApi.get<{ user?: unknown } | undefined>('/api/user', { redirectOnUnauthorized: false });
  return toSessionUser(data?.user);
}

/** `GET /api/user` for the header, once per token and at most every five minutes. */
export const sessionUserQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'user-refresh', token],
    queryFn: refreshSessionUser,
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });

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

/** `PATCH /api/user` 🔒 `{locale}`: the account remembers the language (its e-mails come in it). Best effort. */
export async function saveAccountLocale(locale: Locale): Promise<void> {
  try {
    await authedApi.patch('/api/user', { locale }, { redirectOnUnauthorized: false });
  } catch {
    // The browser still remembers the choice; the account keeps its earlier language.
  }
}
