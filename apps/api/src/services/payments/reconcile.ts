import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema';
import { authorizeHeld, changeStatus, lockOrderByProviderId, settlePaid } from '../orders/settle';
import { paymentProviderFor } from './provider';

export const RECONCILE_QUEUE = 'payments-reconcile';
export const RECONCILE_CRON = '*/5 * * * *';
/** An order still 'created' this long after its payment attempt (or its creation) is checked with the provider. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;
/** An order with no captured payment this long after creation is cancelled as abandoned. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface ReconcileResult {
  checked: number;
  paid: number;
  cancelled: number;
  errors: number;
}

/**
 * Settles orders the browser and the webhooks left 'created': asks the provider for the order's payments; a
 * captured (or authorized) one marks the order paid (actor 'system'); none after 24 hours cancels it as abandoned. A
 * pay-on-approval order is paid only by a captured payment: an authorized one is recorded as its hold.
 */
export async function runReconciliation(
  deps: { config: Config; database: Database },
  options: { now?: Date; onPaid?: (order: OrderRow) => Promise<void>; log?: { error: (o: object, m?: string) => void } } = {},
): Promise<ReconcileResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const { db } = deps.database;
  const provider = paymentProviderFor(deps.config, deps.database);
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'created'),
        lte(sql`coalesce(${orders.paymentAttemptedAt}, ${orders.createdAt})`, cutoff),
        or(isNull(orders.reconciledAt), lte(orders.reconciledAt, cutoff)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);

  const result: ReconcileResult = { checked: 0, paid: 0, cancelled: 0, errors: 0 };
  for (const candidate of due) {
    result.checked += 1;
    try {
      const reported = await provider.fetchOrderPayments(candidate.providerOrderId);
      const authorized = reported.find((p) => p.status === 'authorized');
      const captured = reported.find((p) => p.status === 'captured') ?? (candidate.paymentMode === 'on_approval' ? undefined : authorized);
      const outcome = await db.transaction(async (tx) => {
        const order = await lockOrderByProviderId(tx, candidate.providerOrderId);
        if (!order || order.status !== 'created') return null;
        if (!captured && authorized && order.paymentMode === 'on_approval') {
          await authorizeHeld(tx, order, authorized.id, 'system', now);
          return null;
        }
        if (captured) {
          const settled = await settlePaid(
            tx,
            order,
            { id: captured.id, amountPaise: captured.amount, currency: captured.currency },
            'reconciliation',
            'system',
            deps.config.tax,
          );
          return settled.becamePaid ? { paid: settled.order as OrderRow } : null;
        }
        if (now.getTime() - order.createdAt.getTime() >= ABANDON_AFTER_MS) {
          await changeStatus(tx, order, 'cancelled', 'system', { reconciledAt: now }, 'abandoned: no payment within 24 hours');
          return { cancelled: true };
        }
        const failed = reported.filter((p) => p.status === 'failed').at(-1);
        await tx
          .update(orders)
          .set({
            reconciledAt: now,
            ...(failed && !order.failureReason
              ? { failureReason: failed.errorReason ?? failed.errorDescription, failureCode: failed.errorCode }
              : {}),
          })
          .where(eq(orders.id, order.id));
        return null;
      });
      if (outcome && 'paid' in outcome && outcome.paid) {
        result.paid += 1;
        await options.onPaid?.(outcome.paid);
      } else if (outcome) result.cancelled += 1;
    } catch (err) {
      result.errors += 1;
      options.log?.error({ err, orderId: candidate.id }, 'reconciliation of an order failed');
    }
  }
  return result;
}
