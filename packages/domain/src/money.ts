/**
 * Money. Every amount inside the shop is an integer number of paise (1 rupee = 100 paise).
 * Rupees appear only at the edges (API bodies that the spec shows in rupees, and display).
 */

/** An integer amount of paise. */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;
export const CURRENCY = 'INR' as const;

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

/** en-IN rupees with two decimals: the CLDR data puts the rupee sign first and groups lakhs and crores. */
const INR_FORMAT = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats paise as Indian rupees: 12345600 → '₹1,23,456.00', 5 → '₹0.05', -123450 → '-₹1,234.50'.
 * Non-integer paise are rounded first; -0 shows as ₹0.00.
 */
export function formatInr(paise: Paise): string {
  if (typeof paise !== 'number' || !Number.isFinite(paise)) {
    throw new RangeError(`formatInr: not a finite number: ${String(paise)}`);
  }
  const whole = Math.round(paise) + 0; // + 0 turns -0 into 0
  const abs = Math.abs(whole);
  // A decimal string keeps amounts beyond 2^53 / 100 exact (Intl formats strings as exact decimals).
  const decimal = `${whole < 0 ? '-' : ''}${Math.trunc(abs / PAISE_PER_RUPEE)}.${String(abs % PAISE_PER_RUPEE).padStart(2, '0')}`;
  return INR_FORMAT.format(decimal as Intl.StringNumericLiteral);
}
