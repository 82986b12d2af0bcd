/**
 * Custom print sizes typed by the customer, in inches.
 * Each side above 0 and at most 40 in, with a sensible minimum of 4 in.
 * Values are rounded to 2 decimals first; the bounds are checked on the rounded value (3.999 → 4 is accepted).
 */
import { formatMeasure, roundTo } from './units';

export const MIN_CUSTOM_INCHES = 4;
export const MAX_CUSTOM_INCHES = 40;

export type CustomSizeErrors = { width?: string; height?: string };

export type CustomSizeResult = { ok: true; width: number; height: number } | { ok: false; errors: CustomSizeErrors };

/** A plain decimal: '12', '12.5', '.5', '-3'. No exponents, hex, commas or units. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

type SideCheck = { ok: true; value: number } | { ok: false; error: string };

/** Parses one side (number or numeric string) and checks its bounds. `name` is 'Width' or 'Height'. */
function checkSide(name: 'Width' | 'Height', raw: unknown): SideCheck {
  const missing = { ok: false as const, error: `Enter a ${name.toLowerCase()} in inches` };
  let n: number;
  if (typeof raw === 'number') {
    if (Number.isNaN(raw)) return missing;
    n = raw;
  } else if (typeof raw === 'string') {
    const t = raw.trim();
    if (t === '') return missing;
    if (!DECIMAL.test(t)) return { ok: false, error: `${name} must be a number of inches` };
    n = Number(t);
  } else {
    return missing;
  }
  const value = Number.isFinite(n) ? roundTo(n, 2) : n; // ±Infinity falls through to the bounds below
  if (value < MIN_CUSTOM_INCHES) return { ok: false, error: `${name} must be at least ${MIN_CUSTOM_INCHES} in` };
  if (value > MAX_CUSTOM_INCHES) return { ok: false, error: `${name} can be at most ${MAX_CUSTOM_INCHES} in` };
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
