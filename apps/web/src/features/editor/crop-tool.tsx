import { useCallback, useId, useRef, useState } from 'react';
import Cropper, { type Area, type MediaSize, type Point } from 'react-easy-crop';
import { cropFitsSize, cropPrintQuality, mapCropToOriginal, maxCropZoom, type CropRect } from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { CheckIcon, CropIcon } from '../../components/icons';
import type { OrderPhoto } from '../../lib/order-storage';
import type { CropProgress } from './api';
import type { PrintSize } from './editor-model';
import { QualityBadge } from './step-ui';

export type CropAction = {
  state: { status: 'idle' } | { status: 'working'; progress: CropProgress } | { status: 'error'; message: string } | { status: 'cancelled' };
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

const PHASE_TEXT: Record<CropProgress['phase'], string> = {
  sending: 'Sending your crop…',
  cropping: 'Cutting it from your full-resolution photo…',
  preparing: 'Preparing the cropped photo…',
};

/**
 * The crop box over the photo's rendition, locked to the print size's aspect and kept inside the photo. The box maps
 * to the original's pixels (rendition → original scale); the print quality follows it live.
 */
export function CropTool({ source, print, initial, onCropChange, applied, whole, action }: CropToolProps) {
  const aspect = print.widthIn / print.heightIn;
  const fits = initial !== null && cropFitsSize(initial, print);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [live, setLive] = useState<CropRect | null>(fits ? initial : null);
  const media = useRef<MediaSize | null>(null);
  const zoomId = useId();
  const maxZoom = maxCropZoom(source, aspect);
  const working = action.state.status === 'working';
  // The crop area follows the photo's shape (within limits), so little of it is empty on a phone.
  const areaAspect = Math.min(2, Math.max(0.9, source.width / source.height));

  const toOriginal = useCallback(
    (pixels: Area): CropRect | null => {
      const m = media.current;
      if (!m || !(m.naturalWidth > 0) || !(m.naturalHeight > 0)) return null;
      // While the crop area is being laid out the library can report NaN sizes: wait for a real box.
      if (![pixels.x, pixels.y, pixels.width, pixels.height].every(Number.isFinite) || pixels.width <= 0 || pixels.height <= 0) return null;
      return mapCropToOriginal(pixels, { width: m.naturalWidth, height: m.naturalHeight }, source, aspect);
    },
    [source, aspect],
  );

  const quality = live ? cropPrintQuality(live, print) : null;
  // Percentages survive any rendition size: the stored box (original pixels) as a share of the original.
  const initialPercentages =
    fits && initial
      ? {
          x: (initial.x / source.width) * 100,
          y: (initial.y / source.height) * 100,
          width: (initial.width / source.width) * 100,
          height: (initial.height / source.height) * 100,
        }
      : undefined;

  return (
    <div className="overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-sm shadow-ink-900/5">
      <div className="relative max-h-[min(60vh,480px)] min-h-[220px] w-full bg-ink-900" style={{ aspectRatio: String(areaAspect) }} data-testid="crop-area">
        <Cropper
          image={source.url}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          minZoom={1}
          maxZoom={maxZoom}
          restrictPosition
          objectFit="contain"
          zoomWithScroll
          showGrid
          // Its stylesheet is imported by index.css: a <style> element added at run time would break the CSP.
          disableAutomaticStylesInjection
          initialCroppedAreaPercentages={initialPercentages}
          onCropChange={working ? () => {} : setCrop}
          onZoomChange={working ? () => {} : setZoom}
          onMediaLoaded={(size) => {
            media.current = size;
          }}
          onCropAreaChange={(_, pixels) => {
            const rect = toOriginal(pixels);
            if (rect) setLive(rect);
          }}
          onCropComplete={(_, pixels) => {
            const rect = toOriginal(pixels);
            if (rect) {
              setLive(rect);
              onCropChange(rect);
            }
          }}
          cropperProps={{ role: 'group', 'aria-label': 'Crop box: drag the photo to move it, use the arrow keys or the zoom slider' }}
          style={{ cropAreaStyle: { border: '2px solid rgba(255,255,255,0.9)', boxShadow: '0 0 0 9999em rgba(20,15,12,0.62)' } }}
        />
        {working ? <div className="absolute inset-0 z-10 cursor-progress bg-ink-900/30" aria-hidden="true" /> : null}
        <span className="pointer-events-none absolute top-3 left-3 z-10 rounded-full bg-ink-900/70 px-3 py-1 text-xs font-medium text-white">
          {print.name} in · {print.kind === 'custom' ? 'custom' : 'preset'}
        </span>
      </div>

      <div className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <label htmlFor={zoomId} className="flex min-w-[12rem] flex-1 items-center gap-3 text-sm font-medium text-ink-700">
            Zoom
            <input
              id={zoomId}
              type="range"
              min={1}
              max={maxZoom}
              step={0.01}
              value={zoom}
              disabled={working}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="h-2 flex-1 cursor-pointer accent-saffron-700"
            />
          </label>
          <span className="flex items-center gap-2 text-sm text-ink-600" aria-live="polite" data-testid="crop-quality">
            Print quality {quality ? <QualityBadge quality={quality} /> : <span className="text-ink-400">…</span>}
          </span>
        </div>
        {quality?.warning ? <p className="rounded-lg bg-saffron-50 px-3 py-2 text-sm text-saffron-900">{quality.warning}</p> : null}

        <CropStatus applied={applied} whole={whole} action={action} />
      </div>
    </div>
  );
}

function CropStatus({ applied, whole, action }: { applied: boolean; whole: boolean; action: CropAction }) {
  const { state } = action;
  if (state.status === 'working') {
    const { phase, percent } = state.progress;
    return (
      <div className="flex flex-wrap items-center gap-3" role="status">
        <div className="min-w-[12rem] flex-1">
          <p className="mb-1.5 text-sm font-medium text-ink-800">{PHASE_TEXT[phase]}</p>
          <div
            role="progressbar"
            aria-label="Cropping"
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
          Cancel
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
          'Crop cancelled. Your photo is unchanged.'
        ) : applied ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-leaf-600">
            <CheckIcon className="h-4 w-4" /> {whole ? 'Your whole photo fits this size' : 'Cropped from your full-resolution photo'}
          </span>
        ) : (
          'Drag to position, zoom to fill. We crop your original, not this preview.'
        )}
      </p>
      <button type="button" onClick={() => void action.run()} disabled={applied} className={`${applied ? secondaryButton : primaryButton} px-5`}>
        <CropIcon className="h-4 w-4" />
        {applied && !whole ? 'Cropped' : 'Crop Image'}
      </button>
    </div>
  );
}
