import { eq, sql } from 'drizzle-orm';
import { ShopError } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { handleWebhook } from './webhooks';
import { randomProviderId, SandboxProvider, paymentProviderFor } from './provider';
import { paymentSignature, webhookSignature } from './signatures';

export const SANDBOX_WEBHOOK_QUEUE = 'sandbox-webhook';
export const SANDBOX_SUCCESS_CARD = '4111111111111111';
export const SANDBOX_FAILURE_CARD = '4000000000000002';

interface SandboxWebhookJob {
  body: string;
  eventId: string;
}

export interface SandboxFailure {
  error: {
    code: 'BAD_REQUEST_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export interface SandboxSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'success' | 'failure' | a card number → what the sandbox does with it. */
export function sandboxOutcome(card: string): 'success' | 'payment_failed' | 'card_declined' {
  if (card === 'success') return 'success';
  if (card === 'failure') return 'payment_failed';
  const digits = card.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    throw new ShopError('VALIDATION', 'Please enter a test card number, e.g. 4111 1111 1111 1111.', { field: 'card' });
  }
  return digits === SANDBOX_FAILURE_CARD ? 'card_declined' : 'success';
}

/** Defines the sandbox's webhook queue and its worker: it signs the body with the webhook secret and calls the same handler. */
export async function startSandboxWebhooks(ctx: AppContext, log?: { error: (o: object, m?: string) => void }) {
  await ctx.jobs.define(SANDBOX_WEBHOOK_QUEUE, { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
  const workerId = await ctx.jobs.work<SandboxWebhookJob>(
    SANDBOX_WEBHOOK_QUEUE,
    async (job) => {
      const rawBody = Buffer.from(job.body, 'utf8');
      await handleWebhook(
        ctx,
        { rawBody, signature: webhookSignature(rawBody, ctx.config.payments.webhookSecret), eventId: job.eventId },
        log,
      );
    },
    { pollingIntervalSeconds: 2 },
  );
  return {
    async queue(body: object): Promise<void> {
      await ctx.jobs.send(SANDBOX_WEBHOOK_QUEUE, {
        body: JSON.stringify(body),
        eventId: randomProviderId('evt'),
      } satisfies SandboxWebhookJob);
      ctx.jobs.notify(workerId);
    },
  };
}

function paymentEntity(
  orderId: string,
  paymentId: string,
  amount: number,
  status: string,
  error?: { code: string; reason: string; description: string },
) {
  return {
    id: paymentId,
    entity: 'payment',
    amount,
    currency: 'INR',
    status,
    order_id: orderId,
    method: 'card',
    captured: status === 'captured',
    error_code: error?.code ?? null,
    error_description: error?.description ?? null,
    error_source: error ? 'bank' : null,
    error_step: error ? 'payment_authorization' : null,
    error_reason: error?.reason ?? null,
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * POST /api/sandbox/pay: pays (or fails) a sandbox order like Razorpay's checkout, signed like Razorpay. A payment of
 * a manual-capture order is authorized (webhook payment.authorized), any other captured (payment.captured).
 */
export async function sandboxPay(
  ctx: AppContext,
  userId: string,
  body: { razorpay_order_id: string; card: string },
  webhooks: { queue(body: object): Promise<void> },
  log?: { error: (o: object, m?: string) => void },
): Promise<SandboxSuccess | SandboxFailure> {
  const provider = paymentProviderFor(ctx.config, ctx.database);
  if (!(provider instanceof SandboxProvider)) throw new ShopError('ROUTE_NOT_FOUND');
  const outcome = sandboxOutcome(body.card);
  const { db } = ctx.database;
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, body.razorpay_order_id)).limit(1);
  if (!order || order.userId !== userId) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
  if (order.status !== 'created') throw new ShopError('CONFLICT', 'This order is already paid or closed.');
  await db
    .update(orders)
    .set({ paymentAttemptedAt: sql`now()`, updatedAt: new Date() })
    .where(eq(orders.id, order.id));

  const paymentId = randomProviderId('pay');
  if (outcome === 'success') {
    // A manual-capture order's payment is only authorized (the money held) until the shop captures it.
    const status = (await provider.captureModeOf(order.providerOrderId)) === 'manual' ? 'authorized' : 'captured';
    await provider.record({
      id: paymentId,
      orderId: order.providerOrderId,
      amount: order.amountPaise,
      currency: 'INR',
      status,
      errorCode: null,
      errorReason: null,
      errorDescription: null,
    });
    await webhooks.queue({
      entity: 'event',
      event: `payment.${status}`,
      contains: ['payment'],
      payload: { payment: { entity: paymentEntity(order.providerOrderId, paymentId, order.amountPaise, status) } },
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      razorpay_order_id: order.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(order.providerOrderId, paymentId, ctx.config.payments.keySecret),
    };
  }

  const error =
    outcome === 'card_declined'
      ? {
          code: 'BAD_REQUEST_ERROR',
          reason: 'card_declined',
          description: 'Your payment has been declined by your bank. Please try another card.',
        }
      : { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed', description: 'Payment failed. Please try again.' };
  await provider.record({
    id: paymentId,
    orderId: order.providerOrderId,
    amount: order.amountPaise,
    currency: 'INR',
    status: 'failed',
    errorCode: error.code,
    errorReason: error.reason,
    errorDescription: error.description,
  });
  // Recorded now (so /cancel can show it at once) through the same handler a payment.failed webhook goes through.
  const rawBody = Buffer.from(
    JSON.stringify({
      entity: 'event',
      event: 'payment.failed',
      contains: ['payment'],
      payload: { payment: { entity: paymentEntity(order.providerOrderId, paymentId, order.amountPaise, 'failed', error) } },
      created_at: Math.floor(Date.now() / 1000),
    }),
  );
  await handleWebhook(
    ctx,
    { rawBody, signature: webhookSignature(rawBody, ctx.config.payments.webhookSecret), eventId: randomProviderId('evt') },
    log,
  );
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: error.description,
      source: 'bank',
      step: 'payment_authorization',
      reason: error.reason,
      metadata: { order_id: order.providerOrderId, payment_id: paymentId },
    },
  };
}
