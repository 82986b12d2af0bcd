import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { formatMeasure, framedOuterSize, previewLayout, type CropRect, type Frame } from '@framewala/domain';
import { Moulding } from '../../components/frame-moulding';
import { PREVIEW_PAINTED_MARK, frameImageUrls, readyArt, type FramePartName } from '../../components/frame-parts';
import { decodeAll, decodedSize, hasFailed, type ImageSize } from '../../components/image-cache';
import type { PrintSize } from '../../lib/order-draft/draft-choices';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { i18n } from '../../lib/i18n';
import { outerSizeText } from '../../lib/print-texts';

export type PreviewFrame = {
  frame: Frame;
  /** Moulding face width in inches. */
  mouldingIn: number;
};

export type FramePreviewProps = {
  /** The photo the crop is cut from: a displayable rendition and the original's pixel size. */
  photo: { url: string; width: number; height: number };
  /** The part of the photo to show, in the original's pixels; null shows it whole. */
  crop: CropRect | null;
  /** The print size; null shows the photo alone at its own proportions. */
  print: PrintSize | null;
  /** The chosen finish; null shows the (cropped) photo alone. */
  frame: PreviewFrame | null;
  /** White border (mat) width in inches. */
  borderIn: number;
  /** What is being shown, for the bench and tests (e.g. finish id and border level). */
  stateKey: string;
  /** On a phone, keep the preview short (it stays in view above the choices). */
  compact?: boolean;
};

const MAT_COLOUR = '#f8f6f1';

function useStageSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({
    width: 0,
    viewportWidth: typeof window === 'undefined' ? 1280 : window.innerWidth,
    viewportHeight: typeof window === 'undefined' ? 800 : window.innerHeight,
  });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, viewportWidth: window.innerWidth, viewportHeight: window.innerHeight });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, size] as const;
}

type Drawn = { frame: PreviewFrame; sizes: Record<FramePartName, ImageSize> };

/**
 * The framed piece drawn true to scale with CSS: the photo window, the white mat, four mitred corner images and four
 * side strips tiled a whole number of times along each side (so the ornament meets the far corner). All parts share
 * one scale (CSS px per inch), so outer = photo + 2 × mat + 2 × moulding in both directions, whatever the photo's DPI.
 * A loader shows only while a chosen frame's images are still loading; until then the previous frame stays.
 */
