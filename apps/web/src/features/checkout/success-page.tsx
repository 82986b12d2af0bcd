import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { OrderLines } from '../../components/order-lines';
import { orderLineView } from '../../lib/orders/line-view';
import type { OrderDetail } from '../../lib/orders/orders-api';
import { fullName, orderProblem, useOrderFromQuery } from './result-order';
import { OrderFacts, ResultCard, SupportContacts } from './result-parts';

export const SUCCESS_REDIRECT_SECONDS = 5;

/**
 * `/success?order=<number>`: 'Thank You', the real order number and payment id, every framed photo of the order (size,
 * frame, border, quantity), support, home after 5 s.
 */
export function SuccessPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { orderNumber, query, user } = useOrderFromQuery();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const settled = !query.isLoading;

  // The countdown starts once the order details are on screen, so the customer sees their order number first.
  useEffect(() => {
    if (!settled) return;
    const timer = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [settled]);
  useEffect(() => {
    if (secondsLeft === 0) void navigate('/');
  }, [secondsLeft, navigate]);

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
        {order && lineCount > 0 ? (
          <div className="mt-4">
            <h2 className="mb-2 text-lg font-semibold">
              {t`${plural(lineCount, { one: 'Your framed photo', other: 'Your # framed photos' })}`}
            </h2>
            <OrderLines lines={order.lines.map(orderLineView)} />
          </div>
        ) : null}
        {problem ? <p className="mt-6 rounded-xl bg-cream px-4 py-3 text-ink-700">{problem}</p> : null}
        <p className="mt-6 text-ink-600" aria-live="polite" data-testid="redirect-countdown">
          {settled ? t`Taking you to the home page in ${secondsLeft} s.` : t`You will be taken to the home page shortly.`}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
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
