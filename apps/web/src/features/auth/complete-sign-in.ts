import { saveSession, type SessionUser } from '../../lib/auth';
import { claimAnonymousUploads, fetchCurrentUserWithToken } from '../../lib/auth-api';

/**
 * After a successful `POST /api/login`: keep the token and the user's details, then move this browser's anonymous uploads to the account. The order in progress
 * (`framewala.order`) is not touched, so nothing is lost.
 */
export async function completeSignIn(token: string, user: SessionUser | null): Promise<void> {
  let details = user;
  if (!details) {
    try {
      details = await fetchCurrentUserWithToken(token);
    } catch {
      details = null; // the header falls back to a generic label; the profile page loads them again
    }
  }
  saveSession(token, details);
  await claimAnonymousUploads(token);
}
