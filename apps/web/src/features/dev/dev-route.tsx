import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';

// The developer pages load on demand: they pull in the whole size catalogue from @framewala/domain. They stay in
// English (no catalogue); only the loading text, shown inside the customer's layout, is translated.
export const devRoutes: RouteObject[] = [
  { path: '/dummy-data', lazy: async () => ({ Component: (await import('./dummy-data-page')).DummyDataPage }) },
  { path: '/sizes', lazy: async () => ({ Component: (await import('./sizes-page')).SizesPage }) },
  { path: '/crop', lazy: async () => ({ Component: (await import('./crop-page')).CropPage }) },
  { path: '/check', lazy: async () => ({ Component: (await import('./check-page')).CheckPage }) },
].map((route) => ({ ...route, hydrateFallbackElement: <PageLoading /> }));
