import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatInr, type ErrorCode } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CheckIcon, CloseIcon } from '../../components/icons';
import { OrderLines } from '../../components/order-lines';
import { isApiError } from '../../lib/api';
import { useSession, type SessionUser } from '../../lib/auth';
import { errorCodeText } from '../../lib/error-messages';
import { inchesOf } from '../../lib/print-texts';
import { catalogueText } from '../../lib/catalogue-text';
import { activeLocale } from '../../lib/i18n';
import { hasStoredPhoto } from '../../lib/order-storage';
import { contactMenuItems } from '../../lib/contact-menu-items';
import { useSiteConfig } from '../../lib/site-config';
import { fetchOrder, type OrderDetail } from '../../lib/orders-api';
import { readPaymentError } from './api';

export const SUCCESS_REDIRECT_SECONDS = 5;

/** The API's code when a payment reached an order already cancelled (the payment is refunded). */
const PAID_ORDER_CANCELLED: ErrorCode = 'PAID_ORDER_CANCELLED';

function fullName(user: SessionUser | null): string {
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

function useOrderFromQuery() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order')?.trim() || null;
  const session = useSession();
  const query = useQuery({
    queryKey: ['orders', session?.user?._id ?? null, orderNumber],
    queryFn: () => fetchOrder(orderNumber!),
    enabled: orderNumber !== null && session !== null,
    retry: false,
  });
  return { orderNumber, query, user: session?.user ?? null };
}

