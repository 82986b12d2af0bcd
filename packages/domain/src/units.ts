/**
 * Small numeric helpers shared by pricing, sizes and geometry.
 * Inch values (12, 8.3, 33.75, …) are turned into integer hundredths of an inch before any arithmetic,
 * so that products and sums are exact integers and rounding happens once, at the end, half up.
 */

/** x inches → integer hundredths of an inch (Math.round(x * 100), with representation error removed first). */
export function toHundredths(x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    throw new RangeError(`toHundredths: not a finite number: ${String(x)}`);
  }
  return Math.round(Number((x * 100).toPrecision(15))) + 0;
}

/**
 * Integer division of two integers rounded half up (like Math.round on the exact quotient).
 * The divisor must be positive.
 */
export function divRoundHalfUp(numerator: number, divisor: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(divisor) || divisor <= 0) {
    throw new RangeError(`divRoundHalfUp: needs safe integers and a positive divisor: ${numerator}/${divisor}`);
  }
  // floor((2n + d) / 2d), computed with remainders so it stays exact for any safe integers.
  const a = 2 * numerator + divisor;
  const b = 2 * divisor;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) {
    throw new RangeError(`divRoundHalfUp: operands too large: ${numerator}/${divisor}`);
  }
  const r = ((a % b) + b) % b;
  return (a - r) / b + 0;
}

/** Rounds a number to `decimals` places, half up, with representation error removed first (1.005 → 1.01). */
export function roundTo(x: number, decimals: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`roundTo: not a finite number: ${String(x)}`);
  const f = 10 ** decimals;
  return Math.round(Number((x * f).toPrecision(15))) / f + 0;
}

/**
 * A compact decimal string for a measure: at most `decimals` places and no trailing zeros
 * (12 → '12', 13.5 → '13.5', 33.75 → '33.75', 48.26 with 1 place → '48.3').
 */
export function formatMeasure(x: number, decimals = 2): string {
  return String(roundTo(x, decimals));
}
