/**
 * The console's order calls (docs/admin-api.md), checked with the domain's admin contracts, the schemas the API
 * serialises with: a shape we do not understand becomes an `ApiError` rather than a crash. Money is paise.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  PAID_OR_LATER,
  type ADMIN_TO_MAKE,
  adminOrderListSchema,
  adminOrderResponseSchema,
  printFileResponseSchema,
  type AdminOrder,
  type AdminOrderList,
  type OrderStatus,
  type PrintFileInfo,
  type StatusMoveBody,
} from '@framewala/domain';
import { parseAnswer } from '../../../lib/api';
import { authedApi } from '../../../lib/auth-request';

export type { AdminOrder, AdminOrderList, PrintFileInfo };
export type { AdminOrderSummary } from '@framewala/domain';

/** Every console order query starts with this key: a status change reloads the lists and the order. */
export const ADMIN_ORDERS_QUERY_KEY = ['admin', 'orders'] as const;

/** `status`: one status, `to_make` (paid or in production), or '' for every status. */
export type OrderListQuery = {
  status?: OrderStatus | typeof ADMIN_TO_MAKE | '';
  q?: string;
  flagged?: boolean;
  page?: number;
  pageSize?: number;
};

/** `GET /api/admin/orders?status&q&flagged&page&pageSize` → `{orders, total, page, pageSize}` newest first. */
export async function fetchAdminOrders(query: OrderListQuery): Promise<AdminOrderList> {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.flagged) params.set('flagged', 'true');
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const search = params.toString();
  const body = await authedApi.get<unknown>(`/api/admin/orders${search ? `?${search}` : ''}`);
  return parseAnswer(adminOrderListSchema, body);
}

const orderPath = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

/** `GET /api/admin/orders/:id` → `{order}`. */
export async function fetchAdminOrder(id: string): Promise<AdminOrder> {
  return parseAnswer(adminOrderResponseSchema, await authedApi.get<unknown>(orderPath(id))).order;
}

export type StatusChange = StatusMoveBody;

/** `POST /api/admin/orders/:id/status` → `{order}`; 409 ORDER_TRANSITION_REFUSED with the domain's reason. */
export async function changeOrderStatus(id: string, change: StatusChange): Promise<AdminOrder> {
  return parseAnswer(adminOrderResponseSchema, await authedApi.post<unknown>(`${orderPath(id)}/status`, change)).order;
}

/** `POST /api/admin/orders/:id/print-file` `{line}` → 202 `{printFile}`: queues a rebuild of line `line` (1 = the first). */
export async function rebuildPrintFile(id: string, line: number): Promise<PrintFileInfo> {
  return parseAnswer(printFileResponseSchema, await authedApi.post<unknown>(`${orderPath(id)}/print-file`, { line })).printFile;
}

/** Line `line`'s print-file address (1 = the first) when the server gives no `downloadUrl`. */
export const printFilePath = (id: string, line = 1) => `${orderPath(id)}/print-file${line > 1 ? `?line=${line}` : ''}`;

/** A page of the order list, kept on screen while the next page loads. */
export const adminOrdersQueryOptions = (query: Required<Pick<OrderListQuery, 'status' | 'flagged' | 'q' | 'page' | 'pageSize'>>) =>
  queryOptions({
    queryKey: [...ADMIN_ORDERS_QUERY_KEY, query.status, query.flagged, query.q, query.page],
    queryFn: () => fetchAdminOrders(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A print file still being made. */
export const PRINT_FILE_BUSY = new Set(['queued', 'rendering']);

/**
 * Whether a print file of the order is still to come: one being made (the first line's, or another line's), or a
 * paid order's line whose photo is kept and whose render has not started (it waits behind other orders' renders).
 */
function printFileAwaited(order: AdminOrder | undefined): boolean {
  if (!order) return false;
  if ([order.printFile, ...order.lines.map((l) => l.printFile)].some((f) => f && PRINT_FILE_BUSY.has(f.status))) return true;
  return PAID_OR_LATER.has(order.status) && order.lines.some((l) => !l.printFile && l.photo);
}

/** One order; while a print file of it is still to come, it is read every 2 s. */
export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'order', id],
    queryFn: () => fetchAdminOrder(id),
    retry: false,
    refetchInterval: (query) => (printFileAwaited(query.state.data) ? 2000 : false),
  });
