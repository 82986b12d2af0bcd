/**
 * The signed-in customer's cart on the server (`GET /api/cart`, `POST /api/cart/lines`, `PATCH`/`DELETE
 * /api/cart/lines/:id`), checked with the domain's cart contract. Every price in an answer is the server's.
 */
import { addCartLineResponseSchema, cartResponseSchema, type AddCartLineBody, type Cart, type CartLine } from '@framewala/domain';
import { parseAnswer } from './api';
import { authedRequest } from './auth-request';

/** The TanStack Query key of a customer's server cart. */
export const cartQueryKey = (userId: string | null) => ['cart', userId] as const;

const linePath = (id: string) => `/api/cart/lines/${encodeURIComponent(id)}`;

export async function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return parseAnswer(cartResponseSchema, await authedRequest<unknown>('/api/cart', { signal })).cart;
}

export async function addServerLine(
  body: AddCartLineBody,
  options: { redirectOnUnauthorized?: boolean } = {},
): Promise<{ line: CartLine; cart: Cart }> {
  return parseAnswer(addCartLineResponseSchema, await authedRequest<unknown>('/api/cart/lines', { method: 'POST', body, ...options }));
}

export async function setServerLineQuantity(id: string, quantity: number): Promise<{ line: CartLine; cart: Cart }> {
  return parseAnswer(addCartLineResponseSchema, await authedRequest<unknown>(linePath(id), { method: 'PATCH', body: { quantity } }));
}

export async function removeServerLine(id: string): Promise<Cart> {
  return parseAnswer(cartResponseSchema, await authedRequest<unknown>(linePath(id), { method: 'DELETE' })).cart;
}

/** `POST /api/cart/coupon` 🔒: the server prices the code for the whole cart; 422 with the reason when it does not apply. */
export async function applyCartCoupon(code: string): Promise<Cart> {
  return parseAnswer(cartResponseSchema, await authedRequest<unknown>('/api/cart/coupon', { method: 'POST', body: { code } })).cart;
}

/** `DELETE /api/cart/coupon` 🔒. */
export async function removeCartCoupon(): Promise<Cart> {
  return parseAnswer(cartResponseSchema, await authedRequest<unknown>('/api/cart/coupon', { method: 'DELETE' })).cart;
}