function SupportContacts({ heading }: { heading: string }) {
  const { links } = useSiteConfig();
  const items = contactMenuItems(links);
  if (items.length === 0) return null;
  return (
    <section aria-label={heading} className="mt-8 border-t border-ink-100 pt-6">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-3">
        {items.map(({ key, label, hint, href, Icon }) => (
          <li key={key}>
            <a
              href={href}
              {...(key === 'whatsapp' ? { target: '_blank', rel: 'noreferrer' } : {})}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-ink-200 bg-white px-4 py-2 text-ink-800 hover:border-saffron-400 hover:text-saffron-800"
            >
              <Icon className="h-4 w-4 shrink-0" />
              <span className="font-medium">{label}</span>
              {hint ? <span className="text-sm text-ink-500">{hint}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultCard({ tone, children }: { tone: 'success' | 'failure'; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-sand/70 to-cream">
      <div className="mx-auto max-w-2xl px-4 pt-10 pb-16 sm:px-6 sm:pt-16">
        <div className="rounded-3xl border border-ink-100 bg-white px-5 py-8 shadow-xl shadow-ink-900/5 sm:px-9 sm:py-10">
          <span
            aria-hidden="true"
            className={`flex h-14 w-14 items-center justify-center rounded-full ${tone === 'success' ? 'bg-leaf-50 text-leaf-600' : 'bg-red-50 text-red-700'}`}
          >
            {tone === 'success' ? <CheckIcon className="h-8 w-8" /> : <CloseIcon className="h-7 w-7" />}
          </span>
          {children}
        </div>
      </div>
    </div>
  );
}

function OrderFacts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-6 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-1 gap-0.5 px-3.5 py-2.5 min-[480px]:grid-cols-[8.5rem_minmax(0,1fr)] min-[480px]:gap-3">
          <dt className="text-ink-500">{term}</dt>
          <dd className="m-0 font-medium [overflow-wrap:anywhere] text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function orderProblem(orderNumber: string | null, error: unknown): string | null {
  if (!orderNumber) return t`No order number was given.`;
  if (!error) return null;
  if (isApiError(error) && error.status === 404) return t`We could not find order ${orderNumber} in your account.`;
  return t`We could not load your order details just now. Your order is safe; check your profile in a moment.`;
}

/** `/success?order=<number>`: 'Thank You', the real order number and payment id, support, home after 5 s. */
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
    if (order.frameName) rows.push([t`Frame`, catalogueText(order.frameName, order.frameNameHi)]);
    if (order.sizeName) rows.push([t`Size`, inchesOf(order.sizeName)]);
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
        {order && order.lines.length > 1 ? (
          <div className="mt-4">
            <h2 className="mb-2 text-lg font-semibold">
              {t`${plural(lineCount, { one: 'Your # framed photo', other: 'Your # framed photos' })}`}
            </h2>
            <OrderLines lines={order.lines} />
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

/** Razorpay's `reason` for a failed payment, in words; another reason is shown as it came (in English). */
const REASON_TEXT: Record<string, MessageDescriptor> = {
  payment_failed: msg`The payment failed.`,
  card_declined: msg`Your card was declined.`,
  verification_failed: msg`We could not verify the payment.`,
  payment_cancelled: msg`The payment was cancelled.`,
  insufficient_funds: msg`The account has insufficient funds.`,
};

/**
 * `/cancel?order=<number>`: 'Payment Failed', the provider's real reason and code, contacts, home and try again.
 *
 * The reason is the provider's (or the shop's) own words. In English they are shown as they came; in another language
 * the shop's errors are said by their code, the provider's reason by its name, and the provider's words (which only
 * come in English) follow as its message.
 */
export function CancelPage() {
  const { i18n, t } = useLingui();
  const { orderNumber, query, user } = useOrderFromQuery();
  const [stored] = useState(readPaymentError);
  const [canRetry] = useState(hasStoredPhoto);
  const name = fullName(user);
  const payment = query.data?.payment;
  const description = stored?.description || payment?.failureReason || null;
  const code = stored?.code || payment?.failureCode || null;
  const english = activeLocale() === 'en';
  const knownReason = stored?.reason && Object.hasOwn(REASON_TEXT, stored.reason) ? i18n._(REASON_TEXT[stored.reason]!) : null;
  const reason = knownReason ?? (stored?.reason && english ? stored.reason.replace(/_/g, ' ') : null);
  // The order was cancelled before the payment reached the shop: the money was taken and is being refunded.
  const refunded = code === PAID_ORDER_CANCELLED;
  // Nothing said yet: the checkout left no words and the order's record is still loading.
  const known = Boolean(description || stored || !query.isLoading);
  const fallback = code === 'PAYMENT_NOT_VERIFIED' ? t`We could not confirm your payment.` : t`The payment did not go through.`;

  const rows: [string, string][] = [];
  if (orderNumber) rows.push([t`Order number`, orderNumber]);
  // 'payment_failed' says nothing the reason does not; specific reasons (card declined…) add to it.
  const addsDetail = reason && !refunded && stored?.reason !== 'payment_failed';
  if (english) {
    if (description) rows.push([t`Reason`, description]);
    else if (!query.isLoading) rows.push([t`Reason`, fallback]);
    if (addsDetail && reason !== description) rows.push([t`Details`, reason]);
  } else {
    const byCode = code ? errorCodeText(code) : undefined;
    if (byCode) {
      rows.push([t`Reason`, byCode]);
      if (addsDetail) rows.push([t`Details`, reason]);
    } else {
      if (known) rows.push([t`Reason`, knownReason ?? fallback]);
      if (description) rows.push([t`Message from the payment service`, description]);
    }
  }
  if (code) rows.push([t`Error code`, code]);

  return (
    <>
      <title>{refunded ? t`Order Cancelled — Framewala` : t`Payment Failed — Framewala`}</title>
      <meta name="robots" content="noindex" />
      <ResultCard tone="failure">
        <h1 className="mt-5 text-[2rem] leading-tight font-semibold">
          {refunded ? (
            name ? (
              <Trans>Order Cancelled, {name}</Trans>
            ) : (
              <Trans>Order Cancelled</Trans>
            )
          ) : name ? (
            <Trans>Payment Failed, {name}</Trans>
          ) : (
            <Trans>Payment Failed</Trans>
          )}
        </h1>
        <p className="mt-2 text-lg text-ink-700">
          {refunded ? (
            <Trans>
              This order was cancelled before your payment reached us. We are refunding the full amount; nothing more is needed from you.
            </Trans>
          ) : (
            <Trans>Your payment did not go through. No money has been taken for this attempt.</Trans>
          )}
        </p>
        {query.isLoading && !stored ? (
          <p role="status" className="mt-6 text-ink-500">
            <Trans>Loading the details…</Trans>
          </p>
        ) : null}
        <OrderFacts rows={rows} />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {canRetry && !refunded ? (
            <Link to="/checkout/pay" className={primaryButton}>
              <Trans>Try again</Trans>
            </Link>
          ) : null}
          <Link to="/" className={canRetry && !refunded ? secondaryButton : primaryButton}>
            <Trans>Back to home</Trans>
          </Link>
        </div>
        <SupportContacts heading={t`Need help? Contact us`} />
      </ResultCard>
    </>
  );
}
