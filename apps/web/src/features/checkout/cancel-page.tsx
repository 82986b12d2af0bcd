import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ErrorCode } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { errorCodeText } from '../../lib/error-messages';
import { activeLocale } from '../../lib/i18n';
import { paymentStepPath } from '../../lib/checkout/checkout-source';
import { readPaymentError } from './payment-error';
import { fullName, useOrderFromQuery } from './result-order';
import { OrderFacts, ResultCard, SupportContacts } from './result-parts';

/** The API's code when a payment reached an order already cancelled (the payment is refunded). */
const PAID_ORDER_CANCELLED: ErrorCode = 'PAID_ORDER_CANCELLED';

/** Razorpay's `reason` for a failed payment, in words; another reason is shown as it came (in English). */
const REASON_TEXT: Record<string, MessageDescriptor> = {
  payment_failed: msg`The payment failed.`,
  card_declined: msg`Your card was declined.`,
  verification_failed: msg`We could not verify the payment.`,
  payment_cancelled: msg`The payment was cancelled.`,
  insufficient_funds: msg`The account has insufficient funds.`,
};

/**
 * `/cancel?order=<number>`: 'Payment Failed', the provider's real reason and code, contacts, home, and 'Try again',
 * which opens the checkout of this same order (`?order=<number>`) while it still waits for a payment.
 *
 * The reason is the provider's (or the shop's) own words. In English they are shown as they came; in another language
 * the shop's errors are said by their code, the provider's reason by its name, and the provider's words (which only
 * come in English) follow as its message.
 */
export function CancelPage() {
  const { i18n, t } = useLingui();
  const { orderNumber, query, user } = useOrderFromQuery();
  const [stored] = useState(readPaymentError);
  const name = fullName(user);
  const payment = query.data?.payment;
  const description = stored?.description || payment?.failureReason || null;
  const code = stored?.code || payment?.failureCode || null;
  const english = activeLocale() === 'en';
  const knownReason = stored?.reason && Object.hasOwn(REASON_TEXT, stored.reason) ? i18n._(REASON_TEXT[stored.reason]!) : null;
  const reason = knownReason ?? (stored?.reason && english ? stored.reason.replace(/_/g, ' ') : null);
  // The order was cancelled before the payment reached the shop: the money was taken and is being refunded.
  const refunded = code === PAID_ORDER_CANCELLED;
  // 'Try again' pays this same order again (its lines, coupon and shipping), while it still waits for a payment.
  const canRetry = orderNumber !== null && !refunded && query.data?.status === 'created';
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
          {canRetry ? (
            <Link to={paymentStepPath({ kind: 'order', orderNumber })} className={primaryButton}>
              <Trans>Try again</Trans>
            </Link>
          ) : null}
          <Link to="/" className={canRetry ? secondaryButton : primaryButton}>
            <Trans>Back to home</Trans>
          </Link>
        </div>
        <SupportContacts heading={t`Need help? Contact us`} />
      </ResultCard>
    </>
  );
}
