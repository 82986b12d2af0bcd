/**
 * The owner's console calls (docs/admin-api.md). Answers are checked with the domain's admin contracts, the schemas
 * the API serialises with: a shape we do not understand becomes an `ApiError` rather than a crash. Money is paise.
 */
import {
  adminBorderResponseSchema,
  adminCatalogueResponseSchema,
  adminFinishResponseSchema,
  adminFrameSetResponseSchema,
  adminOrderListSchema,
  adminOrderResponseSchema,
  couponListResponseSchema,
  couponResponseSchema,
  FRAME_PARTS,
  printFileResponseSchema,
  shippingSettingsResponseSchema,
  taxSettingsResponseSchema,
  type AdminBorder,
  type AdminCatalogue,
  type AdminFinish,
  type AdminFrameSet,
  type AdminOrder,
  type AdminOrderList,
  type BorderPatch,
  type Coupon,
  type CouponBody,
  type FinishMaterial,
  type FinishPatch,
  type FramePart,
  type FrameSetPatch,
  type OrderStatus,
  type PrintFileInfo,
  type ShippingSettings,
  type StatusMoveBody,
  type TaxSettingsBody,
} from '@framewala/domain';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { authedApi, authedRequest } from '../../lib/auth-request';

export type { AdminBorder, AdminCatalogue, AdminFinish, AdminFrameSet, AdminOrder, AdminOrderList, PrintFileInfo };
export type { AdminOrderSummary } from '@framewala/domain';

const badAnswer = () => new ApiError({ status: 200, code: 'BAD_RESPONSE', message: 'The shop gave an answer we did not understand.' });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data;
}

export type OrderListQuery = { status?: OrderStatus | ''; q?: string; flagged?: boolean; page?: number; pageSize?: number };

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
  return parse(adminOrderListSchema, body);
}

const orderPath = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

/** `GET /api/admin/orders/:id` → `{order}`. */
export async function fetchAdminOrder(id: string): Promise<AdminOrder> {
  return parse(adminOrderResponseSchema, await authedApi.get<unknown>(orderPath(id))).order;
}

export type StatusChange = StatusMoveBody;

/** `POST /api/admin/orders/:id/status` → `{order}`; 409 ORDER_TRANSITION_REFUSED with the domain's reason. */
export async function changeOrderStatus(id: string, change: StatusChange): Promise<AdminOrder> {
  return parse(adminOrderResponseSchema, await authedApi.post<unknown>(`${orderPath(id)}/status`, change)).order;
}

/** `POST /api/admin/orders/:id/print-file` → 202 `{printFile}`: queues a rebuild. */
export async function rebuildPrintFile(id: string): Promise<PrintFileInfo> {
  return parse(printFileResponseSchema, await authedApi.post<unknown>(`${orderPath(id)}/print-file`)).printFile;
}

/** The default print-file address when the server gives no `downloadUrl`. */
export const printFilePath = (id: string) => `${orderPath(id)}/print-file`;

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

/** `GET /api/admin/catalogue` → `{frameSets, borders}` including retired finishes. */
export async function fetchAdminCatalogue(): Promise<AdminCatalogue> {
  return parse(adminCatalogueResponseSchema, await authedApi.get<unknown>('/api/admin/catalogue'));
}

/** `PATCH /api/admin/frame-sets/:id` `{name?, description?, ratePaisePerSqIn?, nameHi?, descriptionHi?}` → `{frameSet}`. */
export async function updateFrameSet(id: string, change: FrameSetPatch): Promise<AdminFrameSet> {
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parse(adminFrameSetResponseSchema, body).frameSet;
}

/** `PATCH /api/admin/finishes/:id` `{name?, description?, active?, nameHi?, categoryHi?, descriptionHi?}` → `{finish}`. */
export async function updateFinish(id: string, change: FinishPatch): Promise<AdminFinish> {
  const body = await authedRequest<unknown>(`/api/admin/finishes/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parse(adminFinishResponseSchema, body).finish;
}

/** `PATCH /api/admin/borders/:id` `{pricePaise?, nameHi?}` → `{border}`. */
export async function updateBorder(id: string, change: BorderPatch): Promise<AdminBorder> {
  const body = await authedRequest<unknown>(`/api/admin/borders/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parse(adminBorderResponseSchema, body).border;
}

/** The texts of a new finish; the Hindi ones are optional (sent only when written). */
type NewFinishTexts = { name: string; description: string; nameHi?: string; descriptionHi?: string; material: string };

export type NewFinish =
  | (NewFinishTexts & { mode: 'generate'; generate: FinishMaterial; color: string })
  | (NewFinishTexts & { mode: 'upload'; images: Record<FramePart, File> });

/** `POST /api/admin/frame-sets/:id/finishes` (multipart) → 201 `{finish}`. */
export async function addFinish(setId: string, finish: NewFinish): Promise<AdminFinish> {
  const form = new FormData();
  form.set('name', finish.name);
  form.set('description', finish.description);
  if (finish.nameHi) form.set('nameHi', finish.nameHi);
  if (finish.descriptionHi) form.set('descriptionHi', finish.descriptionHi);
  form.set('material', finish.material);
  if (finish.mode === 'generate') {
    form.set('generate', finish.generate);
    form.set('color', finish.color);
  } else {
    for (const field of FRAME_PARTS) form.set(field, finish.images[field]);
  }
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(setId)}/finishes`, { method: 'POST', body: form });
  return parse(adminFinishResponseSchema, body).finish;
}

/** `GET /api/admin/shipping-settings` → `{settings}` (paise and inches). */
export async function fetchShippingSettings(): Promise<ShippingSettings> {
  return parse(shippingSettingsResponseSchema, await authedApi.get<unknown>('/api/admin/shipping-settings')).settings;
}

/** `PUT /api/admin/shipping-settings` `{…settings}` → `{settings}`. */
export async function saveShippingSettings(settings: ShippingSettings): Promise<ShippingSettings> {
  const body = await authedRequest<unknown>('/api/admin/shipping-settings', { method: 'PUT', body: settings });
  return parse(shippingSettingsResponseSchema, body).settings;
}

// ---------------------------------------------------------------------------------------------------------------
// Coupons and tax settings

/** `GET /api/admin/coupons` → `{coupons}` newest first. */
export async function fetchCoupons(): Promise<Coupon[]> {
  return parse(couponListResponseSchema, await authedApi.get<unknown>('/api/admin/coupons')).coupons;
}

/** `POST /api/admin/coupons`, or `PUT /api/admin/coupons/:id` with `id`. */
export async function saveCoupon(coupon: CouponBody, id?: string): Promise<Coupon> {
  const body = id
    ? await authedRequest<unknown>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body: coupon })
    : await authedRequest<unknown>('/api/admin/coupons', { method: 'POST', body: coupon });
  return parse(couponResponseSchema, body).coupon;
}

export type TaxSettingsAnswer = z.infer<typeof taxSettingsResponseSchema>;

/** `GET /api/admin/tax-settings` → `{settings, saved}`. */
export async function fetchTaxSettings(): Promise<TaxSettingsAnswer> {
  return parse(taxSettingsResponseSchema, await authedApi.get<unknown>('/api/admin/tax-settings'));
}

/** `PUT /api/admin/tax-settings`. */
export async function saveTaxSettings(settings: TaxSettingsBody): Promise<TaxSettingsAnswer> {
  return parse(taxSettingsResponseSchema, await authedRequest<unknown>('/api/admin/tax-settings', { method: 'PUT', body: settings }));
}
