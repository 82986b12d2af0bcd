import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

// The checkout pages load on demand (the landing page does not need them), each with the checkout's texts.
const CheckoutPage = lazy(withCatalogue('checkout', async () => ({ default: (await import('./checkout-page')).CheckoutPage })));
const SuccessPage = lazy(withCatalogue('checkout', async () => ({ default: (await import('./result-pages')).SuccessPage })));
const CancelPage = lazy(withCatalogue('checkout', async () => ({ default: (await import('./result-pages')).CancelPage })));

function Deferred({ children }: { children: ReactNode }) {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
            <Trans>Loading…</Trans>
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
