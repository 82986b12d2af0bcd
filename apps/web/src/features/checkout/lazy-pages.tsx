import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { RequireSignIn } from '../../components/require-sign-in';

// The checkout pages load on demand (the landing page does not need them).
const CheckoutPage = lazy(async () => ({ default: (await import('./checkout-page')).CheckoutPage }));
const SuccessPage = lazy(async () => ({ default: (await import('./result-pages')).SuccessPage }));
const CancelPage = lazy(async () => ({ default: (await import('./result-pages')).CancelPage }));

function Deferred({ children }: { children: ReactNode }) {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </RequireSignIn>
  );
}

/** Step 6, checkout: sign-in required. */
export function CheckoutRoute() {
  return (
    <Deferred>
      <CheckoutPage />
    </Deferred>
  );
}

export function SuccessRoute() {
  return (
    <Deferred>
      <SuccessPage />
    </Deferred>
  );
}

export function CancelRoute() {
  return (
    <Deferred>
      <CancelPage />
    </Deferred>
  );
}
