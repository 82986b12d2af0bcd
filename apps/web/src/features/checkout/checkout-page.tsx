import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { textLink } from '../../components/button-styles';
import { OrderAside } from '../../components/order-aside';
import { OrderSteps } from '../../components/order-steps';
import { useSession } from '../../lib/auth';
import { useFrameSets, useWhiteBorders } from '../../lib/catalogue/catalogue-api';
import { useOrderDraft } from '../../lib/order-draft/order-draft';
import { BuyNowStep } from './buy-now-step';
import { CartStep } from './cart-step';
import { checkoutSummary } from './checkout-model';
import { CheckoutNotice } from './checkout-parts';

/**
 * Step 6, checkout (`/checkout/pay`): the product summary and the total, then 'Make payment' creates the order on the
 * server (which re-prices it) and opens Razorpay, or the sandbox dialog in development. Two steps show it today: the
 * editor's one photo ("buy now", `buy-now-step.tsx`) and the whole cart (`?cart=1`, `cart-step.tsx`); both are drawn
 * with `checkout-parts.tsx` and pay through `usePayment`.
 */
export function CheckoutPage() {
  const { t } = useLingui();
  const session = useSession();
  const draft = useOrderDraft();
  const sets = useFrameSets();
  const borders = useWhiteBorders();
  const user = session?.user ?? null;
  const cartMode = useSearchParams()[0].get('cart') === '1';

  const title = t`Checkout`;
  let body;
  if (cartMode) {
    body = user ? <CartStep key={user._id} user={user} /> : <CheckoutNotice title={title} status={t`Loading your cart…`} />;
  } else if (!draft) {
    body = (
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
  } else if (sets.isPending || borders.isPending || !user) {
    body = <CheckoutNotice title={title} status={t`Loading your order…`} />;
  } else if (sets.isError || borders.isError) {
    body = (
      <CheckoutNotice title={title}>
        <Trans>We could not load the frame catalogue. Please check your connection and reload the page.</Trans>
      </CheckoutNotice>
    );
  } else {
    const summary = checkoutSummary(draft, sets.data, borders.data);
    body = summary ? (
      <BuyNowStep key={user._id} draft={draft} summary={summary} user={user} />
    ) : (
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

  return (
    <>
      <title>{t`Checkout — Framewala`}</title>
      <div className="bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-14 sm:px-6 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <div className="min-w-0">
            <OrderSteps current={2} />
            {body}
          </div>
          <OrderAside />
        </div>
      </div>
    </>
  );
}
