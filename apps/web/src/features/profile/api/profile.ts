import { queryOptions } from '@tanstack/react-query';
import { currentUserResponseSchema, type CurrentUserResponse } from '@framewala/domain';
import { badAnswer } from '../../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../../lib/auth-api';
import { authedApi } from '../../../lib/auth-request';

export type ProfileUser = CurrentUserResponse['user'];

/** `GET /api/user` 🔒 → `{user: {_id, firstName, lastName, email, mobileNumber, address}}`. */
export async function fetchProfile(): Promise<ProfileUser> {
  const parsed = currentUserResponseSchema.safeParse(await authedApi.get<unknown>('/api/user'));
  if (!parsed.success) throw badAnswer();
  return parsed.data.user;
}

export const profileQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, token, 'profile'], queryFn: fetchProfile, retry: false });
