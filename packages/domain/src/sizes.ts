/**
 * The preset size catalogue, kept in canonical landscape-or-square form (width ≥ height),
 * and oriented to the customer's photo on the way out.
 *
 * Id scheme (stable, URL-safe: only a-z, 0-9, '-', 'x' and '.'):
 *   <format-slug>-<width>x<height>   landscape / canonical form, e.g. '3x2-12x8', '4x3-16x12', '16x9-24x13.5',
 *                                    'classic-10x8' (the seed's 8x10 written width-first)
 *   square-<side>                    square sizes, e.g. 'square-10' (no orientation)
 *   din-<paper>                      DIN/ISO paper sizes, e.g. 'din-a4'
 *   <any of the above>-p             the same size turned portrait (width < height), e.g. '3x2-12x8-p', 'din-a4-p'
 * Format slugs: '3:2' → '3x2', '4:3' → '4x3', 'Square' → 'square', 'Classic' → 'classic', 'DIN/ISO' → 'din',
 * '16:9' → '16x9'. Numbers are written as JavaScript prints them (13.5, 33.75), never with trailing zeros.
 */
import { paiseToRupees } from './money';
import { presetStartingPricePaise } from './pricing';
import { formatMeasure } from './units';

export type SizeFormat = '3:2' | '4:3' | 'Square' | 'Classic' | 'DIN/ISO' | '16:9';
export type ImageType = 'landscape' | 'portrait' | 'square';

/** Display order of the format groups. */
export const SIZE_FORMATS = ['3:2', '4:3', 'Square', 'Classic', 'DIN/ISO', '16:9'] as const satisfies readonly SizeFormat[];

export const IMAGE_TYPES = ['landscape', 'portrait', 'square'] as const satisfies readonly ImageType[];

/** URL-safe slug of each format, used as the first part of size ids and as the group id. */
export const SIZE_FORMAT_SLUGS: Readonly<Record<SizeFormat, string>> = {
  '3:2': '3x2',
  '4:3': '4x3',
  Square: 'square',
  Classic: 'classic',
  'DIN/ISO': 'din',
  '16:9': '16x9',
};

/** Suffix of a portrait size id. */
export const PORTRAIT_ID_SUFFIX = '-p';

export interface PresetSize {
  id: string;
  format: SizeFormat;
  /** Paper name for DIN/ISO sizes ('A4'). */
  label?: string;
  /** Inches, canonical form: width ≥ height. */
  width: number;
  height: number;
  /** 1-based position within its format group (smallest first). */
  sort: number;
}

/** A size as offered to a customer for one photo orientation. */
export interface OrientedSize {
  id: string;
  format: SizeFormat;
  /** '12x8', '8x12', '10x10', 'A4 11.7x8.3'. */
  sizeName: string;
  width: number;
  height: number;
  /** Starting price in whole rupees: round(width × height × 4.5). */
  price: number;
}

export interface OrientedSizeGroup {
  /** The format's slug ('3x2', 'square', 'din', …). */
  id: string;
  format: SizeFormat;
  sizes: OrientedSize[];
}

type RawSize = readonly [width: number, height: number, label?: string];

/** The seed's catalogue, as the seed writes it (Classic portrait-first); normalised below. */
// prettier-ignore
const SEED_CATALOGUE: Readonly<Record<SizeFormat, readonly RawSize[]>> = {
  '3:2': [[6, 4], [12, 8], [15, 10], [18, 12], [24, 16], [30, 20]],
  '4:3': [[8, 6], [12, 9], [16, 12], [20, 15], [24, 18]],
  Square: [[5, 5], [8, 8], [10, 10], [15, 15], [20, 20], [30, 30]],
  Classic: [[8, 10], [11, 14], [16, 20], [20, 24], [24, 30], [30, 40]],
  'DIN/ISO': [[8.3, 5.8, 'A5'], [11.7, 8.3, 'A4'], [16.5, 11.7, 'A3'], [23.4, 16.5, 'A2'], [33.1, 23.4, 'A1']],
  '16:9': [[16, 9], [24, 13.5], [32, 18], [48, 27], [60, 33.75]],
};

function canonicalId(format: SizeFormat, width: number, height: number, label?: string): string {
  const slug = SIZE_FORMAT_SLUGS[format];
  if (format === 'Square') return `${slug}-${formatMeasure(width)}`;
  if (format === 'DIN/ISO' && label) return `${slug}-${label.toLowerCase()}`;
  return `${slug}-${formatMeasure(width)}x${formatMeasure(height)}`;
}

