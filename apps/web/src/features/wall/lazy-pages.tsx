import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { withCatalogue } from '../../lib/i18n';

// The page's texts (the `wall` catalogue) arrive with its code.
const WallPage = lazy(withCatalogue('wall', async () => ({ default: (await import('./wall-page')).WallPage })));

/** `/see-it-on-a-wall` loads on demand: the drawn rooms are not needed anywhere else. */
export function WallRoute() {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      <WallPage />
    </Suspense>
  );
}
