import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { withCatalogue } from '../../lib/i18n';
import { getOrderDraft, hasStoredPhoto, updateOrderDraft } from '../../lib/order-storage';

// The gallery loads on demand, like the editor: it is not on the way of most visitors. Its texts (the `frames`
// catalogue) arrive with its code.
const FrameGalleryPage = lazy(withCatalogue('frames', async () => ({ default: (await import('./frame-gallery-page')).FrameGalleryPage })));

/** The editor's frame step. The steps before it (size and crop) must be done first: an order there stays there. */
const FRAME_STEP = 3;

function Opening() {
  return (
    <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-ink-500 sm:px-6">
      <Trans>Opening the frames…</Trans>
    </p>
  );
}

/** With an order in progress: back to its frame step (from the border or summary step), then into the editor. */
function ToFrameStep() {
  const navigate = useNavigate();
  useEffect(() => {
    updateOrderDraft((draft) => (draft.step > FRAME_STEP ? { ...draft, step: FRAME_STEP } : draft));
    void navigate('/edit-photo', { replace: true });
  }, [navigate]);
  return <Opening />;
}

/**
 * /edit-frame: with an order in progress, the editor at its frame step (replacing history, like /edit-photo's own
 * redirect); without one, the gallery of every frame set and finish, so a customer can browse before uploading.
 */
export function EditFrameRoute() {
  if (hasStoredPhoto() && getOrderDraft() !== null) return <ToFrameStep />;
  return (
    <Suspense fallback={<Opening />}>
      <FrameGalleryPage />
    </Suspense>
  );
}
