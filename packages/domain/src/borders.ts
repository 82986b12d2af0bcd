/**
 * White (motif) borders and frame moulding widths.
 *
 * Seed §4: the border card position 0..6 maps to the border level 0, 0.4, 0.8, 1.2, 2, 3.1, 4.7 inches
 * (these are ≈ 0, 1, 2, 3, 5, 8 and 12 cm), and the frame edit value 0..4 maps to a moulding face width of
 * 0.8, 1, 1.5, 2 and 3 inches.
 *
 * Default border catalogue (the seed gives names and prices no values; these are ours, editable by the owner):
 *   level  size    name          sizeName          price
 *   0      0       No border     None              ₹0
 *   1      0.4 in  Hairline      0.4 in (1 cm)     ₹99
 *   2      0.8 in  Narrow        0.8 in (2 cm)     ₹149
 *   3      1.2 in  Medium        1.2 in (3 cm)     ₹199
 *   4      2 in    Wide          2 in (5 cm)       ₹299
 *   5      3.1 in  Extra wide    3.1 in (8 cm)     ₹449
 *   6      4.7 in  Widest        4.7 in (12 cm)    ₹699
 * The price is a flat amount per framed piece, as in the seed (WBP is added once per piece, before × quantity).
 * The names say how wide the border is and share no word with a frame set's name (Slim Edge, Classic, Gallery,
 * Heritage, Grand Museum): 'Classic' on a border beside a 'Classic' frame read as one product.
 */
import type { Paise } from './money';

/** White border widths in inches, indexed by the border card position 0..6. */
export const WHITE_BORDER_LEVELS = [0, 0.4, 0.8, 1.2, 2, 3.1, 4.7] as const;
export type WhiteBorderLevel = (typeof WHITE_BORDER_LEVELS)[number];

/** Moulding face widths in inches, indexed by the frame edit value 0..4. */
export const MOULDING_WIDTHS = [0.8, 1, 1.5, 2, 3] as const;
export type MouldingWidth = (typeof MOULDING_WIDTHS)[number];

function pick<T>(list: readonly T[], index: number, what: string): T {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw new RangeError(`${what} index must be a whole number from 0 to ${list.length - 1}, got ${String(index)}`);
  }
  return list[index] as T;
}

/** Border card position 0..6 → border width in inches. Throws RangeError outside 0..6. */
export function borderLevelForIndex(index: number): WhiteBorderLevel {
  return pick(WHITE_BORDER_LEVELS, index, 'Border');
}

/** Border width in inches → card position, or -1 when it is not one of the levels. */
export function indexOfBorderLevel(sizeIn: number): number {
  return (WHITE_BORDER_LEVELS as readonly number[]).indexOf(sizeIn);
}

/** Frame edit value 0..4 → moulding face width in inches. Throws RangeError outside 0..4. */
export function mouldingWidthForIndex(index: number): MouldingWidth {
  return pick(MOULDING_WIDTHS, index, 'Moulding');
}

/** Moulding face width in inches → frame edit value, or -1 when it is not one of the widths. */
export function indexOfMouldingWidth(widthIn: number): number {
  return (MOULDING_WIDTHS as readonly number[]).indexOf(widthIn);
}

export interface WhiteBorderOption {
  /** Card position 0..6. */
  level: number;
  /** Border width in inches. */
  size: WhiteBorderLevel;
  name: string;
  sizeName: string;
  pricePaise: Paise;
}

/** The default borders' names, by level (the owner may rename them; the shop translates these). */
export const DEFAULT_WHITE_BORDER_NAMES = ['No border', 'Hairline', 'Narrow', 'Medium', 'Wide', 'Extra wide', 'Widest'] as const;
export type DefaultWhiteBorderName = (typeof DEFAULT_WHITE_BORDER_NAMES)[number];

/**
 * The default borders' names in Hindi, as the seed writes them beside the English (white_borders.name_hi). The owner
 * may write others; a border the owner renamed has no Hindi until the owner writes one.
 */
export const DEFAULT_WHITE_BORDER_NAMES_HI: Readonly<Record<DefaultWhiteBorderName, string>> = Object.freeze({
  'No border': 'बिना बॉर्डर',
  Hairline: 'बहुत पतला',
  Narrow: 'पतला',
  Medium: 'मध्यम',
  Wide: 'चौड़ा',
  'Extra wide': 'ज़्यादा चौड़ा',
  Widest: 'सबसे चौड़ा',
});

/**
 * The default names that reused frame-set names, with their Hindi, by level: a database seeded with them is renamed
 * on its next start where the owner kept them, and orders placed before keep them (they record what was bought).
 */
export const FORMER_WHITE_BORDER_NAMES = Object.freeze([
  { level: 2, name: 'Slim', nameHi: 'पतला' },
  { level: 3, name: 'Classic', nameHi: 'क्लासिक' },
  { level: 5, name: 'Gallery', nameHi: 'गैलरी' },
  { level: 6, name: 'Museum', nameHi: 'म्यूज़ियम' },
] as const);
export type FormerWhiteBorderName = (typeof FORMER_WHITE_BORDER_NAMES)[number]['name'];

/** The seven default white border options, level 0 (no border) first. */
export const DEFAULT_WHITE_BORDERS: readonly WhiteBorderOption[] = Object.freeze(
  (
    [
      [DEFAULT_WHITE_BORDER_NAMES[0], 'None', 0],
      [DEFAULT_WHITE_BORDER_NAMES[1], '0.4 in (1 cm)', 9_900],
      [DEFAULT_WHITE_BORDER_NAMES[2], '0.8 in (2 cm)', 14_900],
      [DEFAULT_WHITE_BORDER_NAMES[3], '1.2 in (3 cm)', 19_900],
      [DEFAULT_WHITE_BORDER_NAMES[4], '2 in (5 cm)', 29_900],
      [DEFAULT_WHITE_BORDER_NAMES[5], '3.1 in (8 cm)', 44_900],
      [DEFAULT_WHITE_BORDER_NAMES[6], '4.7 in (12 cm)', 69_900],
    ] as const
  ).map(([name, sizeName, pricePaise], level) => Object.freeze({ level, size: borderLevelForIndex(level), name, sizeName, pricePaise })),
);
