/**
 * Money. Every amount inside the shop is an integer number of paise (1 rupee = 100 paise).
 * Rupees appear only at the edges (API bodies that the spec shows in rupees, and display).
 */

/** An integer amount of paise. */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;
export const CURRENCY = 'INR' as const;
export const RUPEE_SIGN = '₹';

/** Rupees (possibly fractional, e.g. 4.5) to integer paise, rounded like Math.round. */
export function rupeesToPaise(rupees: number): Paise {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) {
    throw new RangeError(`rupeesToPaise: not a finite number: ${String(rupees)}`);
  }
  // Math.round(rupees * 100), but first strip binary representation error so that decimal inputs round the way
  // they read: 1.005 * 100 is 100.49999999999999 in floating point and must give 101, not 100.
  const scaled = Number((rupees * PAISE_PER_RUPEE).toPrecision(15));
  return Math.round(scaled) + 0; // + 0 turns -0 into 0
}

/** Paise to rupees (a number, possibly fractional: 43250 → 432.5). */
export function paiseToRupees(paise: Paise): number {
  if (typeof paise !== 'number' || !Number.isFinite(paise)) {
    throw new RangeError(`paiseToRupees: not a finite number: ${String(paise)}`);
  }
  return Math.round(paise) / PAISE_PER_RUPEE + 0;
}

/** True when the value is a whole, safe number of paise. */
export function isPaise(value: unknown): value is Paise {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Indian digit grouping of a non-negative integer string: the last three digits, then groups of two.
 * '123456' → '1,23,456'; '10000000' → '1,00,00,000'.
 */
export function groupIndianDigits(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new RangeError(`groupIndianDigits: not a digit string: ${digits}`);
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest.length > 0) groups.unshift(rest);
  return `${groups.join(',')},${last3}`;
}

/**
 * Formats paise as Indian rupees: 12345600 → '₹1,23,456.00', 5 → '₹0.05', -123450 → '-₹1,234.50'.
 * Does not depend on Intl locale data. Non-integer paise are rounded first.
 */
export function formatInr(paise: Paise): string {
  if (typeof paise !== 'number' || !Number.isFinite(paise)) {
    throw new RangeError(`formatInr: not a finite number: ${String(paise)}`);
  }
  const whole = Math.round(paise);
  const negative = whole < 0;
  // BigInt keeps amounts beyond 2^53 paise exact in the string conversion.
  const abs = BigInt(Math.abs(whole));
  const rupees = abs / 100n;
  const rest = abs % 100n;
  const body = `${RUPEE_SIGN}${groupIndianDigits(rupees.toString())}.${rest.toString().padStart(2, '0')}`;
  return negative ? `-${body}` : body;
}
