import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { EditorStep, FrameSet } from '@framewala/domain';
import { updateOrderDraft, type OrderDraft } from '../../lib/order-draft/order-draft';
import { goToStep, reachableStep, STEP_PARAM, stepFromName, stepName } from './editor-model';

/** What a step's history entry remembers: the step it was opened from, so the panel's Back can be the browser's. */
type StepEntryState = { editorFrom?: unknown } | null;

/**
 * The editor's step lives in the address (`?step=…`), one history entry per step: the phone's Back goes to the
 * previous step and a reload stays on the step. The stored order's `step` follows the address (the landing page's
 * "Continue your frame" and a later visit open it there); an address without a step, or one out of reach, is replaced
 * by the step the order can show.
 */
export function useStepAddress(draft: OrderDraft, sets: readonly FrameSet[] | undefined) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = stepFromName(params.get(STEP_PARAM));
  const step = reachableStep(draft, asked ?? draft.step, sets);
  const state = location.state as StepEntryState;

  const addressOf = (target: EditorStep) => {
    const next = new URLSearchParams(params);
    next.set(STEP_PARAM, stepName(target));
    return { search: `?${next.toString()}` };
  };

  useEffect(() => {
    if (asked !== step) void navigate(addressOf(step), { replace: true, state, preventScrollReset: true });
    // addressOf reads the same params the effect's inputs come from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, step, navigate, state]);

  useEffect(() => {
    if (draft.step !== step) updateOrderDraft((d) => goToStep(d, step));
  }, [draft.step, step]);

  /** Opens another step as a new history entry. */
  const moveTo = (target: EditorStep) => {
    if (target === step) return;
    void navigate(addressOf(target), { state: { editorFrom: step }, preventScrollReset: true });
  };

  /** The panel's Back: the browser's Back when this entry was opened from that step, else a new entry for it. */
  const backTo = (target: EditorStep) => {
    if (target === step) return;
    if (state?.editorFrom === target) void navigate(-1);
    else moveTo(target);
  };

  return { step, moveTo, backTo };
}
