import { saveSession, type SessionUser } from '../../lib/auth';
import { claimAnonymousUploads } from '../../lib/uploads/claim-uploads';
import { fetchCurrentUserWithToken } from './api/account';
import { saveAccountLocale } from '../../lib/auth-api';
import { activateLocale, activeLocale, rememberLocale } from '../../lib/i18n';
import { mergeIntoAccount } from '../../lib/cart/cart-actions';

/**
 * After a successful `POST /api/login`: move this browser's anonymous uploads to the account, keep the token and the
 * user's details, then move the anonymous cart's lines into the account's cart. The photos are claimed before the
 * session is saved: the cart's lines refer to them, and the header starts moving the cart as soon as it sees the session.
 * The order in progress (`framewala.order`) is not touched, so nothing is lost. The account's language, once it has
 * one, becomes this browser's; an account without one takes the language the customer is using now.
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
  await claimAnonymousUploads(token);
  saveSession(token, details);
  // Best effort, like the claim: a line the server refuses or cannot take now stays in the browser's cart.
  await mergeIntoAccount(null).catch(() => undefined);
  if (details?.locale) {
    if (details.locale !== activeLocale()) await activateLocale(details.locale);
    rememberLocale(details.locale);
  } else if (details) {
    await saveAccountLocale(activeLocale());
  }
}
