import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

/** Step 6, checkout, and the payment's outcome: sign-in required; loaded on demand, each with the checkout's texts. */
export const checkoutRoutes: RouteObject = {
  element: <RequireSignIn />,
  children: [
    {
      path: '/checkout/pay',
      lazy: withCatalogue('checkout', async () => ({ Component: (await import('./checkout-page')).CheckoutPage })),
      hydrateFallbackElement: <PageLoading />,
    },
    {
      path: '/success',
      lazy: withCatalogue('checkout', async () => ({ Component: (await import('./success-page')).SuccessPage })),
      hydrateFallbackElement: <PageLoading />,
    },
    {
      path: '/cancel',
      lazy: withCatalogue('checkout', async () => ({ Component: (await import('./cancel-page')).CancelPage })),
      hydrateFallbackElement: <PageLoading />,
    },
  ],
};
