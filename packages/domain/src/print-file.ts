/**
 * The print-ready file's geometry (docs/decisions/021-print-ready-files.md) and the framed mock-up's pixel layout.
 *
 * The file is the customer's region of the original, scaled to the print size in inches at
 * ppi = min(300, what the region has), with the white border added as margin: border px = round(borderIn × ppi) on
 * each side, so the border adds exactly 2 × border × ppi pixels across and down whenever border × ppi is whole.
 *
 * Aspect. The editor fits the crop to the print's aspect, so the region and the print differ by a pixel's rounding at
 * most; the region is then printed whole and its two axes are scaled by slightly different factors (the distortion is
 * under 1 %, invisible). A region whose aspect differs by more than 1 % (a client that skipped the crop, or a size
 * turned the other way than the photo) is never stretched: its centre is cut to the print's aspect first, the way a
 * framer trims a print that does not fit the frame. "What the region has" is the smaller of its two axes' pixels per
 * inch, in whole ppi, so the file never enlarges the photo along either axis.
 */
import { previewLayout } from './geometry';
import { MAX_PRINT_PPI } from './print-quality';
import { divRoundHalfUp, toHundredths } from './units';

/** Relative aspect difference up to which a region is printed whole (scaled a hair differently along each axis). */
export const PRINT_ASPECT_TOLERANCE = 0.01;

/** A rectangle in whole pixels. */
export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PrintFileInput {
  /** The customer's region, in the (oriented) original's pixels. */
  region: PixelRegion;
  /** Print size in inches, as ordered (the line snapshot's widthIn × heightIn, already turned to the photo). */
  widthIn: number;
  heightIn: number;
  /** White border on each side in inches (0 for none). */
  borderIn: number;
}

export interface PrintFilePlan {
  /** The part of the region that is printed: the region itself, or its centre cut to the print's aspect. */
  cut: PixelRegion;
  /** True when the region's aspect was too far from the print's and its centre was cut. */
  trimmed: boolean;
  /** Pixels per inch the cut has along each axis (before the 300 cap). */
  sourcePpiX: number;
  sourcePpiY: number;
  /** Pixels per inch of the file: min(300, floor(min(sourcePpiX, sourcePpiY))), at least 1. */
  ppi: number;
  /** The photo's pixels in the file: round(inches × ppi). */
  imageWidthPx: number;
  imageHeightPx: number;
  /** White margin on each side: round(borderIn × ppi). */
  borderPx: number;
  /** The whole file: image + 2 × border. */
  widthPx: number;
  heightPx: number;
}

function positiveInteger(name: string, v: number): number {
  if (!Number.isSafeInteger(v) || v <= 0) throw new RangeError(`${name} must be a positive whole number, got ${String(v)}`);
  return v;
}

