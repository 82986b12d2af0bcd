import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RequireSignIn } from '../../components/require-sign-in';
import { withCatalogue } from '../../lib/i18n';

/** `/user`, the customer's profile: sign-in required; loaded on demand with its texts. */
export const profileRoute: RouteObject = {
  element: <RequireSignIn />,
  children: [
    {
      path: '/user',
      lazy: withCatalogue('profile', async () => ({ Component: (await import('./profile-page')).ProfilePage })),
      hydrateFallbackElement: <PageLoading />,
    },
  ],
};
