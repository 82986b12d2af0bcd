import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { getOrderDraft, updateOrderDraft } from '../../lib/order-draft/order-draft';
import { hasStoredPhoto } from '../../lib/order-draft/stored-order';
import { FrameGalleryPage } from './frame-gallery-page';

/** The editor's frame step. The steps before it (size and crop) must be done first: an order there stays there. */
const FRAME_STEP = 3;

/** With an order in progress: back to its frame step (from the border or summary step), then into the editor. */
function ToFrameStep() {
  const navigate = useNavigate();
  useEffect(() => {
    updateOrderDraft((draft) => (draft.step > FRAME_STEP ? { ...draft, step: FRAME_STEP } : draft));
    void navigate('/edit-photo', { replace: true });
  }, [navigate]);
  return (
    <PageLoading>
      <Trans>Opening the frames…</Trans>
    </PageLoading>
  );
}

/** /edit-frame: the editor at its frame step (replacing history, like /edit-photo's own redirect), or the gallery. */
export function EditFramePage() {
  if (hasStoredPhoto() && getOrderDraft() !== null) return <ToFrameStep />;
  return <FrameGalleryPage />;
}
