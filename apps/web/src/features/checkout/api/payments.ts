/**
 * The checkout's calls: payment config, create-order with an idempotency key, the development sandbox and
 * verify-payment. Answers are checked with the domain's contracts, the schemas the API serialises with: a shape we do
 * not understand becomes an `ApiError` rather than a crash.
 */
import {
  createOrderResponseSchema,
  paymentConfigResponseSchema,
  sandboxPayFailureSchema,
  sandboxPaySuccessSchema,
  verifyPaymentResponseSchema,
  type CreatedOrder,
  type CartOrderBody,
  type CreateOrderBody,
  type PaymentConfig,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@framewala/domain';
import { z } from 'zod';
import { api, badAnswer, parseAnswer } from '../../../lib/api';
import { authedApi } from '../../../lib/auth-request';

export type { CreatedOrder, PaymentConfig };

/** `GET /api/payment-config` → `{provider, keyId, name, themeColor}` (public values only). */
export async function fetchPaymentConfig(): Promise<PaymentConfig> {
  return parseAnswer(paymentConfigResponseSchema, await api.get<unknown>('/api/payment-config'));
}

/** `POST /api/create-order` 🔒 with `Idempotency-Key`: the same key for a retry or a double click gives one order. */
export async function createOrder(body: CreateOrderBody | CartOrderBody, idempotencyKey: string): Promise<CreatedOrder> {
  const answer = await authedApi.post<unknown>('/api/create-order', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return parseAnswer(createOrderResponseSchema, answer);
}

/** The three values Razorpay checkout (and the sandbox) hand back after a successful payment: the verify body. */
export type PaymentSuccess = VerifyPaymentBody;

/** The `error` of Razorpay checkout's `payment.failed` event (and of a failed sandbox payment), read leniently. */
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
  const success = sandboxPaySuccessSchema.safeParse(answer);
  if (success.success) return { ok: true, payment: success.data };
  const failure = sandboxPayFailureSchema.safeParse(answer);
  if (failure.success) return { ok: false, error: failure.data.error };
  throw badAnswer();
}

/** `POST /api/verify-payment` 🔒 → `{message: PAYMENT_VERIFIED_MESSAGE, orderId}`. */
export async function verifyPayment(payment: PaymentSuccess): Promise<VerifyPaymentResponse> {
  return parseAnswer(verifyPaymentResponseSchema, await authedApi.post<unknown>('/api/verify-payment', payment));
}
