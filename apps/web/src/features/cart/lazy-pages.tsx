import { lazy, Suspense } from 'react';

const CartPage = lazy(async () => ({ default: (await import('./cart-page')).CartPage }));

/** `/addtocart`: open to everyone (an anonymous cart lives in the browser); loaded on demand. */
export function CartRoute() {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-ink-500 sm:px-6">
          Loading your cart…
        </p>
      }
    >
      <CartPage />
    </Suspense>
  );
}
