/**
 * The payment calls: the checkout's configuration, the verification of a payment the checkout reports, and the
 * development sandbox that pays or fails an order like Razorpay checkout. Shared by the API's routes and the web
 * client.
 */
import { z } from 'zod';
import { textIdSchema } from '../text';

export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The colour of Razorpay checkout's modal: the shop's saffron. */
export const PAYMENT_THEME_COLOR = '#F37254' as const;

/** GET /api/payment-config: public values only. */
export const paymentConfigResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
  name: z.string(),
  themeColor: z.literal(PAYMENT_THEME_COLOR),
});

const providerId = textIdSchema(100);

/** The three values Razorpay checkout (and the sandbox) hand back after a successful payment: the verify body. */
export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().trim().min(1).max(200),
});

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

/** The answer for a pay-on-approval order: the money is held, not taken, until the customer approves the proof. */
export const PAYMENT_AUTHORIZED_MESSAGE = 'Payment authorized';

export const verifyPaymentResponseSchema = z.object({
  message: z.union([z.literal(PAYMENT_VERIFIED_MESSAGE), z.literal(PAYMENT_AUTHORIZED_MESSAGE)]),
  orderId: z.string(),
});

/** POST /api/sandbox/pay body: `card` is 'success', 'failure' or a test card number. */
export const sandboxPayBodySchema = z.object({ razorpay_order_id: providerId, card: z.string().trim().min(1).max(40) });

/** Razorpay's payment.failed `error`, as the sandbox answers it. */
export const sandboxPaymentErrorSchema = z.object({
  code: z.string(),
  description: z.string(),
  source: z.string(),
  step: z.string(),
  reason: z.string(),
  metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
});

export const sandboxPaySuccessSchema = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export const sandboxPayFailureSchema = z.object({ error: sandboxPaymentErrorSchema });
export const sandboxPayResponseSchema = z.union([sandboxPaySuccessSchema, sandboxPayFailureSchema]);

export type PaymentConfig = z.infer<typeof paymentConfigResponseSchema>;
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
