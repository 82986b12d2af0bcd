import { formatInr } from '@framewala/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InvoiceLink } from '../../components/invoice-link';
import { TrackingNumber } from '../../components/tracking-number';
import { OrderLineSummary } from '../../components/order-lines';
import { orderLineView } from '../../lib/orders/line-view';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { statusText } from '../../lib/orders/order-status';
import { ordersQueryOptions } from './api/orders';
import type { OrderSummary } from '@framewala/domain';
import { formatDate } from '../../lib/format';
import { Card, NotAvailable } from './profile-card';

const is401 = (error: unknown) => isApiError(error) && error.status === 401;

/** The order history: `GET /api/orders` (newest first), every framed photo of each order, or the empty state. */
export function OrdersCard() {
  const { t } = useLingui();
  const session = useSession();
  const orders = useQuery(ordersQueryOptions(session?.token ?? null));
  return (
    <Card id="profile-orders-heading" title={t`Order history`}>
      {orders.isPending ? (
        <p role="status" className="text-ink-500">
          <Trans>Loading your orders…</Trans>
        </p>
      ) : orders.isError ? (
        is401(orders.error) ? null : (
          <div role="alert" className="flex flex-col items-start gap-3 text-ink-700">
            <p>
              <Trans>We couldn’t load your orders just now.</Trans>
            </p>
            <button type="button" onClick={() => void orders.refetch()} className={secondaryButton}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )
      ) : (
        <OrderHistory orders={orders.data} />
      )}
    </Card>
  );
}

/**
 * A payment attempt that was abandoned: an order never paid (still waiting for its payment, or closed without one; a
 * paid order always has its tax invoice). It is no order to the customer, so the history leaves it out: what she
 * chose stays in her cart until an order of it is paid.
 */
function isAbandonedAttempt(order: Pick<OrderSummary, 'status' | 'invoice'>): boolean {
  return order.status === 'created' || (order.status === 'cancelled' && !order.invoice);
}

export function OrderHistory({ orders: every }: { orders: OrderSummary[] }) {
  const orders = every.filter((order) => !isAbandonedAttempt(order));
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-200 bg-cream px-5 py-6">
        <p className="text-ink-700">
          <Trans>No orders yet. When you order a frame, it appears here with its status.</Trans>
        </p>
        <Link to="/" className={primaryButton}>
          <Trans>Frame a photo</Trans>
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    );
  }
  return (
    <>
      <OrderCards orders={orders} />
      <div className="-mx-1 hidden overflow-x-auto px-1 sm:block">
        <table className="w-full min-w-[28rem] text-left">
          <caption className="sr-only">
            <Trans>Your orders</Trans>
          </caption>
          <thead>
            <tr className="border-b border-ink-100 text-sm text-ink-500">
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Order</Trans>
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {orders.map((order) => (
              <tr key={order._id}>
                <td className="py-3 pr-4 font-medium text-ink-900">
                  <Link to={`/orders/${encodeURIComponent(order._id)}`} className={textLink}>
                    {order._id}
                  </Link>
                  <OrderLineSummary lines={order.lines.map(orderLineView)} />
                  {order.invoice ? <InvoiceLink invoice={order.invoice} compact className="font-normal" /> : null}
                </td>
                <td className="py-3 pr-4 text-ink-700">{order.createdAt ? formatDate(order.createdAt) : <NotAvailable />}</td>
                <td className="py-3 pr-4">
                  <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
                    {statusText(order.status)}
                  </span>
                  {order.trackingNumber ? (
                    <span className="mt-1.5 block text-sm text-ink-600">
                      <Tracking number={order.trackingNumber} carrier={order.carrier} />
                    </span>
                  ) : null}
                </td>
                <td className="py-3 text-right font-medium whitespace-nowrap text-ink-900">{formatInr(order.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'Tracking EE123456789IN (India Post)', the number a link to the carrier's tracking page where the shop knows it. */
function Tracking({ number: trackingNumber, carrier }: { number: string; carrier?: string | null }) {
  // Named `number` in the messages, as before the number became a link.
  const number = <TrackingNumber number={trackingNumber} carrier={carrier} compact />;
  return carrier ? (
    <Trans>
      Tracking {number} ({carrier})
    </Trans>
  ) : (
    <Trans>Tracking {number}</Trans>
  );
}

/** On a phone each order is a card (a table of four columns does not fit 390 px); the table shows from the sm width. */
function OrderCards({ orders }: { orders: OrderSummary[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Your orders`} className="space-y-3 sm:hidden" data-testid="order-cards">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-ink-100 bg-cream/60 px-4 py-3.5">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={`/orders/${encodeURIComponent(order._id)}`} className={`${textLink} min-w-0 break-all`}>
              {order._id}
            </Link>
            <span className="shrink-0 font-semibold whitespace-nowrap text-ink-900 tabular-nums">{formatInr(order.totalPaise)}</span>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
            <span className="text-sm text-ink-600">{order.createdAt ? formatDate(order.createdAt) : <NotAvailable />}</span>
            <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
              {statusText(order.status)}
            </span>
          </div>
          <OrderLineSummary lines={order.lines.map(orderLineView)} />
          {order.trackingNumber ? (
            <p className="mt-2 text-sm break-words text-ink-600">
              <Tracking number={order.trackingNumber} carrier={order.carrier} />
            </p>
          ) : null}
          {order.invoice ? <InvoiceLink invoice={order.invoice} compact /> : null}
        </li>
      ))}
    </ul>
  );
}
