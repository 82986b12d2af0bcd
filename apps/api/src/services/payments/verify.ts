import { ShopError } from '@framewala/domain';
import type { AppContext } from '../../context';
import { sendOrderConfirmation } from '../orders/confirmation';
import { lockOrderByProviderId, settlePaid } from '../orders/settle';
import { verifyPaymentSignature } from './signatures';

export const PAYMENT_VERIFIED_MESSAGE = 'Payment verified successfully';

/**
 * POST /api/verify-payment: a timing-safe HMAC check against the order id we stored, then the payments row and the
 * order's move to paid in one transaction. A replay (or a verify after the webhook) answers success and adds nothing.
 */
export async function verifyPayment(
  ctx: AppContext,
  userId: string,
  body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  log?: { error: (o: object, m?: string) => void },
): Promise<{ message: typeof PAYMENT_VERIFIED_MESSAGE; orderId: string }> {
  const result = await ctx.database.db.transaction(async (tx) => {
    const order = await lockOrderByProviderId(tx, body.razorpay_order_id);
    if (!order || order.userId !== userId) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
    if (!verifyPaymentSignature(order.providerOrderId, body.razorpay_payment_id, body.razorpay_signature, ctx.config.payments.keySecret)) {
      throw new ShopError('PAYMENT_NOT_VERIFIED');
    }
    return settlePaid(tx, order, { id: body.razorpay_payment_id, amountPaise: order.amountPaise }, 'verify', 'customer');
  });
  if (result.becamePaid) await sendOrderConfirmation(ctx, result.order, log);
  return { message: PAYMENT_VERIFIED_MESSAGE, orderId: result.order.id };
}
