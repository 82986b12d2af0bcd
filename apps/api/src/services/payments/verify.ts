import { PAYMENT_VERIFIED_MESSAGE, ShopError, transitionRefusal } from '@framewala/domain';
import type { AppContext } from '../../context';
import type { OrderAddressSnapshot, OrderLineSnapshot } from '../../db/schema';
import { SESSION_INVALID } from '../../plugins/auth';
import { queueOrderConfirmation } from '../orders/confirmation';
import { queuePrintFileForPaidOrder } from '../print/service';
import { PAID_AFTER_CANCEL_NOTE, PAID_AFTER_CANCEL_REFUND_REASON } from '../orders/settle';
import { refundPendingPayment } from './refunds';
import { verifyPaymentSignature } from './signatures';

export { PAYMENT_VERIFIED_MESSAGE };

/**
 * The verify's whole write in one statement (one implicit transaction; docs/decisions/032-checkout-round-trips.md),
 * doing what `settlePaid` does for the webhook and reconciliation: lock the order row; record the payment (unique on
 * the provider payment id, so a replay adds nothing); when the order is still 'created' and the payment row is its
 * own (an id already recorded for another order pays nothing), move it to paid with its history row. A payment
 * reaching a cancelled order is stored marked for refund and the order flagged for the owner. Nothing is written
 * unless the order is the customer's and the token's session version is the account's. A concurrent webhook either
 * waits for this statement or makes it find the order already paid (the row lock, re-read after the wait).
 */
const SETTLE_VERIFIED = {
  name: 'framewala-verify-payment-2',
  text: `WITH o AS (
  SELECT id, user_id, status, amount_paise, status IN ('cancelled', 'refunded') AS closed
  FROM orders WHERE provider_order_id = $1 FOR UPDATE
), ok AS (
  SELECT o.id FROM o WHERE o.user_id = $2 AND EXISTS (
    SELECT 1 FROM users WHERE id = $2 AND ($4::int IS NULL OR session_version = $4::int))
), prior AS (
  SELECT order_id FROM payments WHERE provider_payment_id = $3
), p AS (
  INSERT INTO payments (order_id, provider_payment_id, amount_paise, source, refund_status, refund_reason)
  SELECT o.id, $3, o.amount_paise, 'verify', CASE WHEN o.closed THEN 'pending' END, CASE WHEN o.closed THEN $5 END
  FROM o JOIN ok ON ok.id = o.id
  ON CONFLICT (provider_payment_id) DO NOTHING
  RETURNING order_id
), own AS (
  SELECT o.id, o.status, o.closed FROM o JOIN ok ON ok.id = o.id
  WHERE EXISTS (SELECT 1 FROM p) OR EXISTS (SELECT 1 FROM prior WHERE prior.order_id = o.id)
), u AS (
  UPDATE orders SET status = 'paid', payment_id = $3, paid_at = now(), failure_reason = NULL, failure_code = NULL,
         status_changed_at = now(), updated_at = now()
  FROM own
  WHERE orders.id = own.id AND own.status = 'created'
  RETURNING orders.id, orders.payment_id, orders.line, orders.address, orders.quantity, orders.amount_paise
), f AS (
  UPDATE orders SET payment_flag = 'paid_after_cancel', payment_flag_note = $6, updated_at = now()
  FROM own
  WHERE orders.id = own.id AND own.closed
  RETURNING orders.id
), h AS (
  INSERT INTO order_status_history (order_id, from_status, to_status, actor, at) SELECT id, 'created', 'paid', 'customer', now() FROM u
)
SELECT
  (SELECT session_version FROM users WHERE id = $2) AS session_version,
  (SELECT json_build_object('id', o.id, 'userId', o.user_id, 'closed', o.closed) FROM o) AS found,
  EXISTS (SELECT 1 FROM own) AS own,
  (SELECT json_build_object('id', u.id, 'paymentId', u.payment_id, 'line', u.line, 'address', u.address, 'quantity', u.quantity,
          'amountPaise', u.amount_paise) FROM u) AS paid,
  (SELECT json_build_object('email', email, 'firstName', first_name) FROM users WHERE id = $2) AS customer`,
};