function nonNegativeInteger(name: string, v: number): number {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${String(v)}`);
  return v;
}

function positiveHundredths(name: string, inches: number): number {
  if (typeof inches !== 'number' || !Number.isFinite(inches) || inches <= 0)
    throw new RangeError(`${name} must be a positive number, got ${String(inches)}`);
  const h = toHundredths(inches);
  if (h <= 0) throw new RangeError(`${name} is below a hundredth of an inch: ${inches}`);
  return h;
}

/** The region's centre cut to the print's aspect when the two differ by more than PRINT_ASPECT_TOLERANCE. */
export function printCut(region: PixelRegion, widthIn: number, heightIn: number): { cut: PixelRegion; trimmed: boolean } {
  const left = nonNegativeInteger('Region left', region.left);
  const top = nonNegativeInteger('Region top', region.top);
  const width = positiveInteger('Region width', region.width);
  const height = positiveInteger('Region height', region.height);
  const w = positiveHundredths('Print width', widthIn);
  const h = positiveHundredths('Print height', heightIn);
  // |region aspect / print aspect − 1| = |width × h − height × w| / (height × w), compared in integers.
  if (Math.abs(width * h - height * w) * Math.round(1 / PRINT_ASPECT_TOLERANCE) <= height * w)
    return { cut: { left, top, width, height }, trimmed: false };
  if (width * h > height * w) {
    // Too wide: keep the full height, cut the sides.
    const cutWidth = Math.max(1, Math.min(width, divRoundHalfUp(height * w, h)));
    return { cut: { left: left + Math.floor((width - cutWidth) / 2), top, width: cutWidth, height }, trimmed: true };
  }
  const cutHeight = Math.max(1, Math.min(height, divRoundHalfUp(width * h, w)));
  return { cut: { left, top: top + Math.floor((height - cutHeight) / 2), width, height: cutHeight }, trimmed: true };
}

/** Everything about the print-ready file's pixels: the cut, the ppi, the image and border sizes. */
export function planPrintFile(input: PrintFileInput): PrintFilePlan {
  const { cut, trimmed } = printCut(input.region, input.widthIn, input.heightIn);
  const w = toHundredths(input.widthIn);
  const h = toHundredths(input.heightIn);
  if (typeof input.borderIn !== 'number' || !Number.isFinite(input.borderIn) || input.borderIn < 0) {
    throw new RangeError(`Border must be zero or a positive number, got ${String(input.borderIn)}`);
  }
  const b = toHundredths(input.borderIn);
  const sourcePpiX = (cut.width * 100) / w;
  const sourcePpiY = (cut.height * 100) / h;
  // Whole ppi, exact: floor(pixels × 100 / hundredths), the smaller axis, capped at 300.
  const available = Math.min(Math.floor((cut.width * 100) / w), Math.floor((cut.height * 100) / h));
  const ppi = Math.max(1, Math.min(MAX_PRINT_PPI, available));
  const imageWidthPx = Math.max(1, divRoundHalfUp(w * ppi, 100));
  const imageHeightPx = Math.max(1, divRoundHalfUp(h * ppi, 100));
  const borderPx = divRoundHalfUp(b * ppi, 100);
  return {
    cut,
    trimmed,
    sourcePpiX,
    sourcePpiY,
    ppi,
    imageWidthPx,
    imageHeightPx,
    borderPx,
    widthPx: imageWidthPx + 2 * borderPx,
    heightPx: imageHeightPx + 2 * borderPx,
  };
}

export interface MockupInput {
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
  /** The box the mock-up fits in, in pixels. */
  maxWidthPx: number;
  maxHeightPx: number;
}

export interface MockupLayout {
  /** Pixels per inch of the drawing. */
  scale: number;
  outerWidthPx: number;
  outerHeightPx: number;
  /** Moulding (T) and white border (m) on each side, and the photo window, in whole pixels. */
  mouldingPx: number;
  borderPx: number;
  photoWidthPx: number;
  photoHeightPx: number;
}

/**
 * The framed piece in whole pixels, as the browser preview draws it: previewLayout's one scale, outer size, moulding
 * and mat rounded to whole pixels (at least 1 when present), and the photo window taking what is left, so
 * outer = photo + 2 × mat + 2 × moulding exactly on both axes.
 */
export function mockupLayout(input: MockupInput): MockupLayout {
  const layout = previewLayout(input);
  const outerWidthPx = Math.round(layout.outerWidthPx);
  const outerHeightPx = Math.round(layout.outerHeightPx);
  const mouldingPx = input.mouldingIn > 0 ? Math.max(1, Math.round(layout.mouldingPx)) : 0;
  const borderPx = input.borderIn > 0 ? Math.max(1, Math.round(layout.borderPx)) : 0;
  return {
    scale: layout.scale,
    outerWidthPx,
    outerHeightPx,
    mouldingPx,
    borderPx,
    photoWidthPx: Math.max(1, outerWidthPx - 2 * mouldingPx - 2 * borderPx),
    photoHeightPx: Math.max(1, outerHeightPx - 2 * mouldingPx - 2 * borderPx),
  };
}
