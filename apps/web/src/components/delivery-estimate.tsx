import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatInr } from '@framewala/domain';
import { arrivesByText, useDeliveryQuote, type DeliveryQuote } from '../lib/delivery/delivery-quote';
import { errorText } from '../lib/error-messages';
import { TruckIcon } from './icons';

/**
 * "Arrives between … and …" with the shipping charge, for the saved delivery pincode, or for one the customer types
 * when there is none. A page that also shows the charge in its totals passes the quote it holds (`delivery`).
 */
export function DeliveryEstimate({ subtotalPaise, maxOuterInches }: { subtotalPaise: number; maxOuterInches: number }) {
  const delivery = useDeliveryQuote(subtotalPaise, maxOuterInches);
  return <DeliveryEstimateView delivery={delivery} />;
}

export function DeliveryEstimateView({ delivery }: { delivery: DeliveryQuote }) {
  const { t } = useLingui();
  const { saved, typed, setTyped, pincode, quote } = delivery;
  const inputId = useId();
  if (saved.pending) return null;
  const arrives = quote.data ? arrivesByText(quote.data.arrivesBy) : '';
  const charge = quote.data ? formatInr(quote.data.shippingPaise) : '';

  return (
    <div className="mt-5 rounded-2xl bg-cream px-4 py-3 text-[0.95rem] text-ink-700" data-testid="delivery-estimate">
      {saved.pincode ? null : (
        <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold text-ink-800">
            <Trans>Delivery pincode</Trans>
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 6))}
            placeholder="560001"
            className="w-28 rounded-lg border border-ink-200 bg-white px-3 py-1.5 tabular-nums focus:border-saffron-500 focus:outline-none focus:ring-3 focus:ring-saffron-200"
          />
        </div>
      )}
      {quote.data ? (
        <p className="m-0 flex items-start gap-2">
          <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
          <span>
            {quote.data.shippingPaise === 0 ? (
              <Trans>
                <span className="font-medium text-ink-900">{arrives}</span> to {pincode} · Shipping free
              </Trans>
            ) : (
              <Trans>
                <span className="font-medium text-ink-900">{arrives}</span> to {pincode} · Shipping {charge}
              </Trans>
            )}
          </span>
        </p>
      ) : quote.isError ? (
        <p role="alert" className="m-0 text-red-700">
          {errorText(quote.error, t`We could not check this pincode just now. Please try again.`)}
        </p>
      ) : pincode ? (
        <p className="m-0 text-ink-500">
          <Trans>Working out the delivery date…</Trans>
        </p>
      ) : (
        <p className="m-0 text-ink-500">
          <Trans>Enter your pincode to see when your frame arrives.</Trans>
        </p>
      )}
    </div>
  );
}
