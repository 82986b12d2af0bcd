import { currentUserResponseSchema, uploadSchema, type CurrentUserResponse, type Upload } from '@framewala/domain';
import { z } from 'zod';
import { badAnswer } from '../../lib/api';
import { authedApi } from '../../lib/auth-request';

export type ProfileUser = CurrentUserResponse['user'];

/** `GET /api/user` 🔒 → `{user: {_id, firstName, lastName, email, mobileNumber, address}}`. */
export async function fetchProfile(): Promise<ProfileUser> {
  const parsed = currentUserResponseSchema.safeParse(await authedApi.get<unknown>('/api/user'));
  if (!parsed.success) throw badAnswer();
  return parsed.data.user;
}

/**
 * Contracts: `GET /api/uploads` 🔒 → `{uploads: Upload[]}`, the customer's photos, kept for RETENTION_DAYS. Read leniently:
 * one malformed entry is skipped rather than hiding every photo.
 */
export async function fetchMyPhotos(): Promise<Upload[]> {
  const body = await authedApi.get<unknown>('/api/uploads');
  const list = z.object({ uploads: z.array(z.unknown()) }).safeParse(body);
  if (!list.success) throw badAnswer();
  return list.data.uploads.flatMap((item) => {
    const upload = uploadSchema.safeParse(item);
    return upload.success ? [upload.data] : [];
  });
}
