import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatInr, PROCESSING_DAYS } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { OrderArrivesBy } from '../../components/order-arrives-by';
import { OrderLines } from '../../components/order-lines';
import { orderLineView } from '../../lib/orders/line-view';
import type { OrderDetail } from '../../lib/orders/orders-api';
import { fullName, orderProblem, useOrderFromQuery } from './result-order';
import { OrderFacts, ResultCard, SupportContacts } from './result-parts';

/**
 * `/success?order=<number>`: 'Thank You', the real order number and payment id, every framed photo of the order (size,
 * frame, border, quantity), when it arrives and what happens next, support, and the button home. It stays: the
 * customer notes her order number at her own pace (the seed's redirect home after 5 s is not kept).
 */
export function SuccessPage() {
  const { t } = useLingui();
  const { orderNumber, query, user } = useOrderFromQuery();

  const order: OrderDetail | undefined = query.data;
  const problem = orderProblem(orderNumber, query.error);
  const name = fullName(user);
  const rows: [string, string][] = [];
  if (order) {
    rows.push([t`Order number`, order._id], [t`Payment ID`, order.payment?.paymentId ?? t`Being confirmed`]);
    if (typeof order.shippingPaise === 'number')
      rows.push([t`Shipping`, order.shippingPaise > 0 ? formatInr(order.shippingPaise) : t`Free`]);
    rows.push([t`Amount paid`, formatInr(order.totalPaise)]);
  }
  const lineCount = order?.lines.length ?? 0;

  return (
    <>
      <title>{t`Thank You — Framewala`}</title>
      <meta name="robots" content="noindex" />
      <ResultCard tone="success">
        <h1 className="mt-5 text-[2rem] leading-tight font-semibold">
          {name ? <Trans>Thank You, {name}</Trans> : <Trans>Thank You</Trans>}
        </h1>
        <p className="mt-2 text-lg text-ink-700">
          <Trans>Your order has been processed successfully. A confirmation e-mail is on its way to you.</Trans>
        </p>
        {query.isLoading ? (
          <p role="status" className="mt-6 text-ink-500">
            <Trans>Loading your order…</Trans>
          </p>
        ) : null}
        {order ? <OrderFacts rows={rows} /> : null}
        {order?.arrivesBy ? <OrderArrivesBy arrivesBy={order.arrivesBy} className="mt-4" /> : null}
        {order && lineCount > 0 ? (
          <div className="mt-4">
            <h2 className="mb-2 text-lg font-semibold">
              {t`${plural(lineCount, { one: 'Your framed photo', other: 'Your # framed photos' })}`}
            </h2>
            <OrderLines lines={order.lines.map(orderLineView)} />
          </div>
        ) : null}
        {problem ? <p className="mt-6 rounded-xl bg-cream px-4 py-3 text-ink-700">{problem}</p> : null}
        {order ? <WhatHappensNext order={order} email={user?.email ?? ''} /> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={primaryButton}>
            <Trans>Back to home</Trans>
          </Link>
          <Link to="/user" className={secondaryButton}>
            <Trans>See my orders</Trans>
          </Link>
        </div>
        <SupportContacts heading={t`Questions about your order?`} />
      </ResultCard>
    </>
  );
}

/** What happens after paying, in three plain steps: we make it, we ship it, she hears from us by e-mail (her account's). */
function WhatHappensNext({ order, email }: { order: OrderDetail; email: string }) {
  const { t } = useLingui();
  const { min, max } = PROCESSING_DAYS;
  const pincode = order.address.postalCode;
  const steps = [
    t`We print your photo and frame it: ${min}–${max} business days.`,
    pincode ? t`We send it by courier to your address, pincode ${pincode}.` : t`We send it to your address by courier.`,
    email
      ? t`You get an e-mail at ${email} now, and another with the tracking number when it leaves us.`
      : t`You get an e-mail now, and another with the tracking number when it leaves us.`,
  ];
  return (
    <section aria-labelledby="what-happens-next" className="mt-6">
      <h2 id="what-happens-next" className="text-lg font-semibold">
        <Trans>What happens next</Trans>
      </h2>
      <ol className="mt-3 flex flex-col gap-2.5" data-testid="what-happens-next">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3 text-ink-700">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-saffron-50 text-sm font-semibold text-saffron-800"
            >
              {index + 1}
            </span>
            <span className="min-w-0 pt-0.5 [overflow-wrap:anywhere]">{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
