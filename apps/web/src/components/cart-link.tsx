import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CartIcon } from './icons';

const CartCountSource = lazy(() => import('./cart-count-source'));

/**
 * The header's cart: an icon with the number of framed pieces in the cart, on every page. The count arrives once the
 * page has painted (its code loads on demand), so the landing page's first script stays small; the badge sits over
 * the icon and moves nothing when it appears.
 */
export function CartLink() {
  const { t } = useLingui();
  const [count, setCount] = useState(0);
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  const label = t({ message: plural(count, { one: 'Cart, # item', other: 'Cart, # items' }) });
  return (
    <Link
      to="/addtocart"
      aria-label={label}
      data-testid="header-cart"
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-ink-800 hover:bg-ink-100/70 hover:text-saffron-800"
    >
      <CartIcon className="h-6 w-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-saffron-700 px-1 text-xs leading-none font-semibold text-white tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
      {painted ? (
        <Suspense fallback={null}>
          <CartCountSource onCount={setCount} />
        </Suspense>
      ) : null}
    </Link>
  );
}
