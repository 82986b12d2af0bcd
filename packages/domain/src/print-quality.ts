/**
 * Print quality: effective pixels per inch of the (cropped) photo at the chosen print size.
 * Under 96 ppi is flagged as likely to print blurry (the seed's developer check uses 96); the customer may go on.
 */
import { toHundredths } from './units';

export const MIN_PRINT_PPI = 96;
export const GOOD_PRINT_PPI = 150;
export const EXCELLENT_PRINT_PPI = 240;
/** The print-ready file is made at the best resolution the photo allows, up to this. */
export const MAX_PRINT_PPI = 300;

export type PrintRating = 'excellent' | 'good' | 'fair' | 'low';

export interface PrintQualityInput {
  /** Pixels of the photo (or of the crop) across and down. */
  pixelsWide: number;
  pixelsHigh: number;
  /** Print size in inches. */
  widthIn: number;
  heightIn: number;
}

export interface PrintQuality {
  /** Whole pixels per inch: floor(min(pixelsWide / widthIn, pixelsHigh / heightIn)). */
  ppi: number;
  /** ppi ≥ MIN_PRINT_PPI. */
  ok: boolean;
  rating: PrintRating;
  /** 'Excellent · 300 ppi'. */
  label: string;
  /** A short advice line when the print may look blurry, else null. */
  warning: string | null;
}

const RATING_NAMES: Readonly<Record<PrintRating, string>> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  low: 'Low',
};

export const LOW_QUALITY_WARNING = 'This photo may print blurry at this size. Choose a smaller size or a higher-resolution photo.';

export function ratePpi(ppi: number): PrintRating {
  if (ppi >= EXCELLENT_PRINT_PPI) return 'excellent';
  if (ppi >= GOOD_PRINT_PPI) return 'good';
  if (ppi >= MIN_PRINT_PPI) return 'fair';
  return 'low';
}

/** Whole ppi along one axis, exact: floor(pixels × 100 / hundredths of an inch). */
function axisPpi(pixels: number, inches: number): number {
  const h = toHundredths(inches);
  if (h <= 0) throw new RangeError(`Print size must be positive, got ${inches} in`);
  return Math.floor((Math.floor(pixels) * 100) / h);
}

/**
 * Effective ppi for a print. When the photo's aspect differs from the size's, the smaller of the two axes counts
 * (the crop will cut the other one).
 */
export function printQuality(input: PrintQualityInput): PrintQuality {
  const { pixelsWide, pixelsHigh, widthIn, heightIn } = input;
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
  const rating = ratePpi(ppi);
  return {
    ppi,
    ok: ppi >= MIN_PRINT_PPI,
    rating,
    label: `${RATING_NAMES[rating]} · ${ppi} ppi`,
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
