/** The customer's own order, read with the domain's order contract (the schema the API serialises with). */
import { queryOptions } from '@tanstack/react-query';
import { orderDetailResponseSchema, type OrderDetail, type OrderSummary } from '@framewala/domain';
import { parseAnswer } from '../api';
import { ACCOUNT_QUERY_KEY } from '../auth-api';
import { authedApi } from '../auth-request';

export type { OrderDetail, OrderSummary };

/** `GET /api/orders/:id` 🔒 (id = the order number) → `{order}`. */
export async function fetchOrder(orderNumber: string): Promise<OrderDetail> {
  return parseAnswer(orderDetailResponseSchema, await authedApi.get<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}`)).order;
}

/**
 * `POST /api/orders/:id/cancel` 🔒 → `{order}`: the customer cancels her paid order (free within 24 hours of payment,
 * before production); 409 with the code of the reason when she no longer may.
 */
export async function cancelOrder(orderNumber: string): Promise<OrderDetail> {
  return parseAnswer(orderDetailResponseSchema, await authedApi.post<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}/cancel`))
    .order;
}

/** One of the signed-in customer's orders (`token`: the session it is read for, so another account never sees it). */
export const orderQueryOptions = (token: string | null, orderNumber: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, token, 'order', orderNumber],
    queryFn: () => fetchOrder(orderNumber),
    retry: false,
  });
