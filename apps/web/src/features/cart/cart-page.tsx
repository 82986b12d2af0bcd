import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY, type FrameSet } from '@framewala/domain';
import { primaryButton, textLink } from '../../components/button-styles';
import { CouponField } from '../../components/coupon-field';
import { couponProblemText } from '../../lib/cart/coupon-problem';
import { DeliveryEstimateView } from '../../components/delivery-estimate';
import { useDeliveryQuote } from '../../lib/delivery/delivery-quote';
import { ArrowRightIcon, ShieldCheckIcon } from '../../components/icons';
import { pruneDrafts, updateLocalCart } from '../../lib/cart/local-cart';
import { buyerDetailsPath, WHOLE_CART } from '../../lib/checkout/checkout-source';
import { useFrameSets } from '../../lib/catalogue/catalogue-api';
import { errorText } from '../../lib/error-messages';
import { useCart, useCartLineActions } from './use-cart';
import { CartRow } from './cart-row';

/** `/addtocart`: every framed photo in the cart, its quantity and price, shipping, the total and the way to pay. */
export function CartPage() {
  const { t } = useLingui();
  const cart = useCart();
  const sets = useFrameSets();
  const serverIds = cart.server?.lines.map((l) => l.clientLineId);

  // Forget the editor orders of lines no longer in the server cart (ordered, or removed on another device).
  const serverKey = serverIds?.join('|');
  useEffect(() => {
    if (serverIds) updateLocalCart((c) => pruneDrafts(c, serverIds));
    // serverKey stands for serverIds' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey]);

  let body;
  if (!cart.ready) {
    body = (
      <p role="status" className="rounded-3xl border border-ink-100 bg-white px-6 py-10 text-ink-600">
        <Trans>Loading your cart…</Trans>
      </p>
    );
  } else if (cart.error && cart.items.length === 0) {
    body = (
      <p role="alert" className="rounded-3xl border border-ink-100 bg-white px-6 py-10 text-red-700">
        {errorText(cart.error, t`We could not load your cart. Please reload the page.`)}
      </p>
    );
  } else if (cart.items.length === 0) {
    body = <EmptyCart />;
  } else {
    body = <CartContents cart={cart} sets={sets.data} />;
  }

  return (
    <div className="bg-gradient-to-b from-sand/70 to-cream">
      <title>{t`Your cart — Framewala`}</title>
      <div className="mx-auto max-w-6xl px-4 pt-8 pb-14 sm:px-6 sm:pt-12">
        <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">
          <Trans>Cart</Trans>
        </p>
        <h1 className="mt-1 text-[2rem] leading-tight font-semibold">
          <Trans>Your cart</Trans>
        </h1>
        <div className="mt-6">{body}</div>
      </div>
    </div>
  );
}

function EmptyCart() {
  return (
    <section
      className="rounded-3xl border border-ink-100 bg-white px-6 py-12 text-center shadow-sm shadow-ink-900/5"
      data-testid="empty-cart"
    >
      <h2 className="text-[1.45rem] font-semibold">
        <Trans>Your cart is empty</Trans>
      </h2>
      <p className="mx-auto mt-2 max-w-md text-ink-600">
        <Trans>Upload a photo, choose its size, frame and border, then add it to your cart.</Trans>
      </p>
      <Link to="/?upload=1" className={`${primaryButton} mt-6 px-7`}>
        <Trans>Upload a photo</Trans>
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}

function CartContents({ cart, sets }: { cart: ReturnType<typeof useCart>; sets: readonly FrameSet[] | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const delivery = useDeliveryQuote(cart.subtotalPaise, cart.maxOuterInches);
  const shippingPaise = delivery.quote.data?.shippingPaise ?? null;
  // A coupon is kept with the account's cart and priced by the server; signed out, the field asks to sign in first.
  const discountPaise = cart.server?.discountPaise ?? 0;
  const totalPaise = cart.subtotalPaise + (shippingPaise ?? 0) - discountPaise;
  const actions = useCartLineActions();
  const blocked = cart.items.filter((i) => i.problem !== null).length;
  const lines = cart.items.length;
  const items = cart.itemCount;
  const shippingText =
    shippingPaise === null
      ? delivery.quote.isFetching
        ? t`Calculating…`
        : t`Enter your pincode`
      : shippingPaise === 0
        ? t`Free`
        : formatInr(shippingPaise);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
      <section aria-label={t`Framed photos in your cart`} className="min-w-0">
        <ul className="flex flex-col gap-4" data-testid="cart-lines">
          {cart.items.map((item) => (
            <CartRow key={item.key} item={item} sets={sets} />
          ))}
        </ul>
        <p className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600">
          <span>
            {t`${plural(lines, {
              one: `# of ${MAX_CART_LINES} framed photos · ${MIN_QUANTITY}–${MAX_QUANTITY} of each`,
              other: `# of ${MAX_CART_LINES} framed photos · ${MIN_QUANTITY}–${MAX_QUANTITY} of each`,
            })}`}
          </span>
          {cart.items.length < MAX_CART_LINES ? (
            <Link to="/?upload=1" className={textLink}>
              <Trans>Upload another photo</Trans>
            </Link>
          ) : null}
        </p>
      </section>

      <aside
        aria-label={t`Order total`}
        className="rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-6 lg:sticky lg:top-28"
      >
        <h2 className="text-xl font-semibold">
          <Trans>Order total</Trans>
        </h2>
        <dl className="mt-4 flex flex-col gap-2 text-[0.95rem] tabular-nums" data-testid="cart-totals">
          <Row term={t`Subtotal (${plural(items, { one: '# item', other: '# items' })})`} value={formatInr(cart.subtotalPaise)} />
          <Row term={t`Shipping`} value={shippingText} />
          {discountPaise > 0 ? <Row term={t`Total Price (Discount)`} value={`−${formatInr(discountPaise)}`} /> : null}
          <div className="mt-1 flex items-baseline justify-between border-t border-ink-100 pt-3">
            <dt className="text-lg font-semibold text-ink-900">
              <Trans>Total</Trans>
            </dt>
            <dd className="m-0 font-serif text-[1.8rem] leading-tight font-semibold text-ink-900" data-testid="cart-total">
              {formatInr(totalPaise)}
            </dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-ink-500">
          <Trans>Prices include taxes.</Trans>
        </p>
        {cart.server ? (
          <CouponField
            applied={cart.server.coupon ? { ...cart.server.coupon, discountPaise } : null}
            onApply={actions.applyCoupon}
            onRemove={() => void actions.removeCoupon().catch(() => undefined)}
            problem={couponProblemText(cart.server)}
          />
        ) : (
          <p className="mt-4 text-sm text-ink-600">
            <Trans>Have a coupon code? Apply it at checkout, after signing in.</Trans>
          </p>
        )}
        <DeliveryEstimateView delivery={delivery} />
        {blocked > 0 ? (
          <p role="alert" className="mt-4 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {t`${plural(blocked, {
              one: 'One photo cannot be ordered as it is. Edit or remove it to check out.',
              other: '# photos cannot be ordered as they are. Edit or remove them to check out.',
            })}`}
          </p>
        ) : null}
        <button
          type="button"
          disabled={!cart.payable}
          onClick={() => void navigate(buyerDetailsPath(WHOLE_CART))}
          className={`${primaryButton} mt-5 w-full`}
        >
          <Trans>Proceed to Checkout</Trans>
          <ArrowRightIcon className="h-4 w-4" />
        </button>
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-600">
          <ShieldCheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
          {cart.signedIn ? (
            <Trans>One payment for the whole cart.</Trans>
          ) : (
            <Trans>One payment for the whole cart. You will sign in before paying; your cart comes with you.</Trans>
          )}
        </p>
      </aside>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink-600">{term}</dt>
      <dd className="m-0 font-medium text-ink-900">{value}</dd>
    </div>
  );
}
