/**
 * Custom print sizes typed by the customer, in inches.
 * Each side above 0 and at most 40 in, with a sensible minimum of 4 in.
 * Values are rounded to 2 decimals first; the bounds are checked on the rounded value (3.999 → 4 is accepted).
 */
import { formatMeasure, roundTo } from './units';

export const MIN_CUSTOM_INCHES = 4;
export const MAX_CUSTOM_INCHES = 40;

/** What is wrong with a typed side, for each side (the texts the customer reads). */
export const CUSTOM_SIZE_MESSAGES = {
  Width: {
    missing: 'Enter a width in inches',
    notANumber: 'Width must be a number of inches',
    tooSmall: `Width must be at least ${MIN_CUSTOM_INCHES} in`,
    tooLarge: `Width can be at most ${MAX_CUSTOM_INCHES} in`,
  },
  Height: {
    missing: 'Enter a height in inches',
    notANumber: 'Height must be a number of inches',
    tooSmall: `Height must be at least ${MIN_CUSTOM_INCHES} in`,
    tooLarge: `Height can be at most ${MAX_CUSTOM_INCHES} in`,
  },
} as const;

type SideName = keyof typeof CUSTOM_SIZE_MESSAGES;
export type CustomSizeMessage = {
  [Side in SideName]: (typeof CUSTOM_SIZE_MESSAGES)[Side][keyof (typeof CUSTOM_SIZE_MESSAGES)[Side]];
}[SideName];

export type CustomSizeErrors = { width?: CustomSizeMessage; height?: CustomSizeMessage };

export type CustomSizeResult = { ok: true; width: number; height: number } | { ok: false; errors: CustomSizeErrors };

/** A plain decimal: '12', '12.5', '.5', '-3'. No exponents, hex, commas or units. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type SideCheck = { ok: true; value: number } | { ok: false; error: CustomSizeMessage };

/** Parses one side (number or numeric string) and checks its bounds. `name` is 'Width' or 'Height'. */
function checkSide(name: SideName, raw: unknown): SideCheck {
  const messages = CUSTOM_SIZE_MESSAGES[name];
  const missing = { ok: false as const, error: messages.missing };
  let n: number;
  if (typeof raw === 'number') {
    if (Number.isNaN(raw)) return missing;
    n = raw;
  } else if (typeof raw === 'string') {
    const t = raw.trim();
    if (t === '') return missing;
    if (!DECIMAL.test(t)) return { ok: false, error: messages.notANumber };
    n = Number(t);
  } else {
    return missing;
  }
  const value = Number.isFinite(n) ? roundTo(n, 2) : n; // ±Infinity falls through to the bounds below
  if (value < MIN_CUSTOM_INCHES) return { ok: false, error: messages.tooSmall };
  if (value > MAX_CUSTOM_INCHES) return { ok: false, error: messages.tooLarge };
  return { ok: true, value };
}

/**
 * Validates a custom size. Accepts numbers or numeric strings; returns the values rounded to 2 decimals,
 * or a short message per invalid field.
 */
export function validateCustomSize(width: unknown, height: unknown): CustomSizeResult {
  const w = checkSide('Width', width);
  const h = checkSide('Height', height);
  if (w.ok && h.ok) return { ok: true, width: w.value, height: h.value };
  const errors: CustomSizeErrors = {};
  if (!w.ok) errors.width = w.error;
  if (!h.ok) errors.height = h.error;
  return { ok: false, errors };
}

/** The seed's custom size string sent with an order: 'height X width' (height 10, width 12 → '10 X 12'). */
export function customSizeLabel(width: number, height: number): string {
  return `${formatMeasure(height)} X ${formatMeasure(width)}`;
}

/** A customer-facing name for a custom size, width first like the preset names: '12x10'. */
export function customSizeName(width: number, height: number): string {
  return `${formatMeasure(width)}x${formatMeasure(height)}`;
}
