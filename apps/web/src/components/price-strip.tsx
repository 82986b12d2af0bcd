import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

const OrderPriceStrip = lazy(() => import('./order-price-strip'));

/**
 * The header's price strip while ordering: FSP (frame selling price), WBP (white border price, only above 0) and
 * Total, all from the domain's `priceOrder`. Shown on /edit-photo only, once a size and a frame are chosen; its code
 * loads there, so no other page carries the order draft, the catalogue and the prices.
 */
export function PriceStrip() {
  const { pathname } = useLocation();
  if (pathname !== '/edit-photo') return null;
  return (
    <Suspense fallback={null}>
      <OrderPriceStrip />
    </Suspense>
  );
}
