import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInr, includedGstPaise } from '@framewala/domain';
import { textLink } from '../../components/button-styles';
import type { AppliedCoupon } from '../../components/coupon-field';
import { addressQueryOptions } from '../../lib/address/address-api';
import type { SessionUser } from '../../lib/auth';
import { BUY_NOW, buyerDetailsPath } from '../../lib/checkout/checkout-source';
import { frameSetsQueryOptions, useFrameSets, useWhiteBorders, whiteBordersQueryOptions } from '../../lib/catalogue/catalogue-api';
import { arrivesByText } from '../../lib/delivery/delivery-quote';
import { SHIPPING_QUOTE_QUERY_KEY, useShippingQuote } from '../../lib/delivery/shipping-quote';
import { errorText } from '../../lib/error-messages';
import { useOrderDraft, type OrderDraft } from '../../lib/order-draft/order-draft';
import { clearStoredOrder } from '../../lib/order-draft/stored-order';
import { couponQuoteQueryOptions } from './api/coupon-quote';
import {
  buyNowLine,
  checkoutSummary,
  createOrderBody,
  paymentDescription,
  type CheckoutSource,
  type CheckoutSummary,
} from './checkout-model';
import { CheckoutNotice } from './checkout-parts';
import { CheckoutStep } from './checkout-step';
import { forgetDraftOrder, rememberDraftOrder } from './draft-order';

/**
 * `/checkout/pay`: the editor's frame bought at once ("buy now"), a cart of one line that never touches the saved
 * cart. It is priced in the browser with the editor's own functions (the server prices it again at create-order),
 * shipped to the saved address, and sends the single-photo create-order body.
 */
export function BuyNowCheckout({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const title = t`Checkout`;
  if (!draft) {
    return (
      <CheckoutNotice title={title}>
        <Trans>
          There is no frame in your order yet.{' '}
          <Link to="/" className={textLink}>
            Upload a photo to start framing
          </Link>
          .
        </Trans>
      </CheckoutNotice>
    );
  }
  if (sets.isPending || borders.isPending) return <CheckoutNotice title={title} status={t`Loading your order…`} />;
  if (sets.isError || borders.isError) {
    return (
      <CheckoutNotice title={title}>
        <Trans>We could not load the frame catalogue. Please check your connection and reload the page.</Trans>
      </CheckoutNotice>
    );
  }
  const summary = checkoutSummary(draft, sets.data, borders.data);
  if (!summary) {
    return (
      <CheckoutNotice title={title}>
        <Trans>
          Your frame is not finished yet: choose a size and a frame first.{' '}
          <Link to="/edit-photo" className={textLink}>
            Back to the editor
          </Link>
          .
        </Trans>
      </CheckoutNotice>
    );
  }
  return <BuyNowStep draft={draft} summary={summary} user={user} />;
}

function BuyNowStep({ draft, summary, user }: { draft: OrderDraft; summary: CheckoutSummary; user: SessionUser }) {
  const source = useBuyNowSource(draft, summary, user);
  return <CheckoutStep source={source} user={user} />;
}

function useBuyNowSource(draft: OrderDraft, summary: CheckoutSummary, user: SessionUser): CheckoutSource {
  const { t } = useLingui();
  const queryClient = useQueryClient();

  // The saved address fills in the payment window's contact (shared with the buyer details page's cache).
  const address = useQuery(addressQueryOptions(user._id));
  const pincode = address.data?.postalCode ?? null;
  const subtotalPaise = summary.price.checkoutPaise;
  const shipping = useShippingQuote(pincode, subtotalPaise, summary.maxOuterInches);
  // Without a saved address there is nothing to ship to yet: create-order asks for one.
  const shippingPending = Boolean(pincode) && shipping.isPending;
  const shippingPaise = shipping.data?.shippingPaise ?? 0;

  // The applied coupon code, priced by the server for these frames and this shipping (and again at create-order).
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const couponQuote = useQuery({
    ...couponQuoteQueryOptions({ code: couponCode ?? '', subtotalPaise, shippingPaise }),
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
    const quote = await queryClient.fetchQuery(couponQuoteQueryOptions({ code, subtotalPaise, shippingPaise }));
    setCouponCode(quote.coupon.code);
  };

  // The GST the invoice will show, by the domain's rule, once the shop's rate and the shipping are known.
  const rateBp = shippingPending || !pincode ? null : (shipping.data?.gstRateBp ?? null);
  const gstPaise =
    rateBp === null
      ? null
      : includedGstPaise({
          linesPaise: [subtotalPaise],
          shippingPaise,
          discountPaise,
          discountCoversShipping: couponQuote.data?.discountsShipping ?? false,
          rateBp,
        });

  return {
    lines: [buyNowLine(draft, summary)],
    subtotalPaise,
    discountPaise,
    gstPaise,
    shipping: shippingPending
      ? t`Calculating…`
      : !pincode || shipping.isError
        ? '—'
        : shippingPaise === 0
          ? t`Free`
          : formatInr(shippingPaise),
    totalPaise: subtotalPaise + shippingPaise - discountPaise,
    note: t`Prices include taxes. This is the amount you will pay.`,
    arrives: shipping.data ? { text: arrivesByText(shipping.data.arrivesBy), pincode, inDirectory: shipping.data.inDirectory } : null,
    coupon: {
      applied,
      onApply: applyCoupon,
      onRemove: () => setCouponCode(null),
      problem: couponQuote.isError ? errorText(couponQuote.error, t`The code could not be checked. Please try again.`) : null,
    },
    payment: {
      target: { create: createOrderBody(draft, summary, shippingPaise, applied && discountPaise > 0 ? applied : null) },
      description: paymentDescription(summary),
      address: address.data,
      // A declined payment is paid again as this same order: paying it then clears the frame too.
      onCreated: (order) => rememberDraftOrder(order.orderId),
      onPaid: () => {
        clearStoredOrder();
        forgetDraftOrder();
      },
      onPriceChanged: () => {
        // The catalogue changed since the editor loaded it: reload it so the summary shows the new figures.
        void queryClient.invalidateQueries({ queryKey: frameSetsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: whiteBordersQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: SHIPPING_QUOTE_QUERY_KEY });
      },
    },
    waiting: shippingPending,
    backTo: buyerDetailsPath(BUY_NOW),
  };
}
