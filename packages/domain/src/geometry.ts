/**
 * The framed piece's true size and its on-screen preview.
 * Photo W × H, white border m and moulding t give an outer size of (W + 2m + 2t) × (H + 2m + 2t),
 * shown in inches and centimetres; the preview keeps those proportions whatever the photo's own DPI.
 */
import { formatMeasure, toHundredths } from './units';

export const INCH_CM = 2.54;

export interface FramedInput {
  /** Print (photo) width and height in inches. */
  widthIn: number;
  heightIn: number;
  /** White border width in inches (0 for none). */
  borderIn: number;
  /** Moulding face width in inches (0 for an unframed print). */
  mouldingIn: number;
}

export interface OuterSize {
  /** Inches, rounded to 2 decimals. */
  widthIn: number;
  heightIn: number;
  /** Centimetres, rounded to 1 decimal. */
  widthCm: number;
  heightCm: number;
}

function positive(name: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) {
    throw new RangeError(`${name} must be a positive number, got ${String(x)}`);
  }
  return x;
}

function nonNegative(name: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) {
    throw new RangeError(`${name} must be zero or a positive number, got ${String(x)}`);
  }
  return x;
}

/** Hundredths of an inch → centimetres rounded half up to 1 decimal, with integer arithmetic. */
function hundredthsToCm(h: number): number {
  // cm tenths = h/100 in × 2.54 cm × 10 = h × 254 / 1000
  return Math.floor((h * 254 + 500) / 1000) / 10;
}

/** The outer size of the framed piece: (W + 2m + 2t) × (H + 2m + 2t), in inches and centimetres. */
export function framedOuterSize(input: FramedInput): OuterSize {
  const w = toHundredths(positive('Width', input.widthIn));
  const h = toHundredths(positive('Height', input.heightIn));
  const edge = 2 * toHundredths(nonNegative('Border', input.borderIn)) + 2 * toHundredths(nonNegative('Moulding', input.mouldingIn));
  const ow = w + edge;
  const oh = h + edge;
  return { widthIn: ow / 100, heightIn: oh / 100, widthCm: hundredthsToCm(ow), heightCm: hundredthsToCm(oh) };
}

/** '15.6 × 11.6 in (39.6 × 29.5 cm)'; trailing zeros are dropped ('19 × 15 in (48.3 × 38.1 cm)'). */
export function formatOuterSize(size: OuterSize): string {
  const inches = `${formatMeasure(size.widthIn, 2)} × ${formatMeasure(size.heightIn, 2)} in`;
  const cm = `${formatMeasure(size.widthCm, 1)} × ${formatMeasure(size.heightCm, 1)} cm`;
  return `${inches} (${cm})`;
}

/** Inches → centimetres, rounded to 1 decimal. */
export function inchesToCm(inches: number): number {
  return hundredthsToCm(toHundredths(inches));
}

export interface PreviewInput extends FramedInput {
  /** The box the preview must fit in, in CSS pixels. */
  maxWidthPx: number;
  maxHeightPx: number;
}

export interface PreviewLayout {
  /** Pixels per inch of the drawing (the same on both axes). */
  scale: number;
  outerWidthPx: number;
  outerHeightPx: number;
  /** Moulding width on each side. */
  mouldingPx: number;
  /** White border width on each side (inside the moulding). */
  borderPx: number;
  photoWidthPx: number;
  photoHeightPx: number;
}

/**
 * Pixel sizes for drawing the framed piece true to scale, as large as possible inside the box.
 * Values are fractional CSS pixels (round when drawing if needed); one scale applies to every part, so
 * outer = photo + 2 × border + 2 × moulding on both axes and the outer size never exceeds the box.
 */
export function previewLayout(input: PreviewInput): PreviewLayout {
  const maxW = positive('Preview width', input.maxWidthPx);
  const maxH = positive('Preview height', input.maxHeightPx);
  const outer = framedOuterSize(input);
  const photoW = toHundredths(input.widthIn) / 100;
  const photoH = toHundredths(input.heightIn) / 100;
  const border = toHundredths(input.borderIn) / 100;
  const moulding = toHundredths(input.mouldingIn) / 100;
  const scale = Math.min(maxW / outer.widthIn, maxH / outer.heightIn);
  // The binding side is set to the box exactly, so floating-point error cannot push it past the edge.
  const widthBinds = maxW / outer.widthIn <= maxH / outer.heightIn;
  const outerWidthPx = widthBinds ? maxW : Math.min(maxW, outer.widthIn * scale);
  const outerHeightPx = widthBinds ? Math.min(maxH, outer.heightIn * scale) : maxH;
  return {
    scale,
    outerWidthPx,
    outerHeightPx,
    mouldingPx: moulding * scale,
    borderPx: border * scale,
    photoWidthPx: photoW * scale,
    photoHeightPx: photoH * scale,
  };
}