/** Every preset size in canonical form (width ≥ height), grouped in SIZE_FORMATS order, smallest first. */
export const PRESET_SIZES: readonly PresetSize[] = Object.freeze(
  SIZE_FORMATS.flatMap((format) =>
    SEED_CATALOGUE[format].map(([a, b, label], i): PresetSize => {
      const width = Math.max(a, b);
      const height = Math.min(a, b);
      const size: PresetSize = { id: canonicalId(format, width, height, label), format, width, height, sort: i + 1 };
      if (label !== undefined) size.label = label;
      return Object.freeze(size);
    }),
  ),
);

const PRESETS_BY_ID: ReadonlyMap<string, PresetSize> = new Map(PRESET_SIZES.map((s) => [s.id, s]));

/** A preset size by its canonical (landscape/square) id. */
export function getPresetSize(canonicalSizeId: string): PresetSize | undefined {
  return PRESETS_BY_ID.get(canonicalSizeId);
}

/** Orientation of a photo from its pixel size (after EXIF rotation): equal sides are square. */
export function imageTypeOf(widthPx: number, heightPx: number): ImageType {
  if (!(widthPx > 0) || !(heightPx > 0) || !Number.isFinite(widthPx) || !Number.isFinite(heightPx)) {
    throw new RangeError(`imageTypeOf: sizes must be positive numbers, got ${widthPx}x${heightPx}`);
  }
  if (widthPx === heightPx) return 'square';
  return widthPx > heightPx ? 'landscape' : 'portrait';
}

export function isImageType(value: unknown): value is ImageType {
  return typeof value === 'string' && (IMAGE_TYPES as readonly string[]).includes(value);
}

/** True when a preset size has no orientation (its width equals its height). */
function isSquareSize(size: Pick<PresetSize, 'width' | 'height'>): boolean {
  return size.width === size.height;
}

/**
 * The size as offered for a photo of the given type: portrait photos get width < height, landscape and square
 * photos get the canonical width ≥ height. Square sizes are the same for all.
 */
export function orientSize(size: PresetSize, imageType: ImageType): OrientedSize {
  const portrait = imageType === 'portrait' && !isSquareSize(size);
  const width = portrait ? Math.min(size.width, size.height) : Math.max(size.width, size.height);
  const height = portrait ? Math.max(size.width, size.height) : Math.min(size.width, size.height);
  const dims = `${formatMeasure(width)}x${formatMeasure(height)}`;
  return {
    id: portrait ? `${size.id}${PORTRAIT_ID_SUFFIX}` : size.id,
    format: size.format,
    sizeName: size.label ? `${size.label} ${dims}` : dims,
    width,
    height,
    price: paiseToRupees(presetStartingPricePaise(width, height)),
  };
}

/** The preset sizes of one format, in canonical form. */
export function presetSizesOf(format: SizeFormat): PresetSize[] {
  return PRESET_SIZES.filter((s) => s.format === format);
}

/**
 * The size groups offered for a photo, in display order.
 * A square photo gets the Square group first and the other groups in landscape form;
 * landscape and portrait photos get every group, oriented like the photo, with Square in its normal place.
 * `catalogue` is the shop's current list (the database's); it defaults to the seed catalogue.
 */
export function sizeGroupsFor(imageType: ImageType, catalogue: readonly PresetSize[] = PRESET_SIZES): OrientedSizeGroup[] {
  const formats: readonly SizeFormat[] = imageType === 'square' ? ['Square', ...SIZE_FORMATS.filter((f) => f !== 'Square')] : SIZE_FORMATS;
  return formats
    .map((format) => ({
      id: SIZE_FORMAT_SLUGS[format],
      format,
      sizes: catalogue
        .filter((s) => s.format === format)
        .sort((a, b) => a.sort - b.sort)
        .map((s) => orientSize(s, imageType)),
    }))
    .filter((group) => group.sizes.length > 0);
}

/** Resolves an oriented size id (landscape '3x2-12x8', portrait '3x2-12x8-p', 'square-10'). */
export function findPresetSize(id: string): OrientedSize | undefined {
  if (typeof id !== 'string') return undefined;
  const direct = PRESETS_BY_ID.get(id);
  if (direct) return orientSize(direct, 'landscape');
  if (!id.endsWith(PORTRAIT_ID_SUFFIX)) return undefined;
  const base = PRESETS_BY_ID.get(id.slice(0, -PORTRAIT_ID_SUFFIX.length));
  if (!base || isSquareSize(base)) return undefined;
  return orientSize(base, 'portrait');
}

/** Sizes in inches (square) used by the seed's developer size check page. */
export const DEVELOPER_SIZES_IN = [2, 4, 8, 16] as const;
