/**
 * The signed-in customer's cart on the server (`GET /api/cart`, `POST /api/cart/lines`, `PATCH`/`DELETE
 * /api/cart/lines/:id`), checked with the domain's cart contract. Every price in an answer is the server's.
 */
import { queryOptions } from '@tanstack/react-query';
import { addCartLineResponseSchema, cartResponseSchema, type AddCartLineBody, type Cart, type CartLine } from '@framewala/domain';
import { parseAnswer } from '../api';
import { authedRequest } from '../auth-request';

/** Every server cart's query starts with this key: invalidating it reloads the cart wherever it is shown. */
export const CART_QUERY_KEY = ['cart'] as const;

const linePath = (id: string) => `/api/cart/lines/${encodeURIComponent(id)}`;

export async function fetchCart(signal?: AbortSignal): Promise<Cart> {
  return parseAnswer(cartResponseSchema, await authedRequest<unknown>('/api/cart', { signal })).cart;
}

/** `GET /api/cart` 🔒 for a signed-in customer (`userId`; null while signed out: nothing is asked). */
export const cartQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...CART_QUERY_KEY, userId],
    queryFn: ({ signal }) => fetchCart(signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

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
