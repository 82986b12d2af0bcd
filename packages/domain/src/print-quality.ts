/**
 * Print quality: effective pixels per inch of the (cropped) photo at the chosen print size, and a verdict.
 *
 * - Excellent: ≥ 150 ppi.
 * - Good: at or above the size's minimum (labs' minimums: 150 ppi up to 5 × 7 in, 125 at 8 × 10, 100 from 11 × 14 to
 *   16 × 20, 75 from 16 × 24 up), see `minimumPpiFor`.
 * - Low: below it; the print may look soft from close up. The customer may still go on.
 *
 * The minimum falls as the print grows because a larger print is looked at from further away: the same ppi can be Low
 * on a small print and Good on a large one.
 *
 * AI-sharpened pixels (an upscale ×2 or ×4) are drawn by a model, not taken by the camera: the verdict of a sharpened
 * photo is Good at best (when the sharpened pixels reach the size's minimum), unless the photo's own detail — the ppi
 * divided by the upscale — is Excellent by itself. Its label says what happened: 'Good · AI-sharpened'.
 *
 * MIN_PRINT_PPI (96) stays as the developer size check's fixed limit.
 */
import { toHundredths } from './units';

/** The developer size check's fixed limit (a photo "fits" a size at ≥ 96 ppi in both directions). */
export const MIN_PRINT_PPI = 96;
/** At or above this, any size is Excellent. */
export const EXCELLENT_PRINT_PPI = 150;
/** The print-ready file is made at the best resolution the photo allows, up to this. */
export const MAX_PRINT_PPI = 300;

export type PrintRating = 'excellent' | 'good' | 'low';

/**
 * The labs' minimum ppi by the print's long side, in inches: up to 7 in (5 × 7) 150, up to 10 in (8 × 10) 125, under
 * 24 in (11 × 14 to 16 × 20, and the sizes between) 100, from 24 in (16 × 24 and up) 75.
 */
export const PRINT_MINIMUM_PPI_STEPS: readonly { upToLongSideIn: number; minimumPpi: number }[] = [
  { upToLongSideIn: 7, minimumPpi: 150 },
  { upToLongSideIn: 10, minimumPpi: 125 },
  { upToLongSideIn: 23.99, minimumPpi: 100 },
  { upToLongSideIn: Number.POSITIVE_INFINITY, minimumPpi: 75 },
];

export interface PrintQualityInput {
  /** Pixels of the photo (or of the crop) across and down. */
  pixelsWide: number;
  pixelsHigh: number;
  /** Print size in inches. */
  widthIn: number;
  heightIn: number;
  /**
   * How many times an AI upscale enlarged the pixels (2, 4, or the product of several); 1 or absent for the photo's
   * own pixels.
   */
  aiUpscale?: number | undefined;
}

export interface PrintQuality {
  /** Whole pixels per inch: floor(min(pixelsWide / widthIn, pixelsHigh / heightIn)). */
  ppi: number;
  /** The size's minimum (see PRINT_MINIMUM_PPI_STEPS). */
  minimumPpi: number;
  /** The AI upscale behind the pixels (1: the photo's own). */
  aiUpscale: number;
  /** Whole ppi of the photo's own detail: floor(ppi ÷ aiUpscale); equals `ppi` when not sharpened. */
  detailPpi: number;
  /** ppi ≥ minimumPpi: not Low. */
  ok: boolean;
  rating: PrintRating;
  /** 'Excellent · 300 ppi'; a sharpened photo 'Good · AI-sharpened'. */
  label: string;
  /** A short advice line when the print may look soft, else null. */
  warning: typeof LOW_QUALITY_WARNING | null;
}

/** The verdicts' names, as the label shows them ('Excellent · 300 ppi'). */
export const PRINT_RATING_NAMES = {
  excellent: 'Excellent',
  good: 'Good',
  low: 'Low',
} as const satisfies Readonly<Record<PrintRating, string>>;

/** What the label says in place of the ppi when the pixels were drawn by the AI upscale. */
export const AI_SHARPENED_NOTE = 'AI-sharpened';

export const LOW_QUALITY_WARNING = 'May look soft from close up. Choose a smaller size, or sharpen the photo.';

/** The minimum ppi of a print size (either orientation). */
export function minimumPpiFor(widthIn: number, heightIn: number): number {
  const longSide = Math.max(widthIn, heightIn);
  const step = PRINT_MINIMUM_PPI_STEPS.find((s) => longSide <= s.upToLongSideIn);
  return (step ?? PRINT_MINIMUM_PPI_STEPS[PRINT_MINIMUM_PPI_STEPS.length - 1]!).minimumPpi;
}

/** The verdict for a ppi at a size whose minimum is `minimumPpi`. */
export function ratePpi(ppi: number, minimumPpi: number): PrintRating {
  if (ppi >= EXCELLENT_PRINT_PPI) return 'excellent';
  if (ppi >= minimumPpi) return 'good';
  return 'low';
}

/**
 * The verdict of pixels enlarged `aiUpscale` times by the AI model: Excellent only when the photo's own detail is;
 * otherwise Good when the sharpened pixels reach the size's minimum (never Excellent for pixels the photo did not have),
 * else Low.
 */
