import type { CSSProperties } from 'react';
import type { CropRect, Frame } from '@framewala/domain';
import type { ImageSize } from './image-cache';
import { Moulding } from './frame-moulding';
import type { FramePartName } from './frame-parts';

const MAT_COLOUR = '#f8f6f1';

export type FramedPrintProps = {
  photo: { url: string; width: number; height: number };
  /** The part of the photo printed, in the original's pixels. */
  crop: CropRect;
  frame: Frame | null;
  art: Record<FramePartName, ImageSize> | null;
  /** Print size, border and moulding in inches. */
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
  /** Drawn pixels per inch. */
  pxPerIn: number;
  /** A softer, wider shadow for a piece hanging on a wall. */
  shadow?: string;
  style?: CSSProperties;
};

/**
 * The framed piece at a given scale: moulding from the finish's images (four mitred corners and tiled strips), the
 * white border and the photo. The outer box is (W + 2m + 2t) × (H + 2m + 2t) inches times `pxPerIn`, unrounded, so
 * a small and a large print keep their true ratio however small they are drawn.
 */
export function FramedPrint({
  photo,
  crop,
  frame,
  art,
  widthIn,
  heightIn,
  borderIn,
  mouldingIn,
  pxPerIn,
  shadow,
  style,
}: FramedPrintProps) {
  const outerW = (widthIn + 2 * borderIn + 2 * mouldingIn) * pxPerIn;
  const outerH = (heightIn + 2 * borderIn + 2 * mouldingIn) * pxPerIn;
  const T = mouldingIn * pxPerIn;
  const m = borderIn * pxPerIn;
  const photoW = widthIn * pxPerIn;
  const photoH = heightIn * pxPerIn;
  const sx = photoW / crop.width;
  const sy = photoH / crop.height;
  return (
    <div
      className="relative"
      style={{
        width: outerW,
        height: outerH,
        boxShadow: shadow ?? '0 1.2em 1.6em -0.9em rgba(30,22,16,0.55), 0 0.25em 0.45em -0.15em rgba(30,22,16,0.35)',
        ...style,
      }}
    >
      <div className="absolute" style={{ left: T, top: T, width: outerW - 2 * T, height: outerH - 2 * T, background: MAT_COLOUR }} />
      <div className="absolute overflow-hidden bg-ink-100" style={{ left: T + m, top: T + m, width: photoW, height: photoH }}>
        <img
          src={photo.url}
          alt=""
          draggable={false}
          style={{
            position: 'absolute',
            left: -crop.x * sx,
            top: -crop.y * sy,
            width: photo.width * sx,
            height: photo.height * sy,
            maxWidth: 'none',
          }}
        />
      </div>
      {T > 0 ? (
        frame && art ? (
          <Moulding frame={frame} sizes={art} T={T} outerW={outerW} outerH={outerH} />
        ) : (
          <div className="absolute inset-0" style={{ border: `${T}px solid #6b4a2f` }} />
        )
      ) : null}
      {T > 0 ? (
        <div
          className="pointer-events-none absolute"
          style={{ left: T, top: T, right: T, bottom: T, boxShadow: 'inset 1px 2px 4px -1px rgba(0,0,0,0.35)' }}
        />
      ) : null}
    </div>
  );
}
