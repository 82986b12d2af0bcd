/**
 * The photo editor's rules, kept pure so the web app and its
 * tests share one table:
 * - the steps (Reading A numbering, with 0 for the options panel shown after upload) and every Back and Next;
 * - mapping the crop box from the displayed rendition to the original's pixels, and its print quality;
 * - tiling a frame's side strips a whole number of times along a side.
 */
import { printQuality, type PrintQuality } from './print-quality';

/**
 * 0 options ('Looking great! …'), 1 preset size, 2 custom size, 3 frame design, 4 white (motif) border,
 * 5 summary with quantity. 6 is the checkout step, which lives on its own page (buyer details).
 */
export const EDITOR_STEPS = [0, 1, 2, 3, 4, 5] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];
export const CHECKOUT_STEP = 6;

export function isEditorStep(value: unknown): value is EditorStep {
  return typeof value === 'number' && (EDITOR_STEPS as readonly number[]).includes(value);
}

/** What the Back and Next rules look at. */
export interface EditorFacts {
  /** A preset size is chosen. */
  hasPresetSize: boolean;
  /** The customer typed a custom width and height (valid or not: the seed checks that both are set). */
  hasCustomSize: boolean;
  /** The custom width and height pass `validateCustomSize`. */
  customSizeValid: boolean;
  /** A frame set is open on the frame design step (its finishes are showing). */
  frameSetOpen: boolean;
  /** A finish (a frame of a set) is chosen. */
  hasFrame: boolean;
}

export interface BackResult {
  step: EditorStep;
  /** Close the open frame set (the frame design step goes back to the grid of sets). */
  closeFrameSet: boolean;
}

/**
 * Back: every Back goes to the previous panel:
 * - size (1) → options (0); custom size (2) → 1;
 * - frame design (3) with a set open → closes the set and stays on 3;
 *   without one → 1 when no custom width and height are set, else 2;
 * - white border (4) → 3; summary (5) → 4; the options panel (0) has no Back and stays.
 */
export function editorBack(step: EditorStep, facts: Pick<EditorFacts, 'hasCustomSize' | 'frameSetOpen'>): BackResult {
  switch (step) {
    case 0:
      return { step: 0, closeFrameSet: false };
    case 1:
      return { step: 0, closeFrameSet: false };
    case 2:
      return { step: 1, closeFrameSet: false };
    case 3:
      if (facts.frameSetOpen) return { step: 3, closeFrameSet: true };
      return { step: facts.hasCustomSize ? 2 : 1, closeFrameSet: false };
    case 4:
      return { step: 3, closeFrameSet: false };
    case 5:
      return { step: 4, closeFrameSet: false };
  }
}

export type NextResult = { ok: true; step: EditorStep | typeof CHECKOUT_STEP } | { ok: false; reason: string };

export const NEXT_BLOCKED = {
  noSize: 'Choose a size first.',
  badCustomSize: 'Enter a valid width and height first.',
  noFrame: 'Choose a frame first.',
} as const;

/**
 * Next, with its guard: size (1) → frame design (3) once a preset size is chosen; custom size
 * (2) → 3 once the custom size is valid; frame design (3) → border (4) once a finish is chosen; border (4) →
 * summary (5); summary (5) → checkout (6). The options panel's four choices are direct jumps, not Next.
 */
export function editorNext(step: EditorStep, facts: EditorFacts): NextResult {
  switch (step) {
    case 0:
      return { ok: true, step: 1 };
    case 1:
      return facts.hasPresetSize ? { ok: true, step: 3 } : { ok: false, reason: NEXT_BLOCKED.noSize };
    case 2:
      return facts.customSizeValid ? { ok: true, step: 3 } : { ok: false, reason: NEXT_BLOCKED.badCustomSize };
    case 3:
      return facts.hasFrame ? { ok: true, step: 4 } : { ok: false, reason: NEXT_BLOCKED.noFrame };
    case 4:
      return facts.hasFrame ? { ok: true, step: 5 } : { ok: false, reason: NEXT_BLOCKED.noFrame };
    case 5:
      return facts.hasFrame ? { ok: true, step: CHECKOUT_STEP } : { ok: false, reason: NEXT_BLOCKED.noFrame };
  }
}

// ── Crop ─────────────────────────────────────────────────────────────────────────────────────────────────────

export interface PixelSize {
  width: number;
  height: number;
}

/** A rectangle in pixels: top-left corner and size. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop box may not cover less than this many pixels either way. */
export const MIN_CROP_PX = 50;

function positiveSize(name: string, size: PixelSize): void {
  for (const [k, v] of [
    ['width', size.width],
    ['height', size.height],
  ] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      throw new RangeError(`${name} ${k} must be a positive number, got ${String(v)}`);
    }
  }
}

/**
 * Maps a crop rectangle measured on a rendition (a smaller copy of the photo, e.g. the browser's display image) to
 * the original's pixels: scaled by original ÷ rendition on each axis and rounded to whole pixels. An edge within
 * half a rendition pixel of the rendition's border goes to the original's border (a rendition's size is rounded, so
 * "all of it" must stay all of it). With `aspect` (width ÷ height), the width is then fitted to the height so the
 * rectangle has the print's shape to the pixel. The result lies inside the original and is at least MIN_CROP_PX (or
 * the whole side, for a side shorter than that) each way.
 */
