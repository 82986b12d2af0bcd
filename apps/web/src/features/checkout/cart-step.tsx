import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatInr, type Cart } from '@framewala/domain';
import { textLink } from '../../components/button-styles';
import { CouponField } from '../../components/coupon-field';
import { addressQueryOptions } from '../../lib/address/address-api';
import type { SessionUser } from '../../lib/auth';
import { applyCartCoupon, CART_QUERY_KEY, cartQueryOptions, removeCartCoupon } from '../../lib/cart/cart-api';
import { couponProblemText } from '../../lib/cart/coupon-problem';
import { useLocalCart } from '../../lib/cart/local-cart';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { arrivesByText } from '../../lib/delivery/delivery-quote';
import { errorText } from '../../lib/error-messages';
import { borderNameText, customInchesText, framedPhotosText, inchesOf } from '../../lib/print-texts';
import { ArrivesBy, CheckoutCard, CheckoutNotice, PriceLines } from './checkout-parts';
import { PaymentActions } from './payment-actions';
import { usePayment } from './use-payment';

/** `/checkout/pay?cart=1`: the whole cart in one order and one payment, at the server's figures. */
export function CartStep({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cartQuery = cartQueryOptions(user._id);
  const cart = useQuery(cartQuery);
  const local = useLocalCart();
  // The cart read before the delivery address was saved has no shipping in its total: read it afresh here.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cartQueryOptions(user._id).queryKey });
  }, [queryClient, user._id]);
  const address = useQuery(addressQueryOptions(user._id));
  const data = cart.data;
  // The cart's coupon is kept with the cart on the server, which prices it; the answer is the cart with its discount.
  const setCart = (next: Cart) => {
    queryClient.setQueryData(cartQuery.queryKey, next);
  };
  const applyCoupon = async (code: string) => {
    setCart(await applyCartCoupon(code));
  };
  const removeCoupon = () => void removeCartCoupon().then(setCart, () => undefined);
  const payment = usePayment({
    user,
    requestBody: { cart: true, amount: data?.totalPaise ?? 0, currency: 'INR' },
    description: data ? framedPhotosText(data.itemCount) : t`Framed photos`,
    address: address.data,
    onPaid: () => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
    // The server priced the cart differently (the catalogue or shipping changed): show its figures.
    onPriceChanged: () => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });

  // Lines still in the browser (being moved into the account, or refused) must be settled on the cart page first.
  const leftovers = local.lines.length;
  const title = t`Checkout`;
  if (cart.isPending || (leftovers > 0 && local.lines.some((l) => l.problem === null))) {
    return <CheckoutNotice title={title} status={t`Loading your cart…`} />;
  }
  if (cart.isError)
    return <CheckoutNotice title={title}>{errorText(cart.error, t`We could not load your cart. Please reload the page.`)}</CheckoutNotice>;
  if (!data || data.lines.length === 0) {
    return (
      <CheckoutNotice title={title}>
        <Trans>
          Your cart is empty.{' '}
          <Link to="/" className={textLink}>
            Upload a photo to start framing
          </Link>
          .
        </Trans>
      </CheckoutNotice>
    );
  }
  if (!data.payable || leftovers > 0) {
    return (
      <CheckoutNotice title={title}>
        <Trans>
          Some photos in your cart cannot be ordered as they are.{' '}
          <Link to="/addtocart" className={textLink}>
            Fix them in your cart
          </Link>
          .
        </Trans>
      </CheckoutNotice>
    );
  }
  const arrives = data.arrivesBy ? arrivesByText(data.arrivesBy) : '';
  const pincode = data.pincode;

  return (
    <CheckoutCard>
      <ul className="mt-3 divide-y divide-ink-100 rounded-xl border border-ink-100 text-[0.95rem]" data-testid="cart-summary">
        {data.lines.map((line) => (
          <li key={line.id} className="flex items-center gap-3 px-3.5 py-2.5">
            {line.thumbnailUrl ? (
              <img src={line.thumbnailUrl} alt="" className="h-12 w-12 shrink-0 rounded-lg border border-ink-100 bg-sand object-cover" />
            ) : null}
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink-900">
                {line.sizeId === null ? customInchesText(line.sizeName ?? '—') : inchesOf(line.sizeName ?? '—')} ·{' '}
                {[catalogueText(line.finishName, line.finishNameHi), catalogueText(line.frameSetName, line.frameSetNameHi)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="block text-sm text-ink-600">
                {line.borderIn > 0
                  ? `${line.borderName ? borderNameText(line.borderName, line.borderNameHi) : t`White border`} ${inchesOf(line.borderIn)}`
                  : t`No border`}{' '}
                · {line.quantity} × {line.unitPaise !== null ? formatInr(line.unitPaise) : '—'}
              </span>
            </span>
            <span className="font-medium text-ink-900 tabular-nums">{line.linePaise !== null ? formatInr(line.linePaise) : '—'}</span>
          </li>
        ))}
      </ul>

      <PriceLines
        subtotalPaise={data.subtotalPaise}
        discountPaise={data.discountPaise}
        shipping={data.shippingPaise === null ? '—' : data.shippingPaise === 0 ? t`Free` : formatInr(data.shippingPaise)}
        totalPaise={data.totalPaise}
      />
      <p className="mt-2 text-sm text-ink-500">
        <Trans>Prices include taxes. This is the amount you will pay, once, for the whole cart.</Trans>
      </p>
      <CouponField
        applied={data.coupon ? { code: data.coupon.code, summary: data.coupon.summary, discountPaise: data.discountPaise } : null}
        onApply={applyCoupon}
        onRemove={removeCoupon}
        problem={couponProblemText(data)}
      />
      {data.arrivesBy ? <ArrivesBy arrives={arrives} pincode={pincode} /> : null}
      <PaymentActions payment={payment} waiting={cart.isFetching} onBack={() => void navigate('/checkout?cart=1')} />
    </CheckoutCard>
  );
}
