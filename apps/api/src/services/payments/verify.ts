import { eq } from 'drizzle-orm';
import { PAYMENT_AUTHORIZED_MESSAGE, PAYMENT_VERIFIED_MESSAGE, ShopError } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders, users } from '../../db/schema';
import { SESSION_INVALID } from '../../plugins/auth';
import { afterSettlement, authorizeHeld, lockOrderByProviderId, settlePaid, type SettleResult } from '../orders/settle';
import { COUPON_REFUSALS_AT_PAYMENT, couponRefusalOfFlag } from '../coupons';
import { verifyPaymentSignature } from './signatures';

export { PAYMENT_VERIFIED_MESSAGE };

/**
 * POST /api/verify-payment: a timing-safe HMAC check against the order id we stored (the order is looked up by that
 * id, so it is the one signed), then one transaction: the account's session is checked, the order row is locked and
 * must be the customer's, and {@link settlePaid} records the payment and moves the order to paid through the domain's
 * guard, as the webhook and reconciliation do. A concurrent webhook for the same order waits for the row lock and
 * then finds the order paid (or makes this transaction find it so), so the order is paid once. A replay (or a verify
 * after the webhook) answers success and adds nothing. A payment id recorded for another order answers 409
 * PAYMENT_OF_ANOTHER_ORDER; a payment for a cancelled order answers 409 PAID_ORDER_CANCELLED once its refund is asked
 * for (or left for the reconciliation job to ask again).
 *
 * The checks answer in this order, writing nothing: 401 when the account is gone or the token's `sessionVersion` is
 * no longer the account's (null when the auth plugin has already checked it), 404 when the order is not the
 * customer's, 400 PAYMENT_NOT_VERIFIED for a bad signature.
 *
 * A pay-on-approval order's payment is only authorized: it is recorded as the order's held payment
 * ({@link authorizeHeld}, the order moves to authorized) and the answer is "Payment authorized"; nothing is paid.
 */
export async function verifyPayment(
  ctx: AppContext,
  userId: string,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  log?: { error: (o: object, m?: string) => void },
  sessionVersion: number | null = null,
): Promise<{ message: typeof PAYMENT_VERIFIED_MESSAGE | typeof PAYMENT_AUTHORIZED_MESSAGE; orderId: string }> {
  const signed = verifyPaymentSignature(
    body.razorpay_order_id,
    body.razorpay_payment_id,
    body.razorpay_signature,
    ctx.config.payments.keySecret,
  );
  const result = await ctx.database.db.transaction(async (tx): Promise<SettleResult | { held: string }> => {
    const [account] = await tx.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId)).limit(1);
    if (!account || (sessionVersion !== null && account.sessionVersion !== sessionVersion)) {
      throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
    }
    // Only a signed payment locks the row: a bad signature reads it to answer 404 or 400 and writes nothing.
    const order = signed
      ? await lockOrderByProviderId(tx, body.razorpay_order_id)
      : (await tx.select().from(orders).where(eq(orders.providerOrderId, body.razorpay_order_id)).limit(1))[0];
    if (!order || order.userId !== userId) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
    if (!signed) throw new ShopError('PAYMENT_NOT_VERIFIED');
    if (order.paymentMode === 'on_approval') {
      const held = await authorizeHeld(tx, order, body.razorpay_payment_id, 'customer');
      return { held: held.id };
    }
    // The signature proves the checkout paid this order, for its own amount in rupees.
    return settlePaid(
      tx,
      order,
      { id: body.razorpay_payment_id, amountPaise: order.amountPaise, currency: 'INR' },
      'verify',
      'customer',
      ctx.config.tax,
    );
  });
  if ('held' in result) return { message: PAYMENT_AUTHORIZED_MESSAGE, orderId: result.held };
  if (result.foreignPayment) throw new ShopError('PAYMENT_OF_ANOTHER_ORDER');
  await afterSettlement(ctx, result, log);
  // Cancelled for its coupon (run out, already used by this customer, or not the first order after all): the
  // coupon's reason, saying the payment is refunded.
  const couponRefusal = result.refundPaymentId ? couponRefusalOfFlag(result.order.paymentFlag) : null;
  if (couponRefusal) {
    const why = COUPON_REFUSALS_AT_PAYMENT[couponRefusal];
    throw new ShopError(why.code, why.message, { orderId: result.order.id });
  }
  if (result.refundPaymentId) throw new ShopError('PAID_ORDER_CANCELLED', undefined, { orderId: result.order.id });
  return { message: PAYMENT_VERIFIED_MESSAGE, orderId: result.order.id };
}
