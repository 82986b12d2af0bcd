import { eq, sql } from 'drizzle-orm';
import { PAID_OR_LATER, transitionRefusal, type OrderActor, type OrderStatus } from '@framewala/domain';
import type { Db } from '../../db/client';
import { orders, orderStatusHistory, payments, type OrderRow } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type PaymentSource = 'verify' | 'webhook' | 'reconciliation';

export interface SettleResult {
  order: OrderRow;
  /** True when this call moved the order to paid (send the confirmation). */
  becamePaid: boolean;
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrderByProviderId(tx: Tx, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).for('update').limit(1);
  return row;
}

/** Moves an order and writes its history row; refuses through the domain's transitions table. */
export async function changeStatus(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  extra: Partial<typeof orders.$inferInsert> = {},
  note?: string,
): Promise<OrderRow> {
  const now = new Date();
  const refusal = transitionRefusal(order.status as OrderStatus, to, { actor, now, paidAt: order.paidAt });
  if (refusal) throw new Error(`order ${order.id}: ${refusal}`);
  const [updated] = await tx
    .update(orders)
    .set({ ...extra, status: to, statusChangedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor, note: note ?? null, at: now });
  return updated!;
}

/**
 * Records a captured payment and marks its order paid, in the caller's transaction (verify, webhook and
 * reconciliation all come here). The payments row is unique on the provider payment id, so a repeat adds nothing.
 * An order that is already paid (or later) never moves back; a cancelled order keeps its status (the payment is
 * kept for a refund).
 */
export async function settlePaid(
  tx: Tx,
  order: OrderRow,
  payment: { id: string; amountPaise: number },
  source: PaymentSource,
  actor: OrderActor,
): Promise<SettleResult> {
  await tx
    .insert(payments)
    .values({ orderId: order.id, providerPaymentId: payment.id, amountPaise: payment.amountPaise, source })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  if (order.status !== 'created') return { order, becamePaid: false };
  const updated = await changeStatus(tx, order, 'paid', actor, {
    paymentId: payment.id,
    paidAt: new Date(),
    failureReason: null,
    failureCode: null,
  });
  return { order: updated, becamePaid: true };
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
