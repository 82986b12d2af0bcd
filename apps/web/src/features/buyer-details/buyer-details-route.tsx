import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

/**
 * `/checkout`, the buyer details before the payment step: sign-in required (else `/sign-in` with `next`, to come
 * back). Loaded on demand: the phone input brings its bundled flags.
 */
export const buyerDetailsRoute: RouteObject = {
  element: <RequireSignIn />,
  children: [
    {
      path: '/checkout',
      lazy: withCatalogue('buyer-details', async () => ({ Component: (await import('./buyer-details-page')).BuyerDetailsPage })),
      hydrateFallbackElement: <PageLoading />,
    },
  ],
};
