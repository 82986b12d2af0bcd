import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { CANCELLATION_WINDOW_MS, PROCESSING_DAYS, TRANSIT_DAYS } from '@framewala/domain';
import { useCartCount } from '../lib/cart/use-cart';
import { useCheckoutSource } from '../lib/checkout/checkout-source';
import { textLink } from './button-styles';
import { ShieldCheckIcon, TruckIcon } from './icons';
import { NoBreakRanges } from './no-break-ranges';
import { useOrderDraft } from '../lib/order-draft/order-draft';
import { framedPhotosText, inchesOf } from '../lib/print-texts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Beside the buyer details and the checkout: what is being ordered (the photo being framed, from the order kept in
 * the browser; the cart; or the order paid again) and what happens next.
 */
export function OrderAside() {
  const { t } = useLingui();
  const source = useCheckoutSource();
  const cartCount = useCartCount();
  const order = useOrderDraft();
  const photo = order?.photo;
  const src = photo ? (photo.thumbnailUrl ?? photo.url) : null;
  const size = order?.size?.sizeName ?? (order?.customSize ? inchesOf(`${order.customSize.width} × ${order.customSize.height}`) : null);
  const quantity = order?.quantity ?? 1;
  const photos = framedPhotosText(cartCount);
  // The shop's promises, from the same figures as the delivery estimate and the cancellation rule.
  const days = (range: { min: number; max: number }) => {
    const { min, max } = range;
    return t`${min}–${max} business days`;
  };
  const processing = days(PROCESSING_DAYS);
  const metros = days(TRANSIT_DAYS.metro);
  const elsewhere = days(TRANSIT_DAYS.elsewhere);
  const hours = CANCELLATION_WINDOW_MS / HOUR_MS;
  const cancellationWindow = t`${plural(hours, { one: '# hour', other: '# hours' })}`;

  return (
    <aside aria-label={t`Your order`} className="flex flex-col gap-4 lg:pt-12">
      <div className="rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5">
        <h2 className="font-sans text-sm font-semibold tracking-[0.12em] text-ink-500 uppercase">
          <Trans>Your order</Trans>
        </h2>
        {source.kind === 'order' ? (
          <p className="mt-3 text-ink-700" data-testid="aside-order">
            <OrderLink orderNumber={source.orderNumber} />
          </p>
        ) : source.kind === 'cart' ? (
          <p className="mt-3 text-ink-700" data-testid="aside-cart">
            <Trans>
              Your cart: {photos}.{' '}
              <Link to="/addtocart" className={textLink}>
                View cart
              </Link>
            </Trans>
          </p>
        ) : photo && src ? (
          <div className="mt-4 flex items-center gap-4">
            <img src={src} alt={t`Your photo`} className="h-20 w-20 shrink-0 rounded-xl border border-ink-100 bg-sand object-cover" />
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">
                <Trans>Your framed photo</Trans>
              </p>
              {size ? (
                <p className="text-sm text-ink-600">
                  <Trans>Print size {size}</Trans>
                </p>
              ) : null}
              {quantity > 1 ? (
                <p className="text-sm text-ink-600">
                  <Trans>Quantity {quantity}</Trans>
                </p>
              ) : null}
            </div>
          </div>
        ) : (
          <p className="mt-3 text-ink-600">
            <Trans>
              No photo in your order yet.{' '}
              <Link to="/" className={textLink}>
                Start framing
              </Link>
            </Trans>
          </p>
        )}
      </div>
      <ul className="flex flex-col gap-3 rounded-3xl border border-ink-100 bg-white/70 p-5 text-[0.95rem] text-ink-700">
        <li className="flex gap-3">
          <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-saffron-700" />
          <span>
            <NoBreakRanges text={t`Made in ${processing}, delivered in ${metros} in metros, ${elsewhere} elsewhere.`} />
          </span>
        </li>
        <li className="flex gap-3">
          <ShieldCheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
          <span>
            <Trans>Your address is used only to deliver your order. Cancel free within {cancellationWindow}.</Trans>
          </span>
        </li>
      </ul>
    </aside>
  );
}

/** 'Order FW-…, waiting for its payment. View order' */
function OrderLink({ orderNumber }: { orderNumber: string }) {
  return (
    <Trans>
      Order {orderNumber}, waiting for its payment.{' '}
      <Link to={`/orders/${encodeURIComponent(orderNumber)}`} className={textLink}>
        View order
      </Link>
    </Trans>
  );
}
