import { Link, useSearchParams } from 'react-router';
import { useCartCount } from '../lib/use-cart';
import { textLink } from './button-styles';
import { ShieldCheckIcon, TruckIcon } from './icons';
import { useOrderDraft } from '../lib/order-storage';
import { POLICY_FACTS } from '../lib/policies';

/** Beside the buyer details: the photo being framed (from the order kept in the browser) and what happens next. */
export function OrderAside() {
  const [params] = useSearchParams();
  const cartMode = params.get('cart') === '1';
  const cartCount = useCartCount();
  const order = useOrderDraft();
  const photo = order?.photo;
  const src = photo ? (photo.thumbnailUrl ?? photo.url) : null;
  const size = order?.size?.sizeName ?? (order?.customSize ? `${order.customSize.width} × ${order.customSize.height} in` : null);

  return (
    <aside aria-label="Your order" className="flex flex-col gap-4 lg:pt-12">
      <div className="rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5">
        <h2 className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-500 uppercase">Your order</h2>
        {cartMode ? (
          <p className="mt-3 text-ink-700" data-testid="aside-cart">
            Your cart: {cartCount} framed {cartCount === 1 ? 'photo' : 'photos'}.{' '}
            <Link to="/addtocart" className={textLink}>
              View cart
            </Link>
          </p>
        ) : photo && src ? (
          <div className="mt-4 flex items-center gap-4">
            <img src={src} alt="Your photo" className="h-20 w-20 shrink-0 rounded-xl border border-ink-100 bg-sand object-cover" />
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">Your framed photo</p>
              {size ? <p className="text-sm text-ink-600">Print size {size}</p> : null}
              {order && order.quantity > 1 ? <p className="text-sm text-ink-600">Quantity {order.quantity}</p> : null}
            </div>
          </div>
        ) : (
          <p className="mt-3 text-ink-600">
            No photo in your order yet.{' '}
            <Link to="/" className={textLink}>
              Start framing
            </Link>
          </p>
        )}
      </div>
      <ul className="flex flex-col gap-3 rounded-3xl border border-ink-100 bg-white/70 p-5 text-[0.95rem] text-ink-700">
        <li className="flex gap-3">
          <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-saffron-700" />
          <span>
            Made in {POLICY_FACTS.processing}, delivered in {POLICY_FACTS.deliveryMetros} in metros, {POLICY_FACTS.deliveryElsewhere}{' '}
            elsewhere.
          </span>
        </li>
        <li className="flex gap-3">
          <ShieldCheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
          <span>Your address is used only to deliver your order. Cancel free within {POLICY_FACTS.cancellationWindow}.</span>
        </li>
      </ul>
    </aside>
  );
}
