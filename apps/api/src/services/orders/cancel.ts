import { and, eq, isNull } from 'drizzle-orm';
import { PAID_OR_LATER, ShopError, transitionRefusal, type OrderStatus, type TransitionRefusal } from '@framewala/domain';
import type { AppContext } from '../../context';
import { creditNotes, orders, payments } from '../../db/schema';
import { refundPendingPayment } from '../payments/refunds';
import { moveRecipient, moveTransaction, prepareStatusEmails, queueCancellationEmail } from './notifications';
import { getOrder } from './read';
import { changeStatus } from './settle';

export const CUSTOMER_CANCEL_NOTE = 'Cancelled by the customer within 24 hours of payment; the payment is refunded in full.';
export const CUSTOMER_CANCEL_REFUND_REASON = 'cancelled by the customer within 24 hours of payment';

/** Why the customer may not cancel the order now, as the error the API answers; null when she may. */
function cancelRefusal(order: { status: string; paidAt: Date | null }, now: Date): ShopError | null {
  const status = order.status as OrderStatus;
  const reason: TransitionRefusal | null = transitionRefusal(status, 'cancelled', { actor: 'customer', now, paidAt: order.paidAt });
  // A customer cancels a paid order only: an unpaid one has nothing to refund (the domain lets the shop close those).
  if (status === 'paid' && reason === null) return null;
  const details = { status, reason: reason ?? 'NEVER_PAID' };
  if (reason === 'CANCELLATION_WINDOW_CLOSED') return new ShopError('CANCELLATION_WINDOW_CLOSED', undefined, details);
  // Paid and moved on: in production, shipped or delivered.
  if (status !== 'paid' && PAID_OR_LATER.has(status)) return new ShopError('PRODUCTION_STARTED', undefined, details);
  return new ShopError('ORDER_NOT_CANCELLABLE', undefined, details);
}

/**
 * The customer cancels her own paid order, free, within 24 hours of payment and before production starts. In one
 * transaction on the locked order row: the domain's state machine moves it to cancelled (actor `customer`, which the
 * owner's history shows), the tax invoice gets its credit note, the payment is marked for a full refund, and the
 * customer's e-mail is stored. Once committed, the refund is asked of the payment provider (the existing refund path;
 * the reconciliation job asks again when the provider does not answer). Another customer's order, and an unknown one,
 * are 404; any other status or a closed window is 409 with its code and the domain's `reason`.
 */
export async function cancelOrderByCustomer(
  ctx: AppContext,
  userId: string,
  orderNumber: string,
  log?: { error: (o: object, m?: string) => void },
) {
  const mail = await prepareStatusEmails(ctx);
  const refundPaymentId = await moveTransaction(ctx, async (tx, executor) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderNumber), eq(orders.userId, userId)))
      .for('update')
      .limit(1);
    if (!order) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
    const refusal = cancelRefusal(order, new Date());
    if (refusal) throw refusal;
    const cancelled = await changeStatus(tx, order, 'cancelled', 'customer', {}, CUSTOMER_CANCEL_NOTE);
    const refunding = order.paymentId
      ? await tx
          .update(payments)
          .set({ refundStatus: 'pending', refundReason: CUSTOMER_CANCEL_REFUND_REASON })
          .where(and(eq(payments.orderId, order.id), eq(payments.providerPaymentId, order.paymentId), isNull(payments.refundStatus)))
          .returning({ id: payments.providerPaymentId, amountPaise: payments.amountPaise })
      : [];
    const recipient = await moveRecipient(tx, order);
    const [note] = await tx
      .select({ number: creditNotes.number, invoiceNumber: creditNotes.invoiceNumber })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id))
      .limit(1);
    if (recipient) {
      await queueCancellationEmail(ctx, executor, {
        order: cancelled,
        ...recipient,
        cancellation: { refundPaise: refunding[0]?.amountPaise ?? order.amountPaise, creditNote: note ?? null },
      });
    }
    return refunding[0]?.id ?? null;
  });
  mail.wake();
  if (refundPaymentId) await refundPendingPayment(ctx, refundPaymentId, log);
  return getOrder(ctx, userId, orderNumber);
}
