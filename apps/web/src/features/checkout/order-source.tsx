import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CURRENCY, formatInr, longestOuterSide, type OrderDetail } from '@framewala/domain';
import { textLink } from '../../components/button-styles';
import { orderLineView } from '../../lib/orders/line-view';
import { isApiError } from '../../lib/api';
import { useSession, type SessionUser } from '../../lib/auth';
import { CART_QUERY_KEY } from '../../lib/cart/cart-api';
import { sourcePagePath } from '../../lib/checkout/checkout-source';
import { arrivesByText } from '../../lib/delivery/delivery-quote';
import { useShippingQuote } from '../../lib/delivery/shipping-quote';
import { clearStoredOrder } from '../../lib/order-draft/stored-order';
import { orderQueryOptions } from '../../lib/orders/orders-api';
import { framedPhotosText } from '../../lib/print-texts';
import type { CheckoutSource } from './checkout-model';
import { CheckoutNotice } from './checkout-parts';
import { CheckoutStep } from './checkout-step';
import { forgetDraftOrder, isDraftOrder } from './draft-order';

const orderPath = (orderNumber: string) => sourcePagePath({ kind: 'order', orderNumber });

/**
 * `/checkout/pay?order=<number>`: an order already made and not paid (a payment was declined), paid again as it is:
 * its lines, coupon, shipping and total are the order's (`GET /api/orders/:id`), and 'Make payment' opens the payment
 * window for its own provider order, so nothing new is created. An order no longer waiting for payment says so.
 */
export function OrderCheckout({ orderNumber, user }: { orderNumber: string; user: SessionUser }) {
  const { t } = useLingui();
  const session = useSession();
  const order = useQuery(orderQueryOptions(session?.token ?? null, orderNumber));
  const title = t`Checkout`;
  if (order.isPending) return <CheckoutNotice title={title} status={t`Loading your order…`} />;
  if (order.isError) {
    if (isApiError(order.error) && order.error.status === 401) return <CheckoutNotice title={title} />;
    return (
      <CheckoutNotice title={title}>
        {isApiError(order.error) && order.error.status === 404
          ? t`We could not find order ${orderNumber} in your account.`
          : t`We could not load your order. Please reload the page.`}
      </CheckoutNotice>
    );
  }
  const status = order.data.status;
  if (status !== 'created') {
    const link = orderPath(orderNumber);
    return (
      <CheckoutNotice title={title}>
        {status === 'cancelled' || status === 'refunded' ? (
          <Trans>
            Order {orderNumber} was cancelled, so it can no longer be paid.{' '}
            <Link to={link} className={textLink}>
              See the order
            </Link>
            .
          </Trans>
        ) : (
          <Trans>
            Order {orderNumber} is already paid.{' '}
            <Link to={link} className={textLink}>
              See the order
            </Link>
            .
          </Trans>
        )}
      </CheckoutNotice>
    );
  }
  return <OrderStep order={order.data} user={user} />;
}

function OrderStep({ order, user }: { order: OrderDetail; user: SessionUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;
  const orderNumber = order._id;
  const subtotalPaise = order.lines.reduce((sum, line) => sum + line.checkoutPaise, 0);
  // The window the order arrives in once paid now, for its own address.
  const maxOuterInches = longestOuterSide(order.lines);
  const quote = useShippingQuote(order.address.postalCode, subtotalPaise, maxOuterInches);
  const lines = order.lines.map((line, index) => ({ ...orderLineView(line, index), borderIn: line.borderIn, mouldingIn: line.mouldingIn }));
  const coupon = order.coupon;
  const source: CheckoutSource = {
    lines,
    subtotalPaise,
    discountPaise: order.discountPaise,
    gstPaise: order.gstPaise,
    shipping: order.shippingPaise === 0 ? t`Free` : formatInr(order.shippingPaise),
    totalPaise: order.totalPaise,
    note:
      lines.length > 1
        ? t`Prices include taxes. This is the amount you will pay, once, for the whole order.`
        : t`Prices include taxes. This is the amount you will pay.`,
    arrives: quote.data
      ? { text: arrivesByText(quote.data.arrivesBy), pincode: order.address.postalCode, inDirectory: quote.data.inDirectory }
      : null,
    coupon: coupon ? { applied: { code: coupon.code, summary: coupon.summary, discountPaise: order.discountPaise }, problem: null } : null,
    payment: {
      target: {
        existing: { id: order.payment.providerOrderId, amount: order.totalPaise, currency: CURRENCY, orderId: orderNumber },
      },
      description: framedPhotosText(order.quantity),
      address: order.address,
      onPaid: () => {
        // Paying an order made from the editor's frame clears the frame, as paying it at once does; a cart order's
        // lines leave the cart when it is paid.
        if (isDraftOrder(orderNumber)) {
          clearStoredOrder();
          forgetDraftOrder();
        }
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: orderQueryOptions(token, orderNumber).queryKey });
      },
      // Nothing is created, so the server never prices it again.
      onPriceChanged: () => undefined,
    },
    waiting: false,
    backTo: orderPath(orderNumber),
  };
  return <CheckoutStep source={source} user={user} />;
}
