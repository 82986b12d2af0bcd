import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CropRect } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CropBox } from '../../components/crop-box';
import { CheckIcon, CropIcon } from '../../components/icons';
import type { OrderPhoto } from '../../lib/order-draft/order-draft';
import type { CropProgress } from './api/crop';
import { photoAiUpscale } from './editor-model';
import type { PrintSize } from '../../lib/order-draft/draft-choices';

export type CropAction = {
  state:
    { status: 'idle' } | { status: 'working'; progress: CropProgress } | { status: 'error'; message: string } | { status: 'cancelled' };
  run: () => Promise<boolean>;
  cancel: () => void;
};

type CropToolProps = {
  /** The original upload (its rendition is shown; crops are always cut from it). */
  source: OrderPhoto;
  print: PrintSize;
  /** The stored crop box, restored when it fits the size. */
  initial: CropRect | null;
  /** The crop box settled (end of a drag or zoom), in the original's pixels. */
  onCropChange: (rect: CropRect) => void;
  applied: boolean;
  /** The order prints the whole original (the box covers all of it): nothing to cut. */
  whole: boolean;
  action: CropAction;
};

const PHASE_TEXT: Record<CropProgress['phase'], MessageDescriptor> = {
  sending: msg`Sending your crop…`,
  cropping: msg`Cutting it from your full-resolution photo…`,
  preparing: msg`Preparing the cropped photo…`,
};

/**
 * The editor's crop step: the shared crop box over the photo's rendition, locked to the print size (the box maps to
 * the original's pixels: rendition → original scale), and under it what 'Crop Image' does with it.
 */
export function CropTool({ source, print, initial, onCropChange, applied, whole, action }: CropToolProps) {
  return (
    <CropBox
      source={source}
      size={print}
      initial={initial}
      onCropChange={onCropChange}
      disabled={action.state.status === 'working'}
      aiUpscale={photoAiUpscale(source)}
    >
      <CropStatus applied={applied} whole={whole} action={action} />
    </CropBox>
  );
}

function CropStatus({ applied, whole, action }: { applied: boolean; whole: boolean; action: CropAction }) {
  const { t, i18n } = useLingui();
  const { state } = action;
  if (state.status === 'working') {
    const { phase, percent } = state.progress;
    return (
      <div className="flex flex-wrap items-center gap-3" role="status">
        <div className="min-w-[12rem] flex-1">
          <p className="mb-1.5 text-sm font-medium text-ink-800">{i18n._(PHASE_TEXT[phase])}</p>
          <div
            role="progressbar"
            aria-label={t`Cropping`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={phase === 'sending' && percent !== null ? Math.round(percent / 3) : undefined}
            className="relative h-2 overflow-hidden rounded-full bg-ink-100"
          >
            {phase === 'sending' && percent !== null ? (
              <div className="h-full rounded-full bg-saffron-600 transition-[width]" style={{ width: `${Math.max(4, percent / 3)}%` }} />
            ) : (
              <div className="h-full w-full animate-pulse rounded-full bg-saffron-500" />
            )}
          </div>
        </div>
        <button type="button" onClick={action.cancel} className={`${secondaryButton} min-h-10 px-4 py-1.5 text-sm`}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-600" aria-live="polite">
        {state.status === 'error' ? (
          <span role="alert" className="font-medium text-saffron-800">
            {state.message}
          </span>
        ) : state.status === 'cancelled' ? (
          t`Crop cancelled. Your photo is unchanged.`
        ) : applied ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-leaf-600">
            <CheckIcon className="h-4 w-4" /> {whole ? t`Your whole photo fits this size` : t`Cropped from your full-resolution photo`}
          </span>
        ) : (
          t`Drag to position, zoom to fill. We crop your original, not this preview.`
        )}
      </p>
      <button
        type="button"
        onClick={() => void action.run()}
        disabled={applied}
        className={`${applied ? secondaryButton : primaryButton} px-5`}
      >
        <CropIcon className="h-4 w-4" />
        {applied && !whole ? t`Cropped` : t`Crop Image`}
      </button>
    </div>
  );
}
