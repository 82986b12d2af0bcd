/**
 * The checkout's calls (contracts for issue 6): payment config, create-order with an idempotency key, the
 * development sandbox, verify-payment, and the customer's orders. Answers are read leniently but checked: a shape we
 * do not understand becomes an `ApiError` rather than a crash.
 */
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/api';
import { authedApi } from '../../lib/auth-request';

const badAnswer = () => new ApiError({ status: 200, code: 'BAD_RESPONSE', message: 'The shop gave an answer we did not understand.' });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data;
}

export const paymentConfigSchema = z.object({
  provider: z.enum(['razorpay', 'sandbox']),
  keyId: z.string(),
  name: z.string(),
  themeColor: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** `GET /api/payment-config` → `{provider, keyId, name, themeColor}` (public values only). */
export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  return parse(paymentConfigSchema, await api.get<unknown>('/api/payment-config'));
}

/** The body of `POST /api/create-order` (API.md, extended by the issue 6 contract). */
export type CreateOrderBody = {
  amount: number;
  currency: 'INR';
  image_url: string;
  selectedFrame: string;
  selectedSize: string;
  selectedFrameInches: number;
  selectedMotifBorder: number;
  customSize: string | 0;
  quantity: number;
  uploadId: string;
  sizeId: string | null;
  customWidth?: number;
  customHeight?: number;
};

export const createdOrderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  orderId: z.string().min(1),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** `POST /api/create-order` 🔒 with `Idempotency-Key`: the same key for a retry or a double click gives one order. */
export async function createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<CreatedOrder> {
  const answer = await authedApi.post<unknown>('/api/create-order', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return parse(createdOrderSchema, answer);
}

/** The three values Razorpay checkout (and the sandbox) hand back after a successful payment. */
export const paymentSuccessSchema = z.object({
  razorpay_order_id: z.string().min(1),
  razorpay_payment_id: z.string().min(1),
  razorpay_signature: z.string().min(1),
});
export type PaymentSuccess = z.infer<typeof paymentSuccessSchema>;

/** The `error` of Razorpay checkout's `payment.failed` event (and of a failed sandbox payment). */
export const paymentFailureSchema = z
  .object({
    code: z.string().optional(),
    description: z.string().optional(),
    source: z.string().optional(),
    step: z.string().optional(),
    reason: z.string().optional(),
    metadata: z.object({ order_id: z.string().optional(), payment_id: z.string().optional() }).loose().optional(),
  })
  .loose();
export type PaymentFailure = z.infer<typeof paymentFailureSchema>;

export type SandboxCard = 'success' | 'failure' | string;

export type SandboxResult = { ok: true; payment: PaymentSuccess } | { ok: false; error: PaymentFailure };

/** `POST /api/sandbox/pay` 🔒 (development and tests only). */
export async function sandboxPay(providerOrderId: string, card: SandboxCard): Promise<SandboxResult> {
  const answer = await authedApi.post<unknown>('/api/sandbox/pay', { razorpay_order_id: providerOrderId, card });
  const success = paymentSuccessSchema.safeParse(answer);
  if (success.success) return { ok: true, payment: success.data };
  const failure = z.object({ error: paymentFailureSchema }).safeParse(answer);
  if (failure.success) return { ok: false, error: failure.data.error };
  throw badAnswer();
}

export const VERIFIED_MESSAGE = 'Payment verified successfully';

/** `POST /api/verify-payment` 🔒 → `{message: 'Payment verified successfully', orderId}`. */
export async function verifyPayment(payment: PaymentSuccess): Promise<{ message: string; orderId: string }> {
  const answer = await authedApi.post<unknown>('/api/verify-payment', payment);
  return parse(z.object({ message: z.string(), orderId: z.string() }).loose(), answer);
}

export const ORDER_STATUSES = ['created', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;

export const orderSummarySchema = z
  .object({
    _id: z.string().min(1),
    createdAt: z.string(),
    status: z.string(),
    totalPaise: z.number().int().nonnegative(),
    /** Included in totalPaise; absent from older answers. */
    shippingPaise: z.number().int().nonnegative().nullish(),
    quantity: z.number().int().positive().optional(),
    frameName: z.string().nullish(),
    sizeName: z.string().nullish(),
    thumbnailUrl: z.string().nullish(),
    trackingNumber: z.string().nullish(),
    carrier: z.string().nullish(),
  })
  .loose();
export type OrderSummaryRow = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  payment: z
    .object({
      providerOrderId: z.string().nullish(),
      paymentId: z.string().nullish(),
      failureReason: z.string().nullish(),
      failureCode: z.string().nullish(),
    })
    .loose()
    .nullish(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `GET /api/orders/:id` 🔒 (id = our order number) → `{order}`. */
export async function fetchOrder(orderNumber: string): Promise<OrderDetail> {
  const answer = await authedApi.get<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}`);
  return parse(z.object({ order: orderDetailSchema }), answer).order;
}

/** `GET /api/orders` 🔒 → `{orders}` newest first; one malformed row is skipped rather than hiding every order. */
export async function fetchOrders(): Promise<OrderSummaryRow[]> {
  const answer = parse(z.object({ orders: z.array(z.unknown()) }), await authedApi.get<unknown>('/api/orders'));
  return answer.orders.flatMap((item) => {
    const row = orderSummarySchema.safeParse(item);
    return row.success ? [row.data] : [];
  });
}

// ── The failed payment's details, handed from the checkout to /cancel ────────────────────────────────────────

export const PAYMENT_ERROR_KEY = 'framewala.paymentError';

export type StoredPaymentError = { code: string; description: string; reason: string };

export function storePaymentError(error: Partial<StoredPaymentError>): void {
  const value: StoredPaymentError = { code: error.code ?? '', description: error.description ?? '', reason: error.reason ?? '' };
  try {
    window.sessionStorage.setItem(PAYMENT_ERROR_KEY, JSON.stringify(value));
  } catch {
    // storage disabled: /cancel falls back to the order's recorded failure
  }
}

export function readPaymentError(): StoredPaymentError | null {
  try {
    const raw = window.sessionStorage.getItem(PAYMENT_ERROR_KEY);
    if (!raw) return null;
    const parsed = z.object({ code: z.string(), description: z.string(), reason: z.string() }).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
