import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatInr } from '@framewala/domain';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { FormAlert } from '../../components/form-controls';
import { ArrowRightIcon, ShieldCheckIcon } from '../../components/icons';
import { errorText } from '../../lib/error-messages';
import { buyerDetailsPath, useCheckoutSource } from '../../lib/checkout/checkout-source';
import { activeLocale } from '../../lib/i18n';
import { PaymentWindowError } from './razorpay';
import { SandboxDialog } from './sandbox-dialog';
import type { Payment } from './use-payment';

/** The price problem or notice, Back and 'Make payment', and the sandbox dialog while it is open. */
export function PaymentActions({ payment, waiting, onBack }: { payment: Payment; waiting: boolean; onBack: () => void }) {
  const { i18n, t } = useLingui();
  const { busy, problem, notice, sandbox, makePayment, paySandbox, closeSandbox } = payment;
  const addressPath = buyerDetailsPath(useCheckoutSource());
  let problemText: string | null = null;
  if (problem?.error instanceof PaymentWindowError) problemText = i18n._(problem.error.text);
  else if (problem?.addressMissing && activeLocale() !== 'en') problemText = t`Please add a delivery address before paying.`;
  else if (problem) problemText = errorText(problem.error, t`The payment could not be started. Please try again.`);
  const newPrice = problem?.amountPaise !== undefined ? formatInr(problem.amountPaise) : null;
  return (
    <>
      {problem ? (
        <div className="mt-5">
          <FormAlert>
            {problemText}
            {newPrice !== null ? (
              <>
                {' '}
                <Trans>The price now is {newPrice}.</Trans>
              </>
            ) : null}
            {problem.addressMissing ? (
              <>
                {' '}
                <Link to={addressPath} className={textLink}>
                  <Trans>Add your delivery address</Trans>
                </Link>
              </>
            ) : null}
          </FormAlert>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mt-5 rounded-2xl bg-cream px-4 py-3 text-ink-700">
          {notice === 'window-closed' ? (
            <Trans>The payment window was closed. Nothing was charged; you can pay when you are ready.</Trans>
          ) : (
            <Trans>The test payment was cancelled. Nothing was charged; you can pay when you are ready.</Trans>
          )}
        </p>
      ) : null}

      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:items-center">
        <button type="button" onClick={onBack} className={`${secondaryButton} sm:mr-auto`}>
          <ArrowRightIcon className="h-4 w-4 rotate-180" />
          <Trans>Back</Trans>
        </button>
        <button
          type="button"
          disabled={busy || waiting}
          aria-busy={busy || undefined}
          onClick={() => void makePayment()}
          className={`${primaryButton} sm:min-w-44`}
        >
          {busy ? t`Starting payment…` : t`Make payment`}
          {busy ? null : <ArrowRightIcon className="h-4 w-4" />}
        </button>
      </div>
      <p className="mt-4 flex items-start gap-2 text-sm text-ink-600">
        <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
        <span>
          <Trans>Payments are handled by Razorpay (UPI, cards, net banking). Framewala never sees your card details.</Trans>
        </span>
      </p>

      {sandbox ? (
        <SandboxDialog amountPaise={sandbox.order.amount} orderNumber={sandbox.order.orderId} onPay={paySandbox} onCancel={closeSandbox} />
      ) : null}
    </>
  );
}
