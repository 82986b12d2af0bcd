/** The customer's orders, read with the domain's order contracts (the schemas the API serialises with). */
import {
  orderDetailResponseSchema,
  orderListResponseSchema,
  orderSummarySchema,
  type OrderDetail,
  type OrderSummary,
} from '@framewala/domain';
import { z } from 'zod';
import { parseAnswer } from './api';
import { authedApi } from './auth-request';

export type { OrderDetail, OrderSummary };

/** `GET /api/orders/:id` 🔒 (id = the order number) → `{order}`. */
export async function fetchOrder(orderNumber: string): Promise<OrderDetail> {
  return parseAnswer(orderDetailResponseSchema, await authedApi.get<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}`)).order;
}

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
