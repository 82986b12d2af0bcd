import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { withCatalogue } from '../../lib/i18n';
import { hasStoredPhoto } from '../../lib/order-storage';

// The editor (crop tool included) loads on demand with its texts: most visitors land on the home page first.
const EditorPage = lazy(withCatalogue('editor', async () => ({ default: (await import('./editor-page')).EditorPage })));

function EditorLoading() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-5 pb-14 sm:px-6 lg:pt-8" role="status">
      <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
        <Trans>Photo editor</Trans>
      </p>
      <p className="mt-2 text-ink-500">
        <Trans>Opening your photo…</Trans>
      </p>
    </div>
  );
}

/** /edit-photo is only shown while an uploaded photo is in client state; otherwise back to / (replacing history). */
export function EditPhotoRoute() {
  if (!hasStoredPhoto()) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<EditorLoading />}>
      <EditorPage />
    </Suspense>
  );
}
