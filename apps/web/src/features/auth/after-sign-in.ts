import { safeNextPath } from '../../lib/auth';
import { hasStoredPhoto } from '../../lib/order-draft/stored-order';

/**
 * Where to go after signing in (contracts): `next` when it is a safe same-origin path, else `/edit-photo` while an
 * order photo exists, else '/'.
 */
export function pathAfterSignIn(next: string | null | undefined): string {
  return safeNextPath(next) ?? (hasStoredPhoto() ? '/edit-photo' : '/');
}
