import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import Cropper, { type Area, type MediaSize, type Point } from 'react-easy-crop';
import { cropFitsSize, cropPrintQuality, mapCropToOriginal, maxCropZoom, type CropRect } from '@framewala/domain';
import { qualityWarning, sizeNameText } from '../lib/print-texts';
import { QualityBadge } from './quality-badge';

/** The print size the box is locked to (inches); `name` and `kind` label the box. */
export type CropBoxSize = {
  kind: 'preset' | 'custom';
  widthIn: number;
  heightIn: number;
  /** '12x8', 'A4 8.3x11.7', '16x10'. */
  name: string;
};

export type CropBoxProps = {
  /** The photo to crop: a displayable image and the pixel size of the photo the box is measured in. */
  source: { url: string; width: number; height: number };
  size: CropBoxSize;
  /** A crop box to start from (the source's pixels), used when it has the size's shape. */
  initial: CropRect | null;
  /** The box settled (end of a drag or zoom), in the source's pixels. */
  onCropChange?: (rect: CropRect) => void;
  /** The box moved (every frame of a drag or zoom), in the source's pixels. */
  onLiveChange?: (rect: CropRect) => void;
  /** Freezes the box (e.g. while the crop is being cut). */
  disabled?: boolean;
  /** Shown under the zoom row: what happens with the box. */
  children?: ReactNode;
  /** The AI upscale behind the source's pixels (1: the camera's own), for the quality verdict. */
  aiUpscale?: number;
};

/**
 * The crop box over a photo, locked to the print size's aspect, kept inside the photo and never smaller than the
 * domain's minimum crop. The box is measured on the displayed image and mapped to the source's pixels (display →
 * source scale, after EXIF orientation, which the browser applies to the displayed image); the print quality at the
 * size follows it live.
 */
export function CropBox({ source, size, initial, onCropChange, onLiveChange, disabled = false, children, aiUpscale = 1 }: CropBoxProps) {
  const { t } = useLingui();
  const aspect = size.widthIn / size.heightIn;
  const fits = initial !== null && cropFitsSize(initial, size);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [live, setLive] = useState<CropRect | null>(fits ? initial : null);
  const media = useRef<MediaSize | null>(null);
  const zoomId = useId();
  const maxZoom = maxCropZoom(source, aspect);
  // The crop area follows the photo's shape (within limits), so little of it is empty on a phone.
  const areaAspect = Math.min(2, Math.max(0.9, source.width / source.height));

  const toSource = useCallback(
    (pixels: Area): CropRect | null => {
      const m = media.current;
      if (!m || !(m.naturalWidth > 0) || !(m.naturalHeight > 0)) return null;
      // While the crop area is being laid out the library can report NaN sizes: wait for a real box.
      if (![pixels.x, pixels.y, pixels.width, pixels.height].every(Number.isFinite) || pixels.width <= 0 || pixels.height <= 0) return null;
      return mapCropToOriginal(pixels, { width: m.naturalWidth, height: m.naturalHeight }, source, aspect);
    },
    [source, aspect],
  );

  const quality = live ? cropPrintQuality(live, size, aiUpscale) : null;
  const warning = quality ? qualityWarning(quality) : null;
  const sizeName = sizeNameText(size.name);
  const minimumPpi = quality?.minimumPpi;
  // Percentages survive any rendition size: the stored box (source pixels) as a share of the source.
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
      <div
        className="relative max-h-[min(60vh,480px)] min-h-[220px] w-full bg-ink-900"
        style={{ aspectRatio: String(areaAspect) }}
        data-testid="crop-area"
      >
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
          onCropChange={disabled ? () => {} : setCrop}
          onZoomChange={disabled ? () => {} : setZoom}
          onMediaLoaded={(loaded) => {
            media.current = loaded;
          }}
          onCropAreaChange={(_, pixels) => {
            const rect = toSource(pixels);
            if (rect) {
              setLive(rect);
              onLiveChange?.(rect);
            }
          }}
          onCropComplete={(_, pixels) => {
            const rect = toSource(pixels);
            if (rect) {
              setLive(rect);
              onLiveChange?.(rect);
              onCropChange?.(rect);
            }
          }}
          cropperProps={{ role: 'group', 'aria-label': t`Crop box: drag the photo to move it, use the arrow keys or the zoom slider` }}
          // eslint-disable-next-line lingui/no-unlocalized-strings -- CSS values
          style={{ cropAreaStyle: { border: '2px solid rgba(255,255,255,0.9)', boxShadow: '0 0 0 9999em rgba(20,15,12,0.62)' } }}
        />
        {disabled ? <div className="absolute inset-0 z-10 cursor-progress bg-ink-900/30" aria-hidden="true" /> : null}
        <span className="pointer-events-none absolute top-3 left-3 z-10 rounded-full bg-ink-900/70 px-3 py-1 text-xs font-medium text-white">
          {sizeName} · {size.kind === 'custom' ? t`custom` : t`preset`}
        </span>
      </div>

      <div className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <label htmlFor={zoomId} className="flex min-w-[12rem] flex-1 items-center gap-3 text-sm font-medium text-ink-700">
            <Trans>Zoom</Trans>
            <input
              id={zoomId}
              type="range"
              min={1}
              max={maxZoom}
              step={0.01}
              value={zoom}
              disabled={disabled}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="h-2 flex-1 cursor-pointer accent-saffron-700"
            />
          </label>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600" aria-live="polite" data-testid="crop-quality">
            <span className="whitespace-nowrap">
              <Trans>Print quality</Trans>
            </span>{' '}
            {quality ? <QualityBadge quality={quality} /> : <span className="text-ink-400">…</span>}
            {quality ? (
              <span className="text-xs text-ink-500">
                <Trans>(this size needs {minimumPpi} ppi)</Trans>
              </span>
            ) : null}
          </span>
        </div>
        {warning ? <p className="rounded-lg bg-saffron-50 px-3 py-2 text-sm text-saffron-900">{warning}</p> : null}

        {children}
      </div>
    </div>
  );
}
