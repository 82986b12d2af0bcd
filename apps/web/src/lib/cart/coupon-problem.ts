import { t } from '@lingui/core/macro';
import type { Cart } from '@framewala/domain';
import { errorCodeText } from '../error-messages';
import { activeLocale } from '../i18n';

/**
 * Why the cart's code gives nothing now, in the active language: the server's words in English, its code's message
 * in another language (or a general one when the code is not known).
 */
export function couponProblemText(cart: Pick<Cart, 'couponProblem' | 'couponProblemCode'>): string | null {
  if (cart.couponProblem === null) return null;
  if (activeLocale() === 'en') return cart.couponProblem;
  return (cart.couponProblemCode ? errorCodeText(cart.couponProblemCode) : undefined) ?? t`This code does not apply to your order now.`;
}
