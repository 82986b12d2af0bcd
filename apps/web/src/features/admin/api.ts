/**
 * The owner's console calls (docs/admin-api.md). Answers are checked with lenient schemas: a shape we do not
 * understand becomes an `ApiError` rather than a crash. Money is paise throughout.
 */
import { ORDER_STATUSES, shippingSettingsResponseSchema, type OrderStatus, type ShippingSettings } from '@framewala/domain';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { clearSession, getToken } from '../../lib/auth';
import { authedApi, authedRequest, redirectToSignIn } from '../../lib/auth-request';
import { deliveryAddressSchema } from '../orders/api';

const badAnswer = () => new ApiError({ status: 200, code: 'BAD_RESPONSE', message: 'The shop gave an answer we did not understand.' });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data;
}

const status = z.enum(ORDER_STATUSES);
const str = z.string().nullish();

/** A payment problem for the owner: a payment that reached a cancelled order (refunded), or one that did not cover it. */
const paymentFlagSchema = z.object({ code: z.string(), note: z.string() }).loose().nullish();

export const adminOrderSummarySchema = z
  .object({
    id: z.string().min(1),
    status,
    createdAt: z.string(),
    statusChangedAt: z.string().nullish(),
    amountPaise: z.number().int(),
    quantity: z.number().int().nullish(),
    customer: z.object({ name: str, email: str, phone: str }).loose().nullish(),
    sizeName: str,
    finishName: str,
    thumbnailUrl: str,
    paymentFlag: paymentFlagSchema,
  })
  .loose();
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const printFileSchema = z
  .object({
    status: z.enum(['queued', 'rendering', 'ready', 'failed']),
    format: str,
    widthPx: z.number().nullish(),
    heightPx: z.number().nullish(),
    ppi: z.number().nullish(),
    borderPx: z.number().nullish(),
    bytes: z.number().nullish(),
    downloadUrl: str,
    source: z
      .object({
        uploadId: str,
        width: z.number().nullish(),
        height: z.number().nullish(),
        region: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }).nullish(),
        profile: str,
      })
      .loose()
      .nullish(),
    error: str,
    finishedAt: str,
  })
  .loose();
export type PrintFileInfo = z.infer<typeof printFileSchema>;

const num = z.number().nullish();

export const adminOrderSchema = adminOrderSummarySchema.extend({
  /** Included in amountPaise; absent from older answers. */
  shippingPaise: z.number().int().nullish(),
  paidAt: str,
  currency: str,
  customer: z.object({ userId: str, name: str, email: str, phone: str }).loose().nullish(),
  address: deliveryAddressSchema,
  line: z
    .object({
      sizeName: str,
      widthIn: num,
      heightIn: num,
      custom: z.boolean().nullish(),
      frameSetName: str,
      finishName: str,
      mouldingIn: num,
      frameRatePaisePerSqIn: num,
      borderName: str,
      borderIn: num,
      borderPricePaise: num,
      fspPaise: num,
      wbpPaise: num,
      unitPaise: num,
      checkoutPaise: num,
    })
    .loose()
    .nullish(),
  photo: z
    .object({
      uploadId: str,
      thumbnailUrl: str,
      url: str,
      width: num,
      height: num,
      crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullish(),
      originalWidth: num,
      originalHeight: num,
    })
    .loose()
    .nullish(),
  payment: z
    .object({
      providerOrderId: str,
      paymentId: str,
      payments: z
        .array(
          z
            .object({
              providerPaymentId: z.string(),
              amountPaise: z.number(),
              currency: str,
              source: str,
              createdAt: str,
              refund: z.object({ status: z.string(), reason: str, refundId: str, refundedAt: str }).loose().nullish(),
            })
            .loose(),
        )
        .nullish(),
    })
    .loose()
    .nullish(),
  paymentFlag: paymentFlagSchema,
  failure: z.object({ code: str, reason: str }).loose().nullish(),
  carrier: str,
  trackingNumber: str,
  history: z.array(z.object({ from: str, to: z.string(), actor: str, note: str, at: z.string() }).loose()).default([]),
  nextStatuses: z.array(z.string()).default([]),
  mockupUrl: str,
  printFile: printFileSchema.nullish(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

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
  return parse(z.object({ order: adminOrderSchema }), await authedApi.get<unknown>(orderPath(id))).order;
}

export type StatusChange = { status: OrderStatus; carrier?: string; trackingNumber?: string; note?: string };

/** `POST /api/admin/orders/:id/status` → `{order}`; 409 ORDER_TRANSITION_REFUSED with the domain's reason. */
export async function changeOrderStatus(id: string, change: StatusChange): Promise<AdminOrder> {
  return parse(z.object({ order: adminOrderSchema }), await authedApi.post<unknown>(`${orderPath(id)}/status`, change)).order;
}

/** `POST /api/admin/orders/:id/print-file` → 202 `{printFile}`: queues a rebuild. */
export async function rebuildPrintFile(id: string): Promise<PrintFileInfo> {
  return parse(z.object({ printFile: printFileSchema }), await authedApi.post<unknown>(`${orderPath(id)}/print-file`)).printFile;
}

/** The default print-file address when the server gives no `downloadUrl`. */
export const printFilePath = (id: string) => `${orderPath(id)}/print-file`;

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain?.[2]?.trim() || null;
}

/**
 * A protected file (mock-up, print file) fetched with the bearer token: `<img src>` and plain links cannot send it.
 * Errors become `ApiError`s with the server's `{message, code}`; a refused token signs out as `authedRequest` does.
 */
export async function fetchProtectedFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  if (!token) {
    clearSession();
    redirectToSignIn();
    throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'We could not reach Framewala. Please check your connection and try again.',
    });
  }
  if (!response.ok) {
    let body: Record<string, unknown> = {};
    try {
      const parsed = (await response.json()) as unknown;
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // not JSON
    }
    if (response.status === 401 && getToken() === token) {
      clearSession();
      redirectToSignIn();
    }
    const { message, code, ...details } = body;
    throw new ApiError({
      status: response.status,
      code: typeof code === 'string' ? code : `HTTP_${response.status}`,
      message: typeof message === 'string' ? message : `Request failed with status ${response.status}`,
      details,
    });
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
}

