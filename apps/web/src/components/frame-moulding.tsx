import type { CSSProperties } from 'react';
import { roundStripTiling, type Frame } from '@framewala/domain';
import type { ImageSize } from './image-cache';
import type { FramePartName } from './frame-parts';

type MouldingProps = { frame: Frame; sizes: Record<FramePartName, ImageSize>; T: number; outerW: number; outerH: number };

/** Four corners (T × T, mitred) and four strips, each strip scaled to thickness T and tiled a whole number of times. */
export function Moulding({ frame, sizes, T, outerW, outerH }: MouldingProps) {
  const spanX = outerW - 2 * T;
  const spanY = outerH - 2 * T;
  const along = (part: FramePartName, horizontal: boolean, span: number) => {
    const s = sizes[part];
    const natLength = horizontal ? s.width : s.height;
    const natThickness = horizontal ? s.height : s.width;
    const repeat = natThickness > 0 ? (natLength * T) / natThickness : span;
    return roundStripTiling(span, repeat > 0 ? repeat : Math.max(1, span)).tileLength;
  };
  const strip = (part: FramePartName, style: CSSProperties, horizontal: boolean): CSSProperties => {
    const tile = along(part, horizontal, horizontal ? spanX : spanY);
    return {
      position: 'absolute',
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value
      backgroundImage: `url("${frame[part]}")`,
      backgroundRepeat: horizontal ? 'repeat-x' : 'repeat-y',
      backgroundSize: horizontal ? `${tile}px ${T}px` : `${T}px ${tile}px`,
      ...style,
    };
  };
  const corner = (part: FramePartName, style: CSSProperties): CSSProperties => ({
    position: 'absolute',
    width: T,
    height: T,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value
    backgroundImage: `url("${frame[part]}")`,
    backgroundSize: '100% 100%',
    ...style,
  });
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div style={strip('sideUp', { left: T, top: 0, width: spanX, height: T }, true)} />
      <div style={strip('sideDown', { left: T, top: outerH - T, width: spanX, height: T }, true)} />
      <div style={strip('sideLeft', { left: 0, top: T, width: T, height: spanY }, false)} />
      <div style={strip('sideRight', { left: outerW - T, top: T, width: T, height: spanY }, false)} />
      <div style={corner('topLeft', { left: 0, top: 0 })} />
      <div style={corner('topRight', { left: outerW - T, top: 0 })} />
      <div style={corner('bottomLeft', { left: 0, top: outerH - T })} />
      <div style={corner('bottomRight', { left: outerW - T, top: outerH - T })} />
    </div>
  );
}
