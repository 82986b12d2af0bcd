import { queryOptions } from '@tanstack/react-query';
import { orderListResponseSchema, orderSummarySchema, type OrderSummary } from '@framewala/domain';
import { z } from 'zod';
import { parseAnswer } from '../../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../../lib/auth-api';
import { authedApi } from '../../../lib/auth-request';

/** Rows of `GET /api/orders` are read one by one: a malformed row is skipped rather than hiding every order. */
const orderRowsSchema = orderListResponseSchema.extend({ orders: z.array(z.unknown()) });

/** `GET /api/orders` 🔒 → `{orders}` newest first. */
export async function fetchOrders(): Promise<OrderSummary[]> {
  const answer = parseAnswer(orderRowsSchema, await authedApi.get<unknown>('/api/orders'));
  return answer.orders.flatMap((item) => {
    const row = orderSummarySchema.safeParse(item);
    return row.success ? [row.data] : [];
  });
}

export const ordersQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, token, 'orders'], queryFn: fetchOrders, retry: false });
