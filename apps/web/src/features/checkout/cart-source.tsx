import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatInr, type Cart } from '@framewala/domain';
import { textLink } from '../../components/button-styles';
import { cartLineView } from '../../lib/orders/line-view';
import { addressQueryOptions } from '../../lib/address/address-api';
import type { SessionUser } from '../../lib/auth';
import { applyCartCoupon, CART_QUERY_KEY, cartQueryOptions, removeCartCoupon } from '../../lib/cart/cart-api';
import { couponProblemText } from '../../lib/cart/coupon-problem';
import { useLocalCart } from '../../lib/cart/local-cart';
import { buyerDetailsPath, WHOLE_CART } from '../../lib/checkout/checkout-source';
import { arrivesByText } from '../../lib/delivery/delivery-quote';
import { errorText } from '../../lib/error-messages';
import { framedPhotosText } from '../../lib/print-texts';
import type { CheckoutLine, CheckoutSource } from './checkout-model';
import { CheckoutNotice } from './checkout-parts';
import { CheckoutStep } from './checkout-step';

/** `/checkout/pay?cart=1`: the whole cart in one order and one payment, at the server's figures. */
export function CartCheckout({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const cart = useQuery(cartQueryOptions(user._id));
  const local = useLocalCart();
  // The cart read before the delivery address was saved has no shipping in its total: read it afresh here.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cartQueryOptions(user._id).queryKey });
  }, [queryClient, user._id]);

  // Lines still in the browser (being moved into the account, or refused) must be settled on the cart page first.
  const leftovers = local.lines.length;
  const title = t`Checkout`;
  const data = cart.data;
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
  return <CartStep cart={data} fetching={cart.isFetching} user={user} />;
}

/** A line of the server cart on the checkout. */
function cartCheckoutLine(line: Cart['lines'][number]): CheckoutLine {
  return { ...cartLineView(line), borderIn: line.borderIn, mouldingIn: line.mouldingIn };
}

function CartStep({ cart, fetching, user }: { cart: Cart; fetching: boolean; user: SessionUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const cartQuery = cartQueryOptions(user._id);
  const address = useQuery(addressQueryOptions(user._id));
  // The cart's coupon is kept with the cart on the server, which prices it; the answer is the cart with its discount.
  const setCart = (next: Cart) => {
    queryClient.setQueryData(cartQuery.queryKey, next);
  };
  const reload = () => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
  const source: CheckoutSource = {
    lines: cart.lines.map(cartCheckoutLine),
    subtotalPaise: cart.subtotalPaise,
    discountPaise: cart.discountPaise,
    gstPaise: cart.gstPaise,
    shipping: cart.shippingPaise === null ? '—' : cart.shippingPaise === 0 ? t`Free` : formatInr(cart.shippingPaise),
    totalPaise: cart.totalPaise,
    note: t`Prices include taxes. This is the amount you will pay, once, for the whole cart.`,
    arrives: cart.arrivesBy ? { text: arrivesByText(cart.arrivesBy), pincode: cart.pincode, inDirectory: cart.pincodeInDirectory } : null,
    coupon: {
      applied: cart.coupon ? { code: cart.coupon.code, summary: cart.coupon.summary, discountPaise: cart.discountPaise } : null,
      onApply: async (code) => setCart(await applyCartCoupon(code)),
      onRemove: () => void removeCartCoupon().then(setCart, () => undefined),
      problem: couponProblemText(cart),
    },
    payment: {
      target: { create: { cart: true, amount: cart.totalPaise, currency: 'INR' } },
      description: framedPhotosText(cart.itemCount),
      address: address.data,
      onPaid: reload,
      // The server priced the cart differently (the catalogue or shipping changed): show its figures.
      onPriceChanged: reload,
    },
    waiting: fetching,
    backTo: buyerDetailsPath(WHOLE_CART),
  };
  return <CheckoutStep source={source} user={user} />;
}
