import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { withCatalogue } from '../../lib/i18n';

const CartPage = lazy(withCatalogue('cart', async () => ({ default: (await import('./cart-page')).CartPage })));

/** `/addtocart`: open to everyone (an anonymous cart lives in the browser); loaded on demand with its texts. */
export function CartRoute() {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-ink-500 sm:px-6">
          <Trans>Loading your cart…</Trans>
        </p>
      }
    >
      <CartPage />
    </Suspense>
  );
}
