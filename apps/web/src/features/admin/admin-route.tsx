import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';

const loading = <PageLoading wide>Loading the console…</PageLoading>;

/**
 * The owner's console's pages (admins only), loaded on demand: customers never download them. The console stays
 * English. They render in the console's layout (`console-layout.tsx`), under the admins-only guard (`RequireAdmin`).
 */
export const consolePages: RouteObject[] = [
  { path: '/admin', lazy: async () => ({ Component: (await import('./orders/orders-page')).AdminOrdersPage }) },
  { path: '/admin/orders/:id', lazy: async () => ({ Component: (await import('./orders/order-page')).AdminOrderPage }) },
  { path: '/admin/catalogue', lazy: async () => ({ Component: (await import('./catalogue/catalogue-page')).AdminCataloguePage }) },
  { path: '/admin/shipping', lazy: async () => ({ Component: (await import('./shipping/shipping-page')).AdminShippingPage }) },
  { path: '/admin/offers', lazy: async () => ({ Component: (await import('./offers/offers-page')).AdminOffersPage }) },
].map((route) => ({ ...route, hydrateFallbackElement: loading }));
