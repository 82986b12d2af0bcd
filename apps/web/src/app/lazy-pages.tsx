import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

// Developer pages load on demand: they pull in the whole size catalogue from @framewala/domain. They stay in English
// (no catalogue); only the loading text, shown inside the customer's layout, is translated.
const SizesPage = lazy(async () => ({ default: (await import('../features/dev/sizes-page')).SizesPage }));
const CheckPage = lazy(async () => ({ default: (await import('../features/dev/check-page')).CheckPage }));
const CropPage = lazy(async () => ({ default: (await import('../features/dev/crop-page')).CropPage }));
const DummyDataPage = lazy(async () => ({ default: (await import('../features/dev/dummy-data-page')).DummyDataPage }));

/** Shown inside the layout (header and footer stay on screen) while a deferred page loads. */
function PageLoading() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
      <Trans>Loading…</Trans>
    </p>
  );
}

export function LazySizesPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <SizesPage />
    </Suspense>
  );
}

export function LazyCheckPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <CheckPage />
    </Suspense>
  );
}

export function LazyCropPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <CropPage />
    </Suspense>
  );
}

export function LazyDummyDataPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DummyDataPage />
    </Suspense>
  );
}
