import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RequireAdmin } from './require-admin';

const loading = <PageLoading wide>Loading the console…</PageLoading>;

/** The owner's console (admins only), loaded on demand: customers never download it. It stays English. */
export const adminRoutes: RouteObject = {
  element: <RequireAdmin />,
  children: [
    { path: '/admin', lazy: async () => ({ Component: (await import('./orders/orders-page')).AdminOrdersPage }) },
    { path: '/admin/orders/:id', lazy: async () => ({ Component: (await import('./orders/order-page')).AdminOrderPage }) },
    { path: '/admin/catalogue', lazy: async () => ({ Component: (await import('./catalogue/catalogue-page')).AdminCataloguePage }) },
    { path: '/admin/offers', lazy: async () => ({ Component: (await import('./offers/offers-page')).AdminOffersPage }) },
  ].map((route) => ({ ...route, hydrateFallbackElement: loading })),
};