const FIND_ORDER = {
  name: 'framewala-verify-payment-find',
  text: `SELECT (SELECT session_version FROM users WHERE id = $2) AS session_version,
  (SELECT json_build_object('id', id, 'userId', user_id) FROM orders WHERE provider_order_id = $1) AS found`,
};

interface SettleRow {
  session_version: number | null;
  found: { id: string; userId: string; closed?: boolean } | null;
  own?: boolean;
  paid: {
    id: string;
    paymentId: string;
    line: OrderLineSnapshot;
    address: OrderAddressSnapshot;
    quantity: number;
    amountPaise: number;
  } | null;
  customer: { email: string; firstName: string } | null;
}

// The move this statement makes is the domain's created → paid by the customer, always allowed: checked once here.
const refusal = transitionRefusal('created', 'paid', { actor: 'customer', now: new Date(), paidAt: null });
if (refusal) throw new Error(`verify-payment: ${refusal}`);

/**
 * POST /api/verify-payment: a timing-safe HMAC check against the order id we stored (the order is looked up by that
 * id, so it is the one signed), then the payments row and the order's move to paid in one statement. A replay (or a
 * verify after the webhook) answers success and adds nothing. A payment id recorded for another order answers 409
 * PAYMENT_OF_ANOTHER_ORDER; a payment for a cancelled order answers 409 PAID_ORDER_CANCELLED once its refund is asked
 * for (or left for the reconciliation job to ask again).
 *
 * `sessionVersion`: the token's, checked against the account in the same statement (401 when it no longer matches);
 * null when the auth plugin has already checked it.
 */
export async function verifyPayment(
  ctx: AppContext,
  userId: string,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  log?: { error: (o: object, m?: string) => void },
  sessionVersion: number | null = null,
): Promise<{ message: typeof PAYMENT_VERIFIED_MESSAGE; orderId: string }> {
  const signed = verifyPaymentSignature(
    body.razorpay_order_id,
    body.razorpay_payment_id,
    body.razorpay_signature,
    ctx.config.payments.keySecret,
  );
  const {
    rows: [row],
  } = await ctx.database.pool.query<SettleRow>(
    signed
      ? {
          ...SETTLE_VERIFIED,
          values: [
            body.razorpay_order_id,
            userId,
            body.razorpay_payment_id,
            sessionVersion,
            PAID_AFTER_CANCEL_REFUND_REASON,
            PAID_AFTER_CANCEL_NOTE,
          ],
        }
      : { ...FIND_ORDER, values: [body.razorpay_order_id, userId] },
  );
  if (!row || row.session_version === null || (sessionVersion !== null && row.session_version !== sessionVersion)) {
    throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
  }
  if (!row.found || row.found.userId !== userId) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
  if (!signed) throw new ShopError('PAYMENT_NOT_VERIFIED');
  const orderId = row.found.id;
  if (!row.own) {
    // Recorded for another order, or by a webhook that committed while this statement waited for the order's lock
    // (its row was not in this statement's snapshot): a fresh look tells which.
    const { rows } = await ctx.database.pool.query<{ order_id: string }>('SELECT order_id FROM payments WHERE provider_payment_id = $1', [
      body.razorpay_payment_id,
    ]);
    if (rows[0]?.order_id !== orderId) throw new ShopError('PAYMENT_OF_ANOTHER_ORDER');
  }
  if (row.found.closed) {
    await refundPendingPayment(ctx, body.razorpay_payment_id, log);
    throw new ShopError('PAID_ORDER_CANCELLED', undefined, { orderId });
  }
  if (row.paid && row.customer) {
    await queueOrderConfirmation(ctx, row.paid, row.customer).catch((err: unknown) =>
      log?.error({ err, orderId }, 'order confirmation e-mail could not be queued'),
    );
  }
  if (row.paid) await queuePrintFileForPaidOrder(ctx, row.paid.id, log);
  return { message: PAYMENT_VERIFIED_MESSAGE, orderId };
}
