import { msg } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CropRect } from '@framewala/domain';
import { getOrderDraft, toOrderPhoto, updateOrderDraft } from '../../lib/order-draft/order-draft';
import { i18n } from '../../lib/i18n';
import { clientError, isAbortError, uploadErrorText } from '../../lib/uploads/upload-progress';
import { cropUpload } from './api/crop';
import { type CropAction } from './crop-tool';
import { applyCrop, coversWholePhoto, cropIsApplied, effectiveCrop, keepWholePhoto } from './editor-model';
import { type PrintSize } from '../../lib/order-draft/draft-choices';

/**
 * 'Crop Image': sends the box (the original's pixels) to the server, which cuts it from the full-resolution original;
 * the cropped upload then becomes the order's photo. A box covering the whole photo needs no server crop.
 */
export function useCropAction(print: PrintSize | null): CropAction {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CropAction['state']>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (): Promise<boolean> => {
    const draft = getOrderDraft();
    if (!draft || !print) return false;
    if (cropIsApplied(draft, print)) return true;
    const rect: CropRect | null = effectiveCrop(draft, print);
    if (!rect) return false;
    if (coversWholePhoto(rect, draft.sourcePhoto)) {
      updateOrderDraft(keepWholePhoto);
      setState({ status: 'idle' });
      return true;
    }
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setState({ status: 'working', progress: { phase: 'sending', percent: 0 } });
    try {
      const upload = await cropUpload(queryClient, draft.sourcePhoto._id, rect, {
        signal: ac.signal,
        onProgress: (progress) => {
          if (!ac.signal.aborted) setState({ status: 'working', progress });
        },
      });
      const photo = toOrderPhoto(upload);
      if (!photo) throw clientError(200, 'BAD_RESPONSE', msg`The cropped photo could not be read.`);
      updateOrderDraft((d) => (d.sourcePhoto._id === draft.sourcePhoto._id ? applyCrop(d, rect, photo) : d));
      setState({ status: 'idle' });
      return true;
    } catch (error) {
      if (isAbortError(error) || ac.signal.aborted) {
        setState({ status: 'cancelled' });
      } else {
        setState({ status: 'error', message: uploadErrorText(error, i18n._(msg`The crop failed. Please try again.`)) });
      }
      return false;
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  }, [print, queryClient]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, run, cancel };
}