export function mapCropToOriginal(crop: CropRect, rendition: PixelSize, original: PixelSize, aspect?: number): CropRect {
  positiveSize('Rendition', rendition);
  positiveSize('Original', original);
  for (const [k, v] of Object.entries(crop)) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new RangeError(`Crop ${k} must be a finite number, got ${String(v)}`);
  }
  if (aspect !== undefined && (!Number.isFinite(aspect) || aspect <= 0))
    throw new RangeError(`Aspect must be a positive number, got ${String(aspect)}`);
  const sx = original.width / rendition.width;
  const sy = original.height / rendition.height;
  const W = Math.round(original.width);
  const H = Math.round(original.height);
  const minW = Math.min(MIN_CROP_PX, W);
  const minH = Math.min(MIN_CROP_PX, H);
  const edge = (v: number, size: number, scale: number, full: number): number => {
    if (v <= 0.5) return 0;
    if (v >= size - 0.5) return full;
    return Math.min(Math.max(Math.round(v * scale), 0), full);
  };
  // Round the edges (not the size) so neighbouring crops tile exactly, then clamp into the image.
  let left = edge(crop.x, rendition.width, sx, W);
  let top = edge(crop.y, rendition.height, sy, H);
  const right = edge(crop.x + crop.width, rendition.width, sx, W);
  const bottom = edge(crop.y + crop.height, rendition.height, sy, H);
  let width = Math.min(Math.max(right - left, minW), W);
  let height = Math.min(Math.max(bottom - top, minH), H);
  if (aspect !== undefined) {
    const fitted = Math.round(height * aspect);
    if (fitted <= W && fitted >= minW) {
      left += Math.round((width - fitted) / 2);
      width = fitted;
    } else {
      const h = Math.min(H, Math.max(minH, Math.round(width / aspect)));
      top += Math.round((height - h) / 2);
      height = h;
    }
  }
  left = Math.min(Math.max(left, 0), W - width);
  top = Math.min(Math.max(top, 0), H - height);
  return { x: left, y: top, width, height };
}

/** The largest rectangle of the given aspect (width ÷ height) centred in an image, in whole pixels. */
export function centeredCrop(image: PixelSize, aspect: number): CropRect {
  positiveSize('Image', image);
  if (!Number.isFinite(aspect) || aspect <= 0) throw new RangeError(`Aspect must be a positive number, got ${String(aspect)}`);
  const W = Math.round(image.width);
  const H = Math.round(image.height);
  let width = W;
  let height = Math.round(W / aspect);
  if (height > H) {
    height = H;
    width = Math.min(W, Math.round(H * aspect));
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  return { x: Math.floor((W - width) / 2), y: Math.floor((H - height) / 2), width, height };
}

/**
 * How far the crop tool may zoom in: at zoom z the box covers 1/z of the largest crop of that aspect, and it must
 * keep at least MIN_CROP_PX of the original's pixels each way. Never below 1, never above `cap`.
 */
export function maxCropZoom(image: PixelSize, aspect: number, cap = 5): number {
  const base = centeredCrop(image, aspect);
  const z = Math.min(base.width, base.height) / MIN_CROP_PX;
  return Math.max(1, Math.min(cap, z));
}

/** True when two aspects (width ÷ height) agree within `tolerance` (relative; default 1 %). */
export function sameAspect(a: number, b: number, tolerance = 0.01): boolean {
  if (!(a > 0) || !(b > 0)) return false;
  return Math.abs(a / b - 1) <= tolerance;
}

/** True when a crop rectangle's aspect matches the print size's (within 1 %, the rounding of whole pixels). */
export function cropFitsSize(crop: CropRect, size: { widthIn: number; heightIn: number }): boolean {
  return sameAspect(crop.width / crop.height, size.widthIn / size.heightIn, Math.max(0.01, 2 / Math.min(crop.width, crop.height)));
}

/**
 * Print quality of a crop of the original at a print size: ppi = cropped pixels ÷ inches (the smaller axis).
 * `aiUpscale` is the AI upscale behind the photo's pixels (1: its own), see `printQuality`.
 */
export function cropPrintQuality(crop: CropRect, size: { widthIn: number; heightIn: number }, aiUpscale = 1): PrintQuality {
  return printQuality({ pixelsWide: crop.width, pixelsHigh: crop.height, widthIn: size.widthIn, heightIn: size.heightIn, aiUpscale });
}

// ── Frame strips ─────────────────────────────────────────────────────────────────────────────────────────────

export interface StripTiling {
  /** Whole repeats along the side (at least 1). */
  count: number;
  /** Length of one repeat, so that count × tileLength = the side's length exactly. */
  tileLength: number;
}

/**
 * A frame side strip is drawn `naturalLength` long at its natural thickness; on screen it is scaled to the
 * moulding's thickness, which makes one repeat `naturalLength × scale` long. To end on a whole repeat at the far
 * corner (where the strip must meet the corner image seamlessly), the repeat is stretched or squeezed to
 * side ÷ round(side ÷ repeat) — what CSS `border-image-repeat: round` does.
 */
export function roundStripTiling(sideLength: number, repeatLength: number): StripTiling {
  if (!Number.isFinite(sideLength) || sideLength < 0) throw new RangeError(`Side length must be ≥ 0, got ${String(sideLength)}`);
  if (!Number.isFinite(repeatLength) || repeatLength <= 0) throw new RangeError(`Repeat length must be > 0, got ${String(repeatLength)}`);
  if (sideLength === 0) return { count: 1, tileLength: 0 };
  const count = Math.max(1, Math.round(sideLength / repeatLength));
  return { count, tileLength: sideLength / count };
}
