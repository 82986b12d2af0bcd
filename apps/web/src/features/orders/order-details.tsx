import { formatInr } from '@framewala/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { OrderLines } from '../../components/order-lines';
import { orderLineView } from '../../lib/orders/line-view';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CheckIcon, ImageIcon, TruckIcon } from '../../components/icons';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { borderNameText } from '../../lib/print-texts';
import { formatPhone } from '../../lib/format';
import { type OrderDetail } from '../../lib/orders/orders-api';
import { InvoiceLink } from '../../components/invoice-link';
import { OrderArrivesBy } from '../../components/order-arrives-by';
import { TrackingNumber } from '../../components/tracking-number';
import { formatOrderTime, statusText, timelineSteps } from '../../lib/orders/order-status';
import { stateName } from '../../lib/state-names';
import { CancelOrder, REFUND_DAYS } from './cancel-order';

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-7">
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function OrderDetails({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const inches = (value: number) => {
    const amount = +value.toFixed(2);
    return t`${amount} in`;
  };
  const steps = timelineSteps(
    order.status,
    order.history.map((h) => ({ to: h.status, at: h.at })),
  );
  // Every line of the order; one line is shown fact by fact.
  const [line] = order.lines;
  const a = order.address;
  const shipped = Boolean(order.trackingNumber);
  const carrier = order.carrier ?? t`our courier`;
  // The number links to the carrier's tracking page where the shop knows the carrier (the message keeps its name).
  const trackingNumber = order.trackingNumber ? <TrackingNumber number={order.trackingNumber} carrier={order.carrier} /> : null;
  const status = statusText(order.status).toLowerCase();
  const size = line?.sizeName ?? '—';
  const frameCount = order.lines.length;
  const couponCode = order.coupon?.code;
  const paymentId = order.payment?.paymentId;
  // A paid order that was cancelled: its payment goes back (the credit note on its invoice says it was paid).
  const refunding = order.status === 'cancelled' && Boolean(order.invoice);
  const cancelledByYou = order.history.at(-1)?.status === 'cancelled' && order.history.at(-1)?.actor === 'customer';
  const cancelledAt = formatOrderTime(order.history.at(-1)?.at);
  const total = formatInr(order.totalPaise);
  const days = REFUND_DAYS;
  return (
    <div className="flex flex-col gap-6">
      <Card id="order-progress" title={t`Where your order is`}>
        {shipped ? (
          <div className="mb-5 flex items-start gap-3 rounded-2xl bg-sky-50 px-4 py-3 text-sky-950" data-testid="order-tracking">
            <TruckIcon className="mt-0.5 h-6 w-6 shrink-0" />
            <p>
              <Trans>
                Sent with <strong className="font-semibold">{carrier}</strong>. Tracking number{' '}
                <strong className="font-mono font-semibold break-all">{trackingNumber}</strong>
              </Trans>
            </p>
          </div>
        ) : null}
        {order.arrivesBy ? <OrderArrivesBy arrivesBy={order.arrivesBy} className="mb-5" /> : null}
        {steps ? (
          <ol aria-label={t`Order progress`} className="grid gap-3 sm:grid-cols-4 sm:gap-2">
            {steps.map((step) => (
              <li
                key={step.status}
                aria-current={step.state === 'current' ? 'step' : undefined}
                className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-2"
              >
                <span className="flex items-center gap-2 sm:w-full">
                  <span
                    aria-hidden="true"
                    className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                      step.state === 'todo' ? 'border-2 border-ink-200 bg-white text-ink-400' : 'bg-saffron-700 text-white'
                    } ${step.state === 'current' ? 'ring-4 ring-saffron-200' : ''}`}
                  >
                    {step.state === 'done' ? <CheckIcon className="h-4 w-4" /> : null}
                  </span>
                  {step.status !== 'delivered' ? (
                    <span
                      aria-hidden="true"
                      className={`hidden h-0.5 flex-1 sm:block ${step.state === 'done' ? 'bg-saffron-600' : 'bg-ink-100'}`}
                    />
                  ) : null}
                </span>
                <span>
                  <span className={`block font-semibold ${step.state === 'todo' ? 'text-ink-500' : 'text-ink-900'}`}>
                    {statusText(step.status)}
                  </span>
                  <span className="block text-sm text-ink-600">
                    {step.at ? formatOrderTime(step.at) : step.state === 'todo' ? t`Not yet` : ''}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-ink-700" data-testid="order-state">
            {cancelledByYou ? (
              <Trans>
                You <strong className="font-semibold">cancelled</strong> this order on {cancelledAt}.
              </Trans>
            ) : (
              <Trans>
                This order is <strong className="font-semibold">{status}</strong>.
              </Trans>
            )}
            {refunding ? (
              <>
                {' '}
                <Trans>
                  Your payment of {total} is being refunded to the card, UPI or bank account you paid with: it reaches you in {days} working
                  days.
                </Trans>
              </>
            ) : null}
            {order.status === 'created' ? (
              <>
                {' '}
                <Trans>It will be made once the payment goes through.</Trans>
              </>
            ) : null}
            {order.status === 'cancelled' || order.status === 'refunded' ? (
              <>
                {' '}
                <Trans>Questions? Write to us and quote the order number.</Trans>
              </>
            ) : null}
          </p>
        )}
      </Card>

      <CancelOrder order={order} />

      <div className="grid gap-6 md:grid-cols-2">
        <Card id="order-line" title={frameCount > 1 ? t`Your ${frameCount} frames` : t`Your frame`}>
          {order.lines.length > 1 ? (
            <OrderLines lines={order.lines.map(orderLineView)} />
          ) : (
            <div className="flex gap-4">
              <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-sand">
                {line?.thumbnailUrl ? (
                  <img src={line.thumbnailUrl} alt={t`Your photo`} className="h-full w-full object-cover" />
                ) : (
                  <ImageIcon className="h-8 w-8 text-ink-300" />
                )}
              </div>
              <dl className="min-w-0 flex-1 text-[0.95rem]">
                <dt className="text-sm text-ink-500">
                  <Trans>Size</Trans>
                </dt>
                <dd className="mb-2 font-medium text-ink-900">
                  <Trans>{size} in</Trans>
                </dd>
                <dt className="text-sm text-ink-500">
                  <Trans>Frame</Trans>
                </dt>
                <dd className="mb-2 font-medium text-ink-900">
                  {[catalogueText(line?.frameSetName, line?.frameSetNameHi), catalogueText(line?.finishName, line?.finishNameHi)]
                    .filter(Boolean)
                    .join(' · ') ||
                    catalogueText(order.frameName, order.frameNameHi) ||
                    '—'}
                </dd>
                <dt className="text-sm text-ink-500">
                  <Trans>White border</Trans>
                </dt>
                <dd className="mb-2 font-medium text-ink-900">
                  {line?.borderName ? borderNameText(line.borderName, line.borderNameHi) : '—'}{' '}
                  {line?.borderIn ? `(${inches(line.borderIn)})` : ''}
                </dd>
                <dt className="text-sm text-ink-500">
                  <Trans>Quantity</Trans>
                </dt>
                <dd className="font-medium text-ink-900">{line?.quantity ?? 1}</dd>
              </dl>
            </div>
          )}
          {typeof order.shippingPaise === 'number' ? (
            <p className="mt-4 flex items-baseline justify-between px-4 text-[0.95rem]" data-testid="order-shipping">
              <span className="text-ink-600">
                <Trans>Shipping</Trans>
              </span>
              <span className="font-medium text-ink-900 tabular-nums">
                {order.shippingPaise > 0 ? formatInr(order.shippingPaise) : t`Free`}
              </span>
            </p>
          ) : null}
          {order.discountPaise > 0 ? (
            <p className="mt-2 flex items-baseline justify-between px-4 text-[0.95rem]" data-testid="order-discount">
              <span className="text-ink-600">{couponCode ? t`Discount (${couponCode})` : t`Discount`}</span>
              <span className="font-medium text-leaf-600 tabular-nums">−{formatInr(order.discountPaise)}</span>
            </p>
          ) : null}
          <p className="mt-4 flex items-baseline justify-between rounded-2xl bg-cream px-4 py-3">
            <span className="text-ink-700">
              <Trans>Total paid</Trans>
            </span>
            <span className="font-serif text-xl font-semibold text-ink-900 tabular-nums">{formatInr(order.totalPaise)}</span>
          </p>
          {order.invoice ? <InvoiceLink invoice={order.invoice} className="mt-4" /> : null}
        </Card>

        <Card id="order-address" title={t`Delivering to`}>
          {a ? (
            <address className="leading-relaxed not-italic text-ink-800">
              <span className="block font-semibold text-ink-900">{a.fullName}</span>
              {a.companyName ? <span className="block">{a.companyName}</span> : null}
              <span className="block">{a.addressLine1}</span>
              {a.addressLine2 ? <span className="block">{a.addressLine2}</span> : null}
              <span className="block">
                {[a.city, a.state ? stateName(a.state) : ''].filter(Boolean).join(', ')} {a.postalCode}
              </span>
              {a.phone ? <span className="mt-2 block text-ink-600">{formatPhone(a.phone)}</span> : null}
            </address>
          ) : (
            <p className="text-ink-600">
              <Trans>No address recorded.</Trans>
            </p>
          )}
          {paymentId ? (
            <p className="mt-4 text-sm text-ink-600">
              <Trans>
                Payment id <span className="font-mono">{paymentId}</span>
              </Trans>
            </p>
          ) : null}
        </Card>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/user" className={secondaryButton}>
          <Trans>All my orders</Trans>
        </Link>
        <Link to="/" className={primaryButton}>
          <Trans>Frame another photo</Trans>
        </Link>
      </div>
    </div>
  );
}
