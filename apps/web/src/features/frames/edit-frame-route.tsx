import { Trans } from '@lingui/react/macro';
import type { RouteObject } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { withCatalogue } from '../../lib/i18n';

/**
 * /edit-frame: with an order in progress, the editor at its frame step; without one, the gallery of every frame set
 * and finish, so a customer can browse before uploading. Loaded on demand, like the editor, with its texts (the
 * `frames` catalogue).
 */
export const editFrameRoute: RouteObject = {
  path: '/edit-frame',
  lazy: withCatalogue('frames', async () => ({ Component: (await import('./edit-frame-page')).EditFramePage })),
  hydrateFallbackElement: (
    <PageLoading>
      <Trans>Opening the frames…</Trans>
    </PageLoading>
  ),
};
