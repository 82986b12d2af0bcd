/** The account calls of the sign-in, sign-up and password pages (none of them is a query: they change the session). */
import { LOGIN_SUCCESS_MESSAGE, REGISTER_SUCCESS_MESSAGE, RESET_PASSWORD_SUCCESS_MESSAGE, type Locale } from '@framewala/domain';
import { api, apiRequest } from '../../../lib/api';
import { toSessionUser, type SessionUser } from '../../../lib/auth';

/** `POST /api/login` `{userName, password, rememberMe?}` → `{token, user, message: 'Login Successfully'}`. */
export type LoginBody = { userName: string; password: string; rememberMe?: boolean };
export type LoginResult = { token: string; user: SessionUser | null; message: string };

export async function login(body: LoginBody): Promise<LoginResult | null> {
  return toLoginResult(await api.post<unknown>('/api/login', body));
}

/** `POST /api/login/code` `{email}` → `202 {message}`, the same whether or not the account exists. */
export async function requestLoginCode(email: string): Promise<void> {
  await api.post('/api/login/code', { email });
}

/**
 * `POST /api/login/code/verify` `{email, code}` → what `POST /api/login` answers. The first sign-in of an e-mail makes
 * its account.
 */
export async function verifyLoginCode(email: string, code: string): Promise<LoginResult | null> {
  return toLoginResult(await api.post<unknown>('/api/login/code/verify', { email, code }));
}

function toLoginResult(data: unknown): LoginResult | null {
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

/** `POST /api/forgot-password` `{email}` → `202 {message}`, the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/forgot-password', { email });
}

/** `POST /api/reset-password` `{token, password}` → `{message}`; single-use, expiring token. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const data = await api.post<{ message?: unknown } | undefined>('/api/reset-password', { token, password });
  return typeof data?.message === 'string' ? data.message : RESET_PASSWORD_SUCCESS_MESSAGE;
}
