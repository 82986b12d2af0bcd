import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { cropPrintQuality, ENHANCE_DEFAULT_STRENGTH, expectedUpscaleMinutes, type CropRect, type EnhanceBody } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { BeforeAfter } from './before-after';
import { getOrderDraft, toOrderPhoto, updateOrderDraft, type OrderDraft, type OrderPhoto } from '../../lib/order-draft/order-draft';
import { shrunkCopyText, sizeNameText } from '../../lib/print-texts';
import { clientError, isAbortError, uploadErrorText } from '../../lib/uploads/upload-progress';
import { cropUpload } from './api/crop';
import { applyEnhanced, coversWholePhoto, effectiveCrop, photoAiUpscale, upscaleOffer, withAiUpscale } from './editor-model';
import { type PrintSize } from '../../lib/order-draft/draft-choices';
import { enhancePhoto } from './api/enhance';

type Work = { kind: 'auto' | 'ai'; progress: number };
type Done = {
  kind: 'auto' | 'ai';
  /** The photo being cropped before, and its box, for Undo. */
  before: OrderPhoto;
  beforeCrop: CropRect | null;
  /** What the split shows on its left: the photo before, or the crop of it that was sharpened. */
  compare: OrderPhoto;
  after: OrderPhoto;
};

/** Whether the upload flagged this photo as a probably-shrunk copy (a messaging app's). */
function isShrunkCopy(photo: OrderPhoto): boolean {
  return (photo as { shrunkCopy?: unknown }).shrunkCopy === true;
}

/**
 * One-tap enhance under the crop: auto-enhance with a strength slider, and "Sharpen with AI" when the crop prints
 * below its size's minimum. Each makes a new photo on the server (the original stays); the result replaces the photo
 * being cropped, and a before/after split compares them. Undo goes back to the photo before.
 */
