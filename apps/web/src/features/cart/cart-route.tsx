import { Trans } from '@lingui/react/macro';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { withCatalogue } from '../../lib/i18n';

/** `/addtocart`: open to everyone (an anonymous cart lives in the browser); loaded on demand with its texts. */
export const cartRoute: RouteObject = {
  path: '/addtocart',
  lazy: withCatalogue('cart', async () => ({ Component: (await import('./cart-page')).CartPage })),
  hydrateFallbackElement: (
    <PageLoading wide>
      <Trans>Loading your cart…</Trans>
    </PageLoading>
  ),
};
