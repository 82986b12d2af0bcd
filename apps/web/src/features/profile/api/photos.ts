import { queryOptions } from '@tanstack/react-query';
import { uploadSchema, type Upload } from '@framewala/domain';
import { z } from 'zod';
import { badAnswer } from '../../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../../lib/auth-api';
import { authedApi } from '../../../lib/auth-request';

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

export const myPhotosQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, token, 'photos'], queryFn: fetchMyPhotos, retry: false });
