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
  if (!orderNumber) return 'No order number was given.';
  if (!error) return null;
  if (isApiError(error) && error.status === 404) return `We could not find order ${orderNumber} in your account.`;
  return 'We could not load your order details just now. Your order is safe; check your profile in a moment.';
}

/** `/success?order=<number>`: 'Thank You', the real order number and payment id, support, home after 5 s. */
export function SuccessPage() {
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
  const rows: [string, string][] = order
    ? [
        ['Order number', order._id],
        ['Payment ID', order.payment?.paymentId ?? 'Being confirmed'],
        ...(typeof order.shippingPaise === 'number'
          ? ([['Shipping', order.shippingPaise > 0 ? formatInr(order.shippingPaise) : 'Free']] as [string, string][])
          : []),
        ['Amount paid', formatInr(order.totalPaise)],
        ...(order.frameName ? ([['Frame', order.frameName]] as [string, string][]) : []),
        ...(order.sizeName ? ([['Size', order.sizeName]] as [string, string][]) : []),
      ]
    : [];

  return (
    <>
      <title>Thank You — Framewala</title>
      <meta name="robots" content="noindex" />
      <ResultCard tone="success">
        <h1 className="mt-5 text-[2rem] leading-tight font-semibold">Thank You{name ? `, ${name}` : ''}</h1>
        <p className="mt-2 text-lg text-ink-700">Your order has been processed successfully. A confirmation e-mail is on its way to you.</p>
        {query.isLoading ? (
          <p role="status" className="mt-6 text-ink-500">
            Loading your order…
          </p>
        ) : null}
        {order ? <OrderFacts rows={rows} /> : null}
        {order && order.lines.length > 1 ? (
          <div className="mt-4">
            <h2 className="mb-2 text-lg font-semibold">Your {order.lines.length} framed photos</h2>
            <OrderLines lines={order.lines} />
          </div>
        ) : null}
        {problem ? <p className="mt-6 rounded-xl bg-cream px-4 py-3 text-ink-700">{problem}</p> : null}
        <p className="mt-6 text-ink-600" aria-live="polite" data-testid="redirect-countdown">
          {settled ? `Taking you to the home page in ${secondsLeft} s.` : 'You will be taken to the home page shortly.'}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={primaryButton}>
            Back to home
          </Link>
          <Link to="/user" className={secondaryButton}>
            See my orders
          </Link>
        </div>
        <SupportContacts heading="Questions about your order?" />
      </ResultCard>
    </>
  );
}

const REASON_TEXT: Record<string, string> = {
  payment_failed: 'The payment failed.',
  card_declined: 'Your card was declined.',
  verification_failed: 'We could not verify the payment.',
  payment_cancelled: 'The payment was cancelled.',
  insufficient_funds: 'The account has insufficient funds.',
};

/** `/cancel?order=<number>`: 'Payment Failed', the provider's real reason and code, contacts, home and try again. */
export function CancelPage() {
  const { orderNumber, query, user } = useOrderFromQuery();
  const [stored] = useState(readPaymentError);
  const [canRetry] = useState(hasStoredPhoto);
  const name = fullName(user);
  const payment = query.data?.payment;
  const description = stored?.description || payment?.failureReason || null;
  const code = stored?.code || payment?.failureCode || null;
  const reason = stored?.reason ? (REASON_TEXT[stored.reason] ?? stored.reason.replace(/_/g, ' ')) : null;
  // The order was cancelled before the payment reached the shop: the money was taken and is being refunded.
  const refunded = code === PAID_ORDER_CANCELLED;

  const rows: [string, string][] = [];
  if (orderNumber) rows.push(['Order number', orderNumber]);
  if (description) rows.push(['Reason', description]);
  else if (!query.isLoading) rows.push(['Reason', 'The payment did not go through.']);
  // 'payment_failed' says nothing the reason does not; specific reasons (card declined…) add to it.
  if (reason && !refunded && stored?.reason !== 'payment_failed' && reason !== description) rows.push(['Details', reason]);
  if (code) rows.push(['Error code', code]);

  return (
    <>
      <title>{refunded ? 'Order Cancelled — Framewala' : 'Payment Failed — Framewala'}</title>
      <meta name="robots" content="noindex" />
      <ResultCard tone="failure">
        <h1 className="mt-5 text-[2rem] leading-tight font-semibold">
          {refunded ? 'Order Cancelled' : 'Payment Failed'}
          {name ? `, ${name}` : ''}
        </h1>
        <p className="mt-2 text-lg text-ink-700">
          {refunded
            ? 'This order was cancelled before your payment reached us. We are refunding the full amount; nothing more is needed from you.'
            : 'Your payment did not go through. No money has been taken for this attempt.'}
        </p>
        {query.isLoading && !stored ? (
          <p role="status" className="mt-6 text-ink-500">
            Loading the details…
          </p>
        ) : null}
        <OrderFacts rows={rows} />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {canRetry && !refunded ? (
            <Link to="/checkout/pay" className={primaryButton}>
              Try again
            </Link>
          ) : null}
          <Link to="/" className={canRetry && !refunded ? secondaryButton : primaryButton}>
            Back to home
          </Link>
        </div>
        <SupportContacts heading="Need help? Contact us" />
      </ResultCard>
    </>
  );
}
