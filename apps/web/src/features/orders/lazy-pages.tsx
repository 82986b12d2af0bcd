import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

const CustomerOrderPage = lazy(withCatalogue('orders', async () => ({ default: (await import('./order-page')).CustomerOrderPage })));

/** `/orders/:id` needs sign-in (linked from the profile and from the order e-mails). */
export function CustomerOrderRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
            <Trans>Loading…</Trans>
          </p>
        }
      >
        <CustomerOrderPage />
      </Suspense>
    </RequireSignIn>
  );
}
