import { lazy, Suspense } from 'react';

const WallPage = lazy(async () => ({ default: (await import('./wall-page')).WallPage }));

/** `/see-it-on-a-wall` loads on demand: the drawn rooms are not needed anywhere else. */
export function WallRoute() {
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
          Loading…
        </p>
      }
    >
      <WallPage />
    </Suspense>
  );
}
