import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { paymentProviderFor } from './provider';

/**
 * Payments that must go back to the customer (a payment that reached a cancelled order, a paid order the customer
 * cancelled within 24 hours) are stored with
 * refund_status 'pending' in the transaction that records them; this asks the provider for the refund. The row is
 * claimed first ('requesting'), so a verify and a webhook reporting the same payment at once ask only once; a refused
 * or failed request puts it back to 'pending' for the reconciliation job to try again.
 */
export async function refundPendingPayment(
  deps: { config: Config; database: Database },
  providerPaymentId: string,
  log?: { error: (o: object, m?: string) => void },
): Promise<boolean> {
  const { pool } = deps.database;
  const {
    rows: [claimed],
  } = await pool.query<{ order_id: string; amount_paise: number; refund_reason: string | null }>(
    `UPDATE payments SET refund_status = 'requesting' WHERE provider_payment_id = $1 AND refund_status = 'pending'
     RETURNING order_id, amount_paise, refund_reason`,
    [providerPaymentId],
  );
  if (!claimed) return false;
  try {
    const refund = await paymentProviderFor(deps.config, deps.database).refundPayment({
      paymentId: providerPaymentId,
      amountPaise: claimed.amount_paise,
      notes: { orderNumber: claimed.order_id, reason: claimed.refund_reason ?? 'order cancelled before the payment arrived' },
    });
    await pool.query(`UPDATE payments SET refund_status = 'refunded', refund_id = $2, refunded_at = now() WHERE provider_payment_id = $1`, [
      providerPaymentId,
      refund.id,
    ]);
    return true;
  } catch (err) {
    await pool.query(`UPDATE payments SET refund_status = 'pending' WHERE provider_payment_id = $1 AND refund_status = 'requesting'`, [
      providerPaymentId,
    ]);
    log?.error({ err, orderId: claimed.order_id }, 'refund of a payment could not be made; the reconciliation job will try again');
    return false;
  }
}

/** Asks again for the refunds still pending (the reconciliation job, every few minutes). */
export async function retryPendingRefunds(
  deps: { config: Config; database: Database },
  log?: { error: (o: object, m?: string) => void },
): Promise<number> {
  const { rows } = await deps.database.pool.query<{ provider_payment_id: string }>(
    `SELECT provider_payment_id FROM payments WHERE refund_status = 'pending' ORDER BY created_at LIMIT 50`,
  );
  let refunded = 0;
  for (const row of rows) if (await refundPendingPayment(deps, row.provider_payment_id, log)) refunded += 1;
  return refunded;
}
