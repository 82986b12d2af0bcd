import { lazy, Suspense } from 'react';
import { RequireSignIn } from '../../components/require-sign-in';

const CustomerOrderPage = lazy(async () => ({ default: (await import('./order-page')).CustomerOrderPage }));

/** `/orders/:id` needs sign-in (linked from the profile and from the order e-mails). */
export function CustomerOrderRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
            Loading…
          </p>
        }
      >
        <CustomerOrderPage />
      </Suspense>
    </RequireSignIn>
  );
}
