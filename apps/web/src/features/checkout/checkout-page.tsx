import { useLingui } from '@lingui/react/macro';
import { OrderAside } from '../../components/order-aside';
import { OrderSteps } from '../../components/order-steps';
import { useSession } from '../../lib/auth';
import { useCheckoutSource } from '../../lib/checkout/checkout-source';
import { BuyNowCheckout } from './buy-now-source';
import { CartCheckout } from './cart-source';
import { CheckoutNotice } from './checkout-parts';
import { OrderCheckout } from './order-source';

/**
 * Step 6, checkout (`/checkout/pay`): the order's lines and the total, then 'Make payment' creates the order on the
 * server (which re-prices it) and opens Razorpay, or the sandbox dialog in development. One step
 * (`checkout-step.tsx`) shows it, fed by the source the address names (`lib/checkout/checkout-source.ts`): the
 * editor's frame bought at once (`buy-now-source.tsx`), the whole cart (`cart-source.tsx`), or an order already made
 * and paid again (`order-source.tsx`).
 */
export function CheckoutPage() {
  const { t } = useLingui();
  const user = useSession()?.user ?? null;
  const source = useCheckoutSource();

  let body;
  if (!user) body = <CheckoutNotice title={t`Checkout`} status={t`Loading your order…`} />;
  else if (source.kind === 'cart') body = <CartCheckout key={user._id} user={user} />;
  else if (source.kind === 'order')
    body = <OrderCheckout key={`${user._id}|${source.orderNumber}`} orderNumber={source.orderNumber} user={user} />;
  else body = <BuyNowCheckout key={user._id} user={user} />;

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
