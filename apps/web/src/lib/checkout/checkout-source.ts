/**
 * Which order a checkout is for, named once in the address and read here by every page of the checkout (buyer
 * details, the order aside, the payment step) and by the pages that send a customer there:
 *
 * - `/checkout`, `/checkout/pay`: the editor's frame bought at once ("buy now"), a cart of one line that never touches
 *   the saved cart;
 * - `?cart=1`: the signed-in customer's whole cart;
 * - `?order=<number>`: an order already made and not yet paid, paid again (after a declined payment) without making a
 *   new one. Its address is the order's own, so it has no buyer-details step.
 */
import { useSearchParams } from 'react-router';

export type CheckoutSourceName = { kind: 'buy-now' } | { kind: 'cart' } | { kind: 'order'; orderNumber: string };

export const BUY_NOW: CheckoutSourceName = { kind: 'buy-now' };
export const WHOLE_CART: CheckoutSourceName = { kind: 'cart' };

/** The source an address names: an order number wins over `cart=1`; neither is buy-now. */
export function checkoutSourceOf(params: URLSearchParams): CheckoutSourceName {
  const orderNumber = params.get('order')?.trim();
  if (orderNumber) return { kind: 'order', orderNumber };
  return params.get('cart') === '1' ? WHOLE_CART : BUY_NOW;
}

/** The source of the page being shown. */
export function useCheckoutSource(): CheckoutSourceName {
  return checkoutSourceOf(useSearchParams()[0]);
}

function search(source: CheckoutSourceName): string {
  if (source.kind === 'cart') return '?cart=1';
  if (source.kind === 'order') return `?order=${encodeURIComponent(source.orderNumber)}`;
  return '';
}

/** Buyer details for this source (an order already made has its address: it goes straight to payment). */
export function buyerDetailsPath(source: CheckoutSourceName): string {
  return source.kind === 'order' ? paymentStepPath(source) : `/checkout${search(source)}`;
}

/** The payment step for this source. */
export function paymentStepPath(source: CheckoutSourceName): string {
  return `/checkout/pay${search(source)}`;
}

/** Where the source's lines are kept and changed: the editor, the cart page, or the order's own page. */
export function sourcePagePath(source: CheckoutSourceName): string {
  if (source.kind === 'cart') return '/addtocart';
  if (source.kind === 'order') return `/orders/${encodeURIComponent(source.orderNumber)}`;
  return '/edit-photo';
}