/** Saves a blob under a file name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

export const adminFinishSchema = z
  .object({
    id: z.string().min(1),
    setId: str,
    name: z.string(),
    description: str,
    material: str,
    active: z.boolean(),
    artSource: str,
    thumbnailUrl: str,
    images: z.record(z.string(), z.string()).nullish(),
  })
  .loose();
export type AdminFinish = z.infer<typeof adminFinishSchema>;

export const adminFrameSetSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    description: z.string().nullish(),
    mouldingIn: z.number(),
    ratePaisePerSqIn: z.number().int(),
    active: z.boolean().nullish(),
    finishes: z.array(adminFinishSchema).default([]),
  })
  .loose();
export type AdminFrameSet = z.infer<typeof adminFrameSetSchema>;

export const adminBorderSchema = z
  .object({
    id: z.string().min(1),
    level: z.number().nullish(),
    name: z.string(),
    sizeName: str,
    sizeIn: z.number().nullish(),
    pricePaise: z.number().int(),
  })
  .loose();
export type AdminBorder = z.infer<typeof adminBorderSchema>;

export const adminCatalogueSchema = z.object({ frameSets: z.array(adminFrameSetSchema), borders: z.array(adminBorderSchema) });
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;

/** `GET /api/admin/catalogue` → `{frameSets, borders}` including retired finishes. */
export async function fetchAdminCatalogue(): Promise<AdminCatalogue> {
  return parse(adminCatalogueSchema, await authedApi.get<unknown>('/api/admin/catalogue'));
}

/** `PATCH /api/admin/frame-sets/:id` `{name?, description?, ratePaisePerSqIn?}` → `{frameSet}`. */
export async function updateFrameSet(
  id: string,
  change: { name?: string; description?: string; ratePaisePerSqIn?: number },
): Promise<AdminFrameSet> {
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parse(z.object({ frameSet: adminFrameSetSchema }), body).frameSet;
}

/** `PATCH /api/admin/finishes/:id` `{name?, description?, active?}` → `{finish}`. */
export async function updateFinish(id: string, change: { name?: string; description?: string; active?: boolean }): Promise<AdminFinish> {
  const body = await authedRequest<unknown>(`/api/admin/finishes/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  return parse(z.object({ finish: adminFinishSchema }), body).finish;
}

/** `PATCH /api/admin/borders/:id` `{pricePaise}` → `{border}`. */
export async function updateBorder(id: string, pricePaise: number): Promise<AdminBorder> {
  const body = await authedRequest<unknown>(`/api/admin/borders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { pricePaise } });
  return parse(z.object({ border: adminBorderSchema }), body).border;
}

export const FINISH_IMAGE_FIELDS = [
  'sideUp',
  'sideDown',
  'sideLeft',
  'sideRight',
  'topLeft',
  'topRight',
  'bottomLeft',
  'bottomRight',
] as const;
export type FinishImageField = (typeof FINISH_IMAGE_FIELDS)[number];

export const MATERIAL_PRESETS = ['wood', 'metal', 'lacquer'] as const;
export type MaterialPreset = (typeof MATERIAL_PRESETS)[number];

export type NewFinish =
  | { name: string; description: string; material: string; mode: 'generate'; generate: MaterialPreset; color: string }
  | { name: string; description: string; material: string; mode: 'upload'; images: Record<FinishImageField, File> };

/** `POST /api/admin/frame-sets/:id/finishes` (multipart) → 201 `{finish}`. */
export async function addFinish(setId: string, finish: NewFinish): Promise<AdminFinish> {
  const form = new FormData();
  form.set('name', finish.name);
  form.set('description', finish.description);
  form.set('material', finish.material);
  if (finish.mode === 'generate') {
    form.set('generate', finish.generate);
    form.set('color', finish.color);
  } else {
    for (const field of FINISH_IMAGE_FIELDS) form.set(field, finish.images[field]);
  }
  const body = await authedRequest<unknown>(`/api/admin/frame-sets/${encodeURIComponent(setId)}/finishes`, { method: 'POST', body: form });
  return parse(z.object({ finish: adminFinishSchema }), body).finish;
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
