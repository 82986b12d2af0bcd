import { Trans } from '@lingui/react/macro';
import type { RouteObject } from 'react-router';
import { withCatalogue } from '../../lib/i18n';
import { RequirePhoto } from './require-photo';

/** /edit-photo: the editor (crop tool included), loaded on demand with its texts; most visitors land on the home page first. */
export const editPhotoRoute: RouteObject = {
  element: <RequirePhoto />,
  children: [
    {
      path: '/edit-photo',
      lazy: withCatalogue('editor', async () => ({ Component: (await import('./editor-page')).EditorPage })),
      hydrateFallbackElement: (
        <div className="mx-auto max-w-6xl px-4 pt-5 pb-14 sm:px-6 lg:pt-8" role="status">
          <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
            <Trans>Photo editor</Trans>
          </p>
          <p className="mt-2 text-ink-500">
            <Trans>Opening your photo…</Trans>
          </p>
        </div>
      ),
    },
  ],
};
