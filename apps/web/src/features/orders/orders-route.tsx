import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

/** `/orders/:id` needs sign-in (linked from the profile and from the order e-mails). */
export const ordersRoute: RouteObject = {
  element: <RequireSignIn />,
  children: [
    {
      path: '/orders/:id',
      lazy: withCatalogue('orders', async () => ({ Component: (await import('./order-page')).CustomerOrderPage })),
      hydrateFallbackElement: <PageLoading />,
    },
  ],
};
