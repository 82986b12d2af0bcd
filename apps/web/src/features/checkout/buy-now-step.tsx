import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatInr } from '@framewala/domain';
import { CouponField, type AppliedCoupon } from '../../components/coupon-field';
import { addressQueryOptions } from '../../lib/address/address-api';
import type { SessionUser } from '../../lib/auth';
import { frameSetsQueryOptions, whiteBordersQueryOptions } from '../../lib/catalogue/catalogue-api';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { arrivesByText } from '../../lib/delivery/delivery-quote';
import { SHIPPING_QUOTE_QUERY_KEY, useShippingQuote } from '../../lib/delivery/shipping-quote';
import { errorText } from '../../lib/error-messages';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { clearStoredOrder } from '../../lib/order-draft/stored-order';
import { customInchesText, inchesOf } from '../../lib/print-texts';
import { couponQuoteQueryOptions } from './api/coupon-quote';
import { ArrivesBy, CheckoutCard, PriceLines } from './checkout-parts';
import { createOrderBody, paymentDescription, type CheckoutSummary } from './checkout-model';
import { PaymentActions } from './payment-actions';
import { usePayment } from './use-payment';

/**
 * `/checkout/pay`: the one framed photo of the editor's order ("buy now"), priced in the browser with the editor's own
 * functions (the server prices it again at create-order), with the shipping quoted for the saved address.
 */
export function BuyNowStep({ draft, summary, user }: { draft: OrderDraft; summary: CheckoutSummary; user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // The saved address fills in the payment window's contact (shared with the buyer details page's cache).
  const address = useQuery(addressQueryOptions(user._id));
  const pincode = address.data?.postalCode ?? null;
  const shipping = useShippingQuote(pincode, summary.price.checkoutPaise, summary.maxOuterInches);
  // Without a saved address there is nothing to ship to yet: create-order asks for one.
  const shippingPending = Boolean(pincode) && shipping.isPending;
  const shippingPaise = shipping.data?.shippingPaise ?? 0;

  // The applied coupon code, priced by the server for these frames and this shipping (and again at create-order).
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const couponQuote = useQuery({
    ...couponQuoteQueryOptions({ code: couponCode ?? '', subtotalPaise: summary.price.checkoutPaise, shippingPaise }),
    enabled: couponCode !== null && !shippingPending,
  });
  const applied: AppliedCoupon | null =
    couponCode === null
      ? null
      : {
          code: couponQuote.data?.coupon.code ?? couponCode,
          summary: couponQuote.data?.coupon.summary ?? '',
          discountPaise: couponQuote.data?.discountPaise ?? 0,
        };
  const discountPaise = applied?.discountPaise ?? 0;
  const applyCoupon = async (code: string) => {
    const quote = await queryClient.fetchQuery(
      couponQuoteQueryOptions({ code, subtotalPaise: summary.price.checkoutPaise, shippingPaise }),
    );
    setCouponCode(quote.coupon.code);
  };

  const requestBody = createOrderBody(draft, summary, shippingPaise, applied && discountPaise > 0 ? applied : null);
  const payment = usePayment({
    user,
    requestBody,
    description: paymentDescription(summary),
    address: address.data,
    onPaid: clearStoredOrder,
    onPriceChanged: () => {
      // The catalogue changed since the editor loaded it: reload it so the summary shows the new figures.
      void queryClient.invalidateQueries({ queryKey: frameSetsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: whiteBordersQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: SHIPPING_QUOTE_QUERY_KEY });
    },
  });

  const { price, choice } = summary;
  const totalPaise = price.checkoutPaise + shippingPaise - discountPaise;

  const rows: [string, string][] = [
    [
      t`Frame`,
      `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} · ${catalogueText(choice.set.frameName, choice.set.frameNameHi)}`,
    ],
    [t`Size`, summary.print.kind === 'custom' ? customInchesText(summary.sizeName) : inchesOf(summary.sizeName)],
    [t`Motif Border`, summary.borderIn > 0 ? inchesOf(summary.borderIn) : t`None`],
    [t`Frame Size`, inchesOf(summary.frameInches)],
    [t`Category`, catalogueText(choice.frame.frameCategory, choice.frame.frameCategoryHi) || '—'],
    [t`Description`, catalogueText(choice.frame.frameDescription, choice.frame.frameDescriptionHi) || '—'],
  ];
  if (price.quantity > 1) rows.push([t`Quantity`, `${price.quantity} × ${formatInr(price.unitPaise)}`]);
  const arrives = shipping.data ? arrivesByText(shipping.data.arrivesBy) : '';

  return (
    <CheckoutCard>
      <dl className="mt-3 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="product-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 px-3.5 py-2.5">
            <dt className="text-ink-500">{term}</dt>
            <dd className="m-0 font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>

      <PriceLines
        subtotalPaise={price.checkoutPaise}
        discountPaise={discountPaise}
        shipping={
          shippingPending ? t`Calculating…` : !pincode || shipping.isError ? '—' : shippingPaise === 0 ? t`Free` : formatInr(shippingPaise)
        }
        totalPaise={totalPaise}
      />
      <p className="mt-2 text-sm text-ink-500">
        <Trans>Prices include taxes. This is the amount you will pay.</Trans>
      </p>
      <CouponField
        applied={applied}
        onApply={applyCoupon}
        onRemove={() => setCouponCode(null)}
        problem={couponQuote.isError ? errorText(couponQuote.error, t`The code could not be checked. Please try again.`) : null}
      />
      {shipping.data ? <ArrivesBy arrives={arrives} pincode={pincode} /> : null}

      <PaymentActions payment={payment} waiting={shippingPending} onBack={() => void navigate('/checkout')} />
    </CheckoutCard>
  );
}