export function rateSharpened(ppi: number, minimumPpi: number, aiUpscale: number): PrintRating {
  if (aiUpscale <= 1) return ratePpi(ppi, minimumPpi);
  if (ratePpi(Math.floor(ppi / aiUpscale), minimumPpi) === 'excellent') return 'excellent';
  return ppi >= minimumPpi ? 'good' : 'low';
}

/** Whole ppi along one axis, exact: floor(pixels × 100 / hundredths of an inch). */
function axisPpi(pixels: number, inches: number): number {
  const h = toHundredths(inches);
  if (h <= 0) throw new RangeError(`Print size must be positive, got ${inches} in`);
  return Math.floor((Math.floor(pixels) * 100) / h);
}

/**
 * Effective ppi and verdict for a print. When the photo's aspect differs from the size's, the smaller of the two axes
 * counts (the crop will cut the other one).
 */
export function printQuality(input: PrintQualityInput): PrintQuality {
  const { pixelsWide, pixelsHigh, widthIn, heightIn } = input;
  const aiUpscale = input.aiUpscale ?? 1;
  if (!Number.isFinite(aiUpscale) || aiUpscale < 1) {
    throw new RangeError(`printQuality: aiUpscale must be a number ≥ 1, got ${String(input.aiUpscale)}`);
  }
  for (const [name, v] of [
    ['pixelsWide', pixelsWide],
    ['pixelsHigh', pixelsHigh],
    ['widthIn', widthIn],
    ['heightIn', heightIn],
  ] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) {
      throw new RangeError(`printQuality: ${name} must be a positive number, got ${String(v)}`);
    }
  }
  const ppi = Math.min(axisPpi(pixelsWide, widthIn), axisPpi(pixelsHigh, heightIn));
  const minimumPpi = minimumPpiFor(widthIn, heightIn);
  const rating = rateSharpened(ppi, minimumPpi, aiUpscale);
  const sharpened = aiUpscale > 1;
  return {
    ppi,
    minimumPpi,
    aiUpscale,
    detailPpi: sharpened ? Math.floor(ppi / aiUpscale) : ppi,
    ok: rating !== 'low',
    rating,
    label: `${PRINT_RATING_NAMES[rating]} · ${sharpened ? AI_SHARPENED_NOTE : `${ppi} ppi`}`,
    warning: rating === 'low' ? LOW_QUALITY_WARNING : null,
  };
}

/** Pixel size of the print-ready file: the print size at min(actual ppi, MAX_PRINT_PPI). */
export function printPixelSize(input: PrintQualityInput): { ppi: number; widthPx: number; heightPx: number } {
  const ppi = Math.max(1, Math.min(printQuality(input).ppi, MAX_PRINT_PPI));
  return {
    ppi,
    widthPx: Math.round((toHundredths(input.widthIn) * ppi) / 100),
    heightPx: Math.round((toHundredths(input.heightIn) * ppi) / 100),
  };
}

/** True when a photo of `photo` px prints Low at every one of `sizes` (inches): too small for all of them. */
export function lowAtEverySize(
  photo: { width: number; height: number },
  sizes: readonly { width: number; height: number }[],
  aiUpscale = 1,
): boolean {
  return (
    sizes.length > 0 &&
    sizes.every(
      (size) =>
        printQuality({ pixelsWide: photo.width, pixelsHigh: photo.height, widthIn: size.width, heightIn: size.height, aiUpscale })
          .rating === 'low',
    )
  );
}

/** The share of a photo a print size's shape keeps (1: the same shape, nothing cropped). */
export function shapeKept(photo: { width: number; height: number }, size: { width: number; height: number }): number {
  const a = photo.width / photo.height;
  const b = size.width / size.height;
  return Math.min(a, b) / Math.max(a, b);
}

/**
 * The size table in the order that suits a photo: the formats with a size that prints well (Good or Excellent) first,
 * then by how much of the photo their shape keeps (its own shape first); within a format, the sizes that print well
 * before the Low ones. Ties keep the catalogue's order.
 */
export function sizeGroupsForPhoto<S extends { width: number; height: number }, G extends { sizes: readonly S[] }>(
  groups: readonly G[],
  photo: { width: number; height: number },
  aiUpscale = 1,
): G[] {
  const low = (size: S) =>
    printQuality({ pixelsWide: photo.width, pixelsHigh: photo.height, widthIn: size.width, heightIn: size.height, aiUpscale }).rating ===
    'low';
  const ranked = groups.map((group, index) => {
    const good = group.sizes.filter((s) => !low(s));
    const soft = group.sizes.filter((s) => low(s));
    const first = group.sizes[0];
    return {
      group: { ...group, sizes: [...good, ...soft] },
      suits: good.length > 0,
      kept: first ? shapeKept(photo, first) : 0,
      index,
    };
  });
  ranked.sort((a, b) => Number(b.suits) - Number(a.suits) || b.kept - a.kept || a.index - b.index);
  return ranked.map((r) => r.group);
}
