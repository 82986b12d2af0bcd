import crypto from 'node:crypto';
import { ShopError } from '@framewala/domain';
import type { AppContext } from '../../context';
import { webhookEvents } from '../../db/schema';
import { afterSettlement, authorizeHeld, lockOrderByProviderId, recordFailure, settlePaid, type SettleResult } from '../orders/settle';
import { verifyWebhookSignature } from './signatures';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
  error_code?: unknown;
  error_reason?: unknown;
  error_description?: unknown;
}

interface RazorpayEvent {
  event?: unknown;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: unknown; amount_paid?: unknown } } };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/**
 * POST /api/webhooks/razorpay (and the sandbox's webhook job). The HMAC is over the raw body; the event id is
 * recorded in the same transaction as its effect, so a redelivery is dropped and a crash mid-way leaves nothing
 * half-done (Razorpay redelivers until it gets a 2xx). A captured payment goes through {@link settlePaid}, the one
 * paid transition (for a held order too: a capture reported before the approval call settles it, once). An authorized
 * payment of a pay-on-approval order is recorded as its hold ({@link authorizeHeld}); of a pay-now one, it is left
 * to its capture.
 */
export async function handleWebhook(
  ctx: AppContext,
  input: { rawBody: Buffer; signature: unknown; eventId: string | undefined },
  log?: { error: (o: object, m?: string) => void },
): Promise<WebhookOutcome> {
  if (!verifyWebhookSignature(input.rawBody, input.signature, ctx.config.payments.webhookSecret)) {
    throw new ShopError('PAYMENT_NOT_VERIFIED', 'The webhook signature is not valid.');
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(input.rawBody.toString('utf8')) as RazorpayEvent;
  } catch {
    throw new ShopError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  if (!event || typeof event !== 'object') throw new ShopError('BAD_REQUEST', 'The webhook body is not an event.');
  const eventName = str(event.event) ?? 'unknown';
  const payment = event.payload?.payment?.entity;
  const providerOrderId = str(payment?.order_id) ?? str(event.payload?.order?.entity?.id);
  const eventId = str(input.eventId) ?? `body:${crypto.createHash('sha256').update(input.rawBody).digest('hex')}`;

  let settled: SettleResult | null = null;
  const outcome = await ctx.database.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ eventId, event: eventName, providerOrderId })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ eventId: webhookEvents.eventId });
    if (inserted.length === 0) return 'duplicate';
    if (!providerOrderId) return 'ignored';
    const order = await lockOrderByProviderId(tx, providerOrderId);
    if (!order) return 'ignored';

    if (eventName === 'order.paid' || eventName === 'payment.captured') {
      const paymentId = str(payment?.id);
      if (!paymentId) return 'ignored';
      // Only what the provider says was captured pays: an amount below the order's, or not in rupees, is flagged.
      const amount = typeof payment?.amount === 'number' && Number.isSafeInteger(payment.amount) ? payment.amount : 0;
      const currency = str(payment?.currency) ?? 'unknown currency';
      const result = await settlePaid(tx, order, { id: paymentId, amountPaise: amount, currency }, 'webhook', 'webhook', ctx.config.tax);
      if (result.foreignPayment) {
        log?.error({ orderId: order.id }, 'a webhook reported a payment already recorded for another order; ignored');
        return 'ignored';
      }
      settled = result;
      return 'processed';
    }
    if (eventName === 'payment.authorized') {
      const paymentId = str(payment?.id);
      if (!paymentId || order.paymentMode !== 'on_approval') return 'ignored';
      await authorizeHeld(tx, order, paymentId, 'webhook');
      return 'processed';
    }
    if (eventName === 'payment.failed') {
      await recordFailure(tx, order, {
        code: str(payment?.error_code),
        reason: str(payment?.error_reason) ?? str(payment?.error_description),
      });
      return 'processed';
    }
    return 'ignored';
  });
  if (settled) await afterSettlement(ctx, settled, log);
  return outcome;
}