export function EnhancePanel({ draft, print }: { draft: OrderDraft; print: PrintSize }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [strength, setStrength] = useState(ENHANCE_DEFAULT_STRENGTH);
  const [work, setWork] = useState<Work | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const strengthId = useId();
  useEffect(() => () => controller.current?.abort(), []);

  const source = draft.sourcePhoto;
  const crop = effectiveCrop(draft, print);
  const quality = crop ? cropPrintQuality(crop, print, photoAiUpscale(source)) : null;
  // AI sharpening works on the crop (what will be printed), which is cut first when it is not the whole photo.
  const offer = quality && crop ? upscaleOffer(crop, quality) : null;
  const shrunk = isShrunkCopy(source) || (done ? isShrunkCopy(done.before) : false);

  const run = async (kind: Work['kind'], body: EnhanceBody) => {
    const current = getOrderDraft();
    if (!current) return;
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setError(null);
    setWork({ kind, progress: 0 });
    try {
      const before = current.sourcePhoto;
      let target = before;
      const rect = kind === 'ai' ? effectiveCrop(current, print) : null;
      if (rect && !coversWholePhoto(rect, before)) {
        const cut = toOrderPhoto(await cropUpload(queryClient, before._id, rect, { signal: ac.signal }));
        if (!cut) throw clientError(200, 'BAD_RESPONSE', msg`The cropped photo could not be read.`);
        target = cut;
      }
      const upload = await enhancePhoto(queryClient, target._id, body, {
        signal: ac.signal,
        onProgress: (progress) => {
          if (!ac.signal.aborted) setWork({ kind, progress });
        },
      });
      const read = toOrderPhoto(upload);
      if (!read) throw clientError(200, 'BAD_RESPONSE', msg`The enhanced photo could not be read.`);
      const after = withAiUpscale(read, before);
      updateOrderDraft((d) => {
        if (d.sourcePhoto._id !== before._id) return d;
        if (target === before) return applyEnhanced(d, after);
        // The sharpened crop is the whole photo now.
        return {
          ...d,
          sourcePhoto: after,
          photo: after,
          crop: { x: 0, y: 0, width: after.width, height: after.height },
          appliedCrop: null,
        };
      });
      setDone({ kind, before, beforeCrop: current.crop, compare: target, after });
    } catch (caught) {
      if (!isAbortError(caught) && !ac.signal.aborted) {
        setError(uploadErrorText(caught, t`We could not enhance this photo. Please try again.`));
      }
    } finally {
      if (controller.current === ac) controller.current = null;
      setWork(null);
    }
  };

  const undo = () => {
    if (!done) return;
    const { before, beforeCrop, after } = done;
    updateOrderDraft((d) =>
      d.sourcePhoto._id === after._id ? { ...d, sourcePhoto: before, photo: before, crop: beforeCrop, appliedCrop: null } : d,
    );
    setDone(null);
  };

  const busy = work !== null;
  const percent = work ? Math.round(work.progress * 100) : 0;
  const size = sizeNameText(print.name);
  const ppi = quality?.ppi;
  const minimumPpi = quality?.minimumPpi;
  // The model works on the crop: its time follows the crop's pixels.
  const minutes = crop ? expectedUpscaleMinutes(crop.width, crop.height) : 1;
  const doneWidth = done?.after.width;
  const doneHeight = done?.after.height;

  return (
    <section
      aria-labelledby={`${strengthId}-title`}
      className="mt-4 space-y-4 rounded-2xl border border-ink-100 bg-white p-4 shadow-sm shadow-ink-900/5 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${strengthId}-title`} className="font-serif text-lg font-semibold text-ink-900">
          <Trans>Enhance your photo</Trans>
        </h2>
        <p className="text-xs text-ink-500">
          <Trans>Your original stays as it is.</Trans>
        </p>
      </div>

      {shrunk ? (
        <p className="rounded-lg bg-saffron-50 px-3 py-2 text-sm text-saffron-900 ring-1 ring-saffron-300/50" data-testid="shrunk-notice">
          {shrunkCopyText()}
        </p>
      ) : null}

      {offer && !busy && done?.kind !== 'ai' ? (
        <div className="rounded-xl bg-cream px-3 py-3 ring-1 ring-ink-100">
          <p className="text-sm text-ink-700">
            <Trans>
              At {size}, this crop has {ppi} ppi; this size needs {minimumPpi}. Our AI can redraw it at {offer}× the resolution for a
              sharper print.
            </Trans>{' '}
            <Plural
              value={minutes}
              one="It takes about # minute, longer when the shop is busy."
              other="It takes about # minutes, longer when the shop is busy."
            />
          </p>
          <button type="button" className={`${primaryButton} mt-3`} onClick={() => void run('ai', { upscale: offer })}>
            <Trans>Sharpen with AI</Trans>
          </button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={strengthId} className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm text-ink-700">
          <span className="flex justify-between">
            <span>
              <Trans>Strength</Trans>
            </span>
            <span className="tabular-nums text-ink-500">{strength}</span>
          </span>
          <input
            id={strengthId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={strength}
            disabled={busy}
            onChange={(event) => setStrength(Number(event.target.value))}
            className="h-2 cursor-pointer accent-saffron-700"
          />
        </label>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void run('auto', { auto: { strength } })}>
          <Trans>Enhance</Trans>
        </button>
      </div>

      {work ? (
        <div className="space-y-1.5" aria-live="polite">
          <p className="text-sm text-ink-700">{work.kind === 'ai' ? t`Sharpening with AI… ${percent}%` : t`Enhancing…`}</p>
          <div
            role="progressbar"
            aria-label={work.kind === 'ai' ? t`Sharpening with AI` : t`Enhancing`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-ink-100"
          >
            <div
              className="h-full rounded-full bg-saffron-600 transition-[width] duration-500"
              style={{ width: `${Math.max(3, percent)}%` }}
            />
          </div>
          <button type="button" className="text-sm text-ink-600 underline underline-offset-4" onClick={() => controller.current?.abort()}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      {done && !busy ? (
        <div className="space-y-2" data-testid="enhance-done">
          <p className="text-sm font-medium text-leaf-600">
            {done.kind === 'ai' ? (
              <Trans>
                Sharpened with AI: now {doneWidth} × {doneHeight} px. Drag to compare.
              </Trans>
            ) : (
              <Trans>Enhanced. Drag to compare.</Trans>
            )}
          </p>
          <BeforeAfter before={done.compare.url} after={done.after.url} alt={t`Your photo`} aspect={done.after.width / done.after.height} />
          <button type="button" className="text-sm text-ink-600 underline underline-offset-4" onClick={undo}>
            <Trans>Undo</Trans>
          </button>
        </div>
      ) : null}
    </section>
  );
}