export function FramePreview({ photo, crop, print, frame, borderIn, stateKey, compact = false }: FramePreviewProps) {
  const [stageRef, stage] = useStageSize();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failedFrame, setFailedFrame] = useState<string | null>(null);

  // The requested frame is drawn as soon as its images are decoded; until then the last drawn frame stays.
  const requestedSizes = frame ? readyArt(frame.frame) : null;
  if (frame && requestedSizes && (drawn?.frame.frame._id !== frame.frame._id || drawn.frame.mouldingIn !== frame.mouldingIn)) {
    setDrawn({ frame, sizes: requestedSizes });
  }
  if (!frame && drawn) setDrawn(null);
  const frameLoading = frame !== null && requestedSizes === null && failedFrame !== frame.frame._id;

  const frameId = frame?.frame._id ?? null;
  const frameUrls = frame ? frameImageUrls(frame.frame).join('\n') : '';
  useEffect(() => {
    if (!frameId || frameUrls === '') return;
    const urls = frameUrls.split('\n');
    if (urls.every((u) => decodedSize(u))) return;
    let live = true;
    decodeAll(urls).then(
      () => live && rerender(),
      () => {
        if (live && urls.some(hasFailed)) setFailedFrame(frameId);
      },
    );
    return () => {
      live = false;
    };
  }, [frameId, frameUrls]);

  const photoReady = decodedSize(photo.url) !== undefined;
  useEffect(() => {
    if (photoReady) return;
    let live = true;
    decodeAll([photo.url]).then(
      () => live && rerender(),
      () => live && rerender(),
    );
    return () => {
      live = false;
    };
  }, [photo.url, photoReady]);

  const shown = drawn && frame ? drawn : null;
  const upToDate = !frame || (shown !== null && shown.frame.frame._id === frame.frame._id && shown.frame.mouldingIn === frame.mouldingIn);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a state key for tests and the bench
  const drawnKey = upToDate && photoReady ? stateKey : `loading|${stateKey}`;
  useEffect(() => {
    if (drawnKey.startsWith('loading|')) return;
    let id2 = 0;
    const id1 = requestAnimationFrame(() => {
      id2 = requestAnimationFrame(() => {
        if (typeof performance.mark === 'function') performance.mark(PREVIEW_PAINTED_MARK, { detail: drawnKey });
      });
    });
    return () => {
      cancelAnimationFrame(id1);
      cancelAnimationFrame(id2);
    };
  }, [drawnKey]);

  // ── Geometry ──
  const rect = crop ?? { x: 0, y: 0, width: photo.width, height: photo.height };
  const widthIn = print?.widthIn ?? 10;
  const heightIn = print?.heightIn ?? (10 * rect.height) / rect.width;
  const mouldingIn = shown ? shown.frame.mouldingIn : (frame?.mouldingIn ?? 0);
  const matIn = frame ? borderIn : 0;
  // Below the lg breakpoint the preview sits above the panel (phones, tablets) and must leave room for it.
  const phone = stage.viewportWidth < 1024;
  const pad = phone ? (compact ? 12 : 20) : 36;
  const maxW = Math.max(120, (stage.width || 640) - 2 * pad);
  const phoneShare = compact ? 0.3 : 0.5;
  const maxH = Math.max(
    compact ? 150 : 220,
    Math.min(phone ? 420 : 600, Math.round(stage.viewportHeight * (phone ? phoneShare : 0.66))) - 2 * pad,
  );
  const layout = previewLayout({ widthIn, heightIn, borderIn: matIn, mouldingIn, maxWidthPx: maxW, maxHeightPx: maxH });
  const outerW = Math.round(layout.outerWidthPx);
  const outerH = Math.round(layout.outerHeightPx);
  const T = mouldingIn > 0 ? Math.max(1, Math.round(layout.mouldingPx)) : 0;
  const m = matIn > 0 ? Math.max(1, Math.round(layout.borderPx)) : 0;
  const photoW = Math.max(1, outerW - 2 * T - 2 * m);
  const photoH = Math.max(1, outerH - 2 * T - 2 * m);

  // The photo, scaled so the crop rectangle fills the window.
  const sx = photoW / rect.width;
  const sy = photoH / rect.height;
  const imgStyle: CSSProperties = {
    position: 'absolute',
    left: -rect.x * sx,
    top: -rect.y * sy,
    width: photo.width * sx,
    height: photo.height * sy,
    maxWidth: 'none',
  };

  const outer = print
    ? framedOuterSize({ widthIn: print.widthIn, heightIn: print.heightIn, borderIn: matIn, mouldingIn: frame ? frame.mouldingIn : 0 })
    : null;
  const photoFailed = !photoReady && hasFailed(photo.url);
  const loading = frameLoading || (!photoReady && !photoFailed);

  return (
    <figure className="m-0">
      <div
        ref={stageRef}
        className="relative flex items-center justify-center overflow-hidden rounded-2xl border border-ink-100 bg-[radial-gradient(ellipse_at_30%_20%,#fdfaf5_0%,#f1e8dc_55%,#e9dccb_100%)]"
        style={{ minHeight: outerH + 2 * pad, padding: pad }}
      >
        <div
          data-testid="framed-preview"
          data-state={drawnKey}
          data-frame={shown ? shown.frame.frame._id : ''}
          role="img"
          aria-label={previewLabel(print, frame, borderIn)}
          className="relative shrink-0"
          style={{
            width: outerW,
            height: outerH,
            boxShadow:
              T > 0 ? '0 22px 38px -18px rgba(36,29,24,0.55), 0 4px 10px -4px rgba(36,29,24,0.35)' : '0 10px 26px -14px rgba(36,29,24,0.5)',
          }}
        >
          {/* The mat (or the photo's edge when there is no border), inside the moulding. */}
          <div
            className="absolute"
            style={{
              left: T,
              top: T,
              width: outerW - 2 * T,
              height: outerH - 2 * T,
              background: MAT_COLOUR,
              boxShadow: T > 0 ? 'inset 2px 3px 5px -1px rgba(0,0,0,0.28), inset -1px -1px 2px rgba(0,0,0,0.08)' : undefined,
            }}
          />
          <div className="absolute overflow-hidden bg-ink-100" style={{ left: T + m, top: T + m, width: photoW, height: photoH }}>
            {photoReady ? <img src={photo.url} alt="" draggable={false} style={imgStyle} /> : null}
            {m > 0 ? <div className="pointer-events-none absolute inset-0 shadow-[inset_0_0_0_1px_rgba(0,0,0,0.07)]" /> : null}
            {T > 0 && m === 0 ? (
              <div className="pointer-events-none absolute inset-0 shadow-[inset_2px_3px_5px_-1px_rgba(0,0,0,0.3)]" />
            ) : null}
          </div>
          {T > 0 ? (
            shown ? (
              <Moulding frame={shown.frame.frame} sizes={shown.sizes} T={T} outerW={outerW} outerH={outerH} />
            ) : (
              <div className="absolute inset-0 animate-pulse" style={{ border: `${T}px solid #cbbba8` }} />
            )
          ) : null}
          {loading ? <PreviewLoader /> : null}
        </div>
      </div>
      <figcaption className="mt-2 flex sm:mt-3 flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1 text-sm text-ink-600">
        {outer && print ? (
          <>
            <span>
              <span className="font-semibold text-ink-800">{frame ? <Trans>Outer size</Trans> : <Trans>Print size</Trans>}</span>{' '}
              <span data-testid="outer-size" className="tabular-nums">
                {outerSizeText(outer)}
              </span>
            </span>
            <span className="text-ink-500">
              <Trans>Shown true to scale</Trans>
            </span>
          </>
        ) : (
          <span className="text-ink-500">
            {print ? <Trans>Your photo</Trans> : <Trans>Your photo · choose a size to see it framed to scale</Trans>}
          </span>
        )}
        {photoFailed ? (
          <span role="alert" className="w-full text-saffron-800">
            <Trans>We couldn’t load your photo. Please check your connection, or upload it again if it was more than 90 days ago.</Trans>
          </span>
        ) : null}
        {frame && failedFrame === frame.frame._id ? (
          <span role="alert" className="w-full text-saffron-800">
            <Trans>We couldn’t load this frame’s pictures. Please check your connection and choose it again.</Trans>
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * The preview's accessible name: 'Your photo at 12 × 8 in in a Walnut frame (1 in moulding) with a 2 in white border'.
 * Each combination is one message, so a language can order the parts its own way.
 */
function previewLabel(print: PrintSize | null, frame: PreviewFrame | null, borderIn: number): string {
  if (!print) return i18n._(msg`Your photo`);
  const width = formatMeasure(print.widthIn);
  const height = formatMeasure(print.heightIn);
  if (!frame) return i18n._(msg`Your photo at ${width} × ${height} in`);
  const frameName = catalogueText(frame.frame.frameName, frame.frame.frameNameHi);
  const moulding = formatMeasure(frame.mouldingIn);
  if (borderIn <= 0) return i18n._(msg`Your photo at ${width} × ${height} in in a ${frameName} frame (${moulding} in moulding)`);
  const border = formatMeasure(borderIn);
  return i18n._(
    msg`Your photo at ${width} × ${height} in in a ${frameName} frame (${moulding} in moulding) with a ${border} in white border`,
  );
}

function PreviewLoader() {
  return (
    <div role="status" className="absolute inset-0 flex items-center justify-center bg-white/35 backdrop-blur-[1px]">
      <span className="flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-ink-700 shadow">
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-saffron-200 border-t-saffron-700" aria-hidden="true" />
        <Trans>Loading preview…</Trans>
      </span>
    </div>
  );
}
