import { uploadClaimResponseSchema } from '@framewala/domain';
import { apiRequest } from '../api';
import { getUploadClaim, UPLOAD_CLAIM_HEADER } from './upload-claim';

/**
 * Contracts: right after sign-in, `POST /api/uploads/claim` 🔒 with `X-Upload-Claim` moves the photos uploaded
 * anonymously in this browser to the account. Best effort: signing in never fails because of it (a missing route,
 * 404, answers `claimed: 0`).
 */
export async function claimAnonymousUploads(token: string): Promise<number> {
  const claim = getUploadClaim();
  if (!claim) return 0;
  try {
    const answer = await apiRequest<unknown>('/api/uploads/claim', { method: 'POST', token, headers: { [UPLOAD_CLAIM_HEADER]: claim } });
    const parsed = uploadClaimResponseSchema.safeParse(answer);
    return parsed.success ? parsed.data.claimed : 0;
  } catch {
    return 0;
  }
}
