import { and, eq, sql } from 'drizzle-orm';
import {
  formatInr,
  HOLD_STATUSES,
  holdEndsAt,
  PAID_OR_LATER,
  type OrderActor,
  type OrderPayment,
  type OrderStatus,
  type TaxSettings,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { carts, couponRedemptions, orders, orderStatusHistory, payments, type OrderRow } from '../../db/schema';
import { COUPON_REFUSALS_AT_PAYMENT, couponRefusalOfFlag, redeemForPaidOrder } from '../coupons';
import { issueCreditNote, issueInvoice } from '../invoices';
import { refundPendingPayment } from '../payments/refunds';
import { queuePrintFileForPaidOrder } from '../print/service';
import { sendOrderConfirmation } from './confirmation';
import { assertTransition } from './transitions';

/** Who reported a captured payment first; 'approval' is the capture made when the customer approved her proof. */
export type PaymentSource = 'verify' | 'webhook' | 'reconciliation' | 'approval';

/** How a move is made: by the call that also moves the money or the proof (`viaHoldCall`), and at which time. */
export interface MoveOptions {
  viaHoldCall?: boolean;
  now?: Date;
}

export interface SettleResult {
  order: OrderRow;
  /** True when this call moved the order to paid (send the confirmation). */
  becamePaid: boolean;
  /** A payment to refund once the transaction has committed (refundPendingPayment), or null. */
  refundPaymentId: string | null;
  /** The payment id is already recorded for another order: it pays nothing here. */
  foreignPayment: boolean;
}

/** Closed orders: a payment reaching one is kept and refunded, never turned into a sale. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set<OrderStatus>(['cancelled', 'refunded']);

export const PAID_AFTER_CANCEL_FLAG = 'paid_after_cancel';
export const PAID_AFTER_CANCEL_NOTE = 'A payment arrived after this order was cancelled. It is refunded to the customer in full.';
export const PAID_AFTER_CANCEL_REFUND_REASON = 'order cancelled before the payment arrived';
export const AMOUNT_MISMATCH_FLAG = 'amount_mismatch';

/** The owner's note for a captured payment that does not cover the order (or is not in rupees). */
export function amountMismatchNote(payment: { amountPaise: number; currency: string }, orderPaise: number): string {
  const paid = payment.currency === 'INR' ? formatInr(payment.amountPaise) : `${payment.amountPaise / 100} ${payment.currency}`;
  return `The provider reported a captured payment of ${paid} for an order of ${formatInr(orderPaise)}: the order was not marked paid. Check the payment with the provider.`;
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrderByProviderId(tx: Tx, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).for('update').limit(1);
  return row;
}

/**
 * Moves an order and writes its history row. The domain's transitions table and guards decide: a refused move throws
 * 409 ORDER_TRANSITION_REFUSED with the domain's reason code and the caller's transaction writes nothing.
 */
export async function changeStatus(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  extra: Partial<typeof orders.$inferInsert> = {},
  note?: string,
  options: MoveOptions = {},
): Promise<OrderRow> {
  const now = options.now ?? new Date();
  assertTransition(order.status as OrderStatus, to, {
    actor,
    now,
    paidAt: order.paidAt,
    payment: order.paymentMode as OrderPayment,
    holdEndsAt: order.holdEndsAt,
    viaHoldCall: options.viaHoldCall ?? false,
  });
  const [updated] = await tx
    .update(orders)
    .set({ ...extra, status: to, statusChangedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor, note: note ?? null, at: now });
  // A cancellation after payment cancels the tax invoice with a credit note (the refund that follows needs no other).
  if (to === 'cancelled' && order.paidAt) await issueCreditNote(tx, order.id, note ?? `cancelled by ${actor}`);
  return updated!;
}

/**
 * The one way an order becomes paid: records a captured payment and moves its order to paid through
 * {@link changeStatus} (the domain's transitions table and guard), in the caller's transaction, which has locked the
 * order row ({@link lockOrderByProviderId}). Verify, webhook and reconciliation all come here, then call
 * {@link afterSettlement} once their transaction has committed.
 *
 * The payments row is unique on the provider payment id, so a repeat adds nothing, and an order is only paid by a
 * payment row of its own (an id already recorded for another order pays nothing). An order that is already paid (or
 * later) never moves back. A payment reaching a cancelled order is kept, marked for refund and flagged for the owner;
 * one that does not cover the order, or is not in rupees, is kept and flagged, and the order stays unpaid. A move the
 * guard refuses (an actor that may not pay an order) throws and the transaction writes nothing.
 *
 * Becoming paid also counts the order's coupon use (the coupon row locked; when none is left because the order's
 * hold expired and others paid meanwhile, the order is cancelled and the payment refunded in full) and issues the
 * tax invoice with the next number of the financial year (`taxDefaults`: the seller until the owner saves theirs).
 */
export async function settlePaid(
  tx: Tx,
  order: OrderRow,
  payment: { id: string; amountPaise: number; currency?: string | undefined },
  source: PaymentSource,
  actor: OrderActor,
  taxDefaults: TaxSettings,
): Promise<SettleResult> {
  const currency = payment.currency ?? 'INR';
  const closed = CLOSED_STATUSES.has(order.status);
  const inserted = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      currency,
      source,
      refundStatus: closed ? 'pending' : null,
      refundReason: closed ? PAID_AFTER_CANCEL_REFUND_REASON : null,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId })
    .returning({ id: payments.id });
  const unchanged: SettleResult = { order, becamePaid: false, refundPaymentId: null, foreignPayment: false };
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.providerPaymentId, payment.id))
      .limit(1);
    if (existing && existing.orderId !== order.id) return { ...unchanged, foreignPayment: true };
  }
  // The payment that had this order cancelled for its coupon, again (the webhook, then the browser's verify): the
  // refund is already asked for, and the order keeps the coupon's reason for the customer.
  if (closed && inserted.length === 0 && couponRefusalOfFlag(order.paymentFlag)) return { ...unchanged, refundPaymentId: payment.id };
  if (closed) {
    const [flagged] = await tx
      .update(orders)
      .set({ paymentFlag: PAID_AFTER_CANCEL_FLAG, paymentFlagNote: PAID_AFTER_CANCEL_NOTE, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return { ...unchanged, order: flagged ?? order, refundPaymentId: payment.id };
  }
  // Already paid or later: a replay, or a second payment of a paid order, is recorded and moves nothing.
  if (PAID_OR_LATER.has(order.status as OrderStatus)) return unchanged;
  // A released hold was never captured by the shop: a capture reported for it is kept, refunded and flagged.
  if (order.status === 'released') {
    await tx
      .update(payments)
      .set({ refundStatus: 'pending', refundReason: PAID_AFTER_CANCEL_REFUND_REASON })
      .where(and(eq(payments.providerPaymentId, payment.id), eq(payments.orderId, order.id)));
    const [flagged] = await tx
      .update(orders)
      .set({ paymentFlag: PAID_AFTER_CANCEL_FLAG, paymentFlagNote: PAID_AFTER_CANCEL_NOTE, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning();
    return { ...unchanged, order: flagged ?? order, refundPaymentId: inserted.length > 0 ? payment.id : null };
  }
  // A capture of a held order reported before its authorization was: the hold is recorded first, then paid.
  if (order.paymentMode === 'on_approval' && order.status === 'created') {
    order = await authorizeHeld(tx, order, payment.id, actor);
  }
  const held = HOLD_STATUSES.has(order.status as OrderStatus);
  if (payment.amountPaise < order.amountPaise || currency !== 'INR') {
    const [flagged] = await tx
      .update(orders)
      .set({
        paymentFlag: AMOUNT_MISMATCH_FLAG,
        paymentFlagNote: amountMismatchNote({ amountPaise: payment.amountPaise, currency }, order.amountPaise),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    return { ...unchanged, order: flagged ?? order };
  }
  const couponRefusal = await redeemForPaidOrder(tx, order, held);
  if (couponRefusal) {
    const why = COUPON_REFUSALS_AT_PAYMENT[couponRefusal];
    await tx
      .update(payments)
      .set({ refundStatus: 'pending', refundReason: why.refundReason })
      .where(and(eq(payments.providerPaymentId, payment.id), eq(payments.orderId, order.id)));
    const cancelled = await changeStatus(tx, order, 'cancelled', actor, { paymentFlag: why.flag, paymentFlagNote: why.note }, why.note);
    return { ...unchanged, order: cancelled, refundPaymentId: payment.id };
  }
  const updated = await changeStatus(
    tx,
    order,
    'paid',
    actor,
    { paymentId: payment.id, paidAt: new Date(), failureReason: null, failureCode: null },
    held ? 'the held payment was captured' : undefined,
    { viaHoldCall: held },
  );
  // What was ordered from the cart leaves it once it is paid for, and only that: a line whose quantity was raised
  // after the order keeps the pieces not ordered (lines added since stay; a photo bought at once never touched the cart).
  const fromCart = order.lines.flatMap((l) => (l.cartLineId ? [{ id: l.cartLineId, quantity: l.quantity }] : []));
  if (fromCart.length > 0) {
    // One statement: a line holding no more than was ordered goes, one holding more keeps the difference.
    await tx.execute(sql`WITH ordered AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(fromCart)}::jsonb) AS o(id text, quantity int)),
      gone AS (DELETE FROM cart_lines c USING ordered o WHERE c.user_id = ${order.userId} AND c.id = o.id AND c.quantity <= o.quantity)
      UPDATE cart_lines c SET quantity = c.quantity - o.quantity, updated_at = now() FROM ordered o
       WHERE c.user_id = ${order.userId} AND c.id = o.id AND c.quantity > o.quantity`);
    // The cart's code was spent on this order.
    if (order.couponCode) {
      await tx
        .update(carts)
        .set({ couponCode: null })
        .where(and(eq(carts.userId, order.userId), eq(carts.couponCode, order.couponCode)));
    }
  }
  await issueInvoice(tx, updated, taxDefaults);
  return { ...unchanged, order: updated, becamePaid: true };
}

/**
 * What follows a committed settlement, outside its transaction: a payment that reached a cancelled order is refunded;
 * an order that has just become paid gets its confirmation e-mail and its print-file job queued (each stored once per
 * order, and left for the reconciliation job's sweep when the queue fails).
 */
export async function afterSettlement(
  ctx: AppContext,
  result: Pick<SettleResult, 'order' | 'becamePaid' | 'refundPaymentId'>,
  log?: { error: (o: object, m?: string) => void },
): Promise<void> {
  if (result.refundPaymentId) await refundPendingPayment(ctx, result.refundPaymentId, log);
  if (result.becamePaid) {
    await sendOrderConfirmation(ctx, result.order, log);
    await queuePrintFileForPaidOrder(ctx, result.order.id, log, result.order.lines.length);
  }
}

/**
 * Records the authorized (held) payment of a pay-on-approval order and moves it to authorized, its hold ending
 * {@link holdEndsAt} from now; its coupon use stays held (not counted) until the hold ends. Verify, the
 * `payment.authorized` webhook and reconciliation come here, in a transaction that has locked the order row: an order
 * already past `created` is answered as it is (the same authorization reported twice moves nothing).
 */
export async function authorizeHeld(tx: Tx, order: OrderRow, paymentId: string, actor: OrderActor, now = new Date()): Promise<OrderRow> {
  if (order.status !== 'created') return order;
  const endsAt = holdEndsAt(now);
  const updated = await changeStatus(
    tx,
    order,
    'authorized',
    actor,
    { heldPaymentId: paymentId, holdEndsAt: endsAt, failureReason: null, failureCode: null },
    'the payment is held until the proof is approved',
    { viaHoldCall: true, now },
  );
  if (order.couponCode) {
    await tx
      .update(couponRedemptions)
      .set({ heldUntil: endsAt })
      .where(and(eq(couponRedemptions.orderId, order.id), eq(couponRedemptions.status, 'held')));
  }
  return updated;
}

/** Records a failed attempt on an unpaid order (the customer may try again); a paid order is left alone. */
export async function recordFailure(tx: Tx, order: OrderRow, failure: { code: string | null; reason: string | null }): Promise<void> {
  if (PAID_OR_LATER.has(order.status as OrderStatus) || order.status !== 'created') return;
  await tx
    .update(orders)
    .set({
      failureCode: failure.code,
      failureReason: failure.reason,
      paymentAttemptedAt: sql`coalesce(${orders.paymentAttemptedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}
