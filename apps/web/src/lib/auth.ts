/**
 * The browser's session (contracts shared with the API and upload work):
 * - `framewala.token`: the bearer token from `POST /api/login`;
 * - `framewala.user`: the signed-in user's details `{_id, firstName, lastName, email, mobileNumber, role}`.
 *
 * A tiny external store: components read it with `useSession()` and re-render on sign-in, sign-out, and changes made
 * in another tab (the `storage` event). A token whose `exp` has passed counts as signed out.
 */
import { msg } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '@framewala/domain';
import { i18n } from './i18n';

export const TOKEN_STORAGE_KEY = 'framewala.token';
export const USER_STORAGE_KEY = 'framewala.user';

export type UserRole = 'customer' | 'admin';

export type SessionUser = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  role: UserRole;
  /** The account's language (e-mails come in it; the browser takes it at sign-in). */
  locale?: Locale;
};

export type Session = {
  token: string;
  /** Null when the stored details are missing or unreadable; the token alone still means signed in. */
  user: SessionUser | null;
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (some private modes)
  }
}

function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Accepts the server's user body leniently (missing strings become ''), or null when it has no id. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = str(record._id);
  if (id === '') return null;
  return {
    _id: id,
    firstName: str(record.firstName),
    lastName: str(record.lastName),
    email: str(record.email),
    mobileNumber: str(record.mobileNumber ?? record.mobile),
    role: record.role === 'admin' ? 'admin' : 'customer',
    ...(isLocale(record.locale) ? { locale: record.locale } : {}),
  };
}

/** Seconds since the epoch at which the token expires, or undefined when it has no readable `exp`. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

function isExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp * 1000 <= now;
}

// useSyncExternalStore needs a stable snapshot: re-parse only when the raw strings change.
let cachedRaw: { token: string | null; user: string | null } | undefined;
let cachedSession: Session | null = null;

export function getSession(): Session | null {
  const token = readItem(TOKEN_STORAGE_KEY);
  const userRaw = readItem(USER_STORAGE_KEY);
  if (!cachedRaw || cachedRaw.token !== token || cachedRaw.user !== userRaw) {
    cachedRaw = { token, user: userRaw };
    let user: SessionUser | null = null;
    try {
      user = userRaw ? toSessionUser(JSON.parse(userRaw)) : null;
    } catch {
      user = null;
    }
    cachedSession = token ? { token, user } : null;
  }
  if (cachedSession && isExpired(cachedSession.token)) return null;
  return cachedSession;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveSession(token: string, user: SessionUser | null): void {
  const store = storage();
  try {
    store?.setItem(TOKEN_STORAGE_KEY, token);
    if (user) store?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else store?.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the session lasts for this page only.
  }
  emit();
}

/** Updates the stored user details (e.g. after `GET /api/user`), keeping the token. */
export function saveSessionUser(user: SessionUser): void {
  const token = getToken();
  if (token) saveSession(token, user);
}

/** Signs out locally: removes the token and the user details. The order in progress (`framewala.order`) is kept. */
export function clearSession(): void {
  const store = storage();
  try {
    store?.removeItem(TOKEN_STORAGE_KEY);
    store?.removeItem(USER_STORAGE_KEY);
  } catch {
    // nothing to do
  }
  emit();
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** A `next` to go to after signing in (contracts): a same-origin path starting with '/', else null. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters and backslashes can be read as scheme-relative by some browsers; refuse them.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(next)) return null;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/sign-in?next=<path>` for a page that needs sign-in. */
export function signInPathFor(path: string): string {
  return `/sign-in?next=${encodeURIComponent(path)}`;
}

/** The user's first name for greetings, falling back to the e-mail's local part. */
export function displayFirstName(user: SessionUser | null): string {
  const first = user?.firstName.trim();
  if (first) return first;
  const local = user?.email.split('@')[0]?.trim();
  return local || i18n._(msg`Account`);
}
