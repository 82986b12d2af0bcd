import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { withCatalogue } from '../../lib/i18n';

/** `/see-it-on-a-wall` loads on demand with its texts: the drawn rooms are not needed anywhere else. */
export const wallRoute: RouteObject = {
  path: '/see-it-on-a-wall',
  lazy: withCatalogue('wall', async () => ({ Component: (await import('./wall-page')).WallPage })),
  hydrateFallbackElement: <PageLoading />,
};
