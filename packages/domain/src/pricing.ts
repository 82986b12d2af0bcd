/**
 * Pricing:
 * - base rate 4.5 ₹ per square inch; a preset size's starting price = round(width × height × 4.5) rupees;
 * - frame selling price (FSP) = round(width × height) × the frame set's rate (framePrice, ₹ per square inch);
 * - white border price (WBP) = the chosen border option's price (0 for no border);
 * - checkout price = round((FSP + WBP) × quantity) rupees; the provider is sent checkout × 100 paise.
 *
 * All arithmetic is on integers: inches become hundredths of an inch, money is paise, and every rounding is
 * half up (like Math.round on the exact value).
 */
import type { Paise } from './money';
import { divRoundHalfUp, toHundredths } from './units';

/** The base rate: ₹4.50 per square inch. */
export const BASE_RATE_PAISE_PER_SQ_IN = 450;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 50;

/** Hundredths² of a square inch in one square inch. */
const HUNDREDTHS_SQ = 10_000;

function sideHundredths(name: string, inches: number): number {
  if (typeof inches !== 'number' || !Number.isFinite(inches) || inches <= 0) {
    throw new RangeError(`${name} must be a positive number of inches, got ${String(inches)}`);
  }
  const h = toHundredths(inches);
  if (h <= 0) throw new RangeError(`${name} is too small: ${inches} in`);
  return h;
}

function nonNegativePaise(name: string, value: number): Paise {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of paise, got ${String(value)}`);
  }
  return value;
}

/** Area in square inches, rounded half up to a whole number: round(8.3 × 5.8 = 48.14) = 48. */
export function roundedAreaSqIn(widthIn: number, heightIn: number): number {
  const area = sideHundredths('Width', widthIn) * sideHundredths('Height', heightIn);
  return divRoundHalfUp(area, HUNDREDTHS_SQ);
}

/**
 * A preset size's starting price: round(w × h × 4.5) whole rupees, returned in paise (always a multiple of 100).
 * 12 × 8 → 43200 (₹432); 60 × 33.75 = 2025 × 4.5 = 9112.5 → ₹9113 → 911300.
 */
export function presetStartingPricePaise(widthIn: number, heightIn: number): Paise {
  const area = sideHundredths('Width', widthIn) * sideHundredths('Height', heightIn); // in 1/10000 sq in
  // rupees = area / 10000 × 450 / 100 = area × 450 / 1_000_000
  const rupees = divRoundHalfUp(area * BASE_RATE_PAISE_PER_SQ_IN, HUNDREDTHS_SQ * 100);
  return rupees * 100;
}

/**
 * Frame selling price: round(w × h) × rate, where rate is the frame set's framePrice in paise per square inch.
 * 8.3 × 5.8 (48.14 → 48) at 450 → 21600.
 */
export function frameSellingPricePaise(widthIn: number, heightIn: number, ratePaisePerSqIn: number): Paise {
  const rate = nonNegativePaise('Frame rate', ratePaisePerSqIn);
  return roundedAreaSqIn(widthIn, heightIn) * rate;
}

/** Rounds an amount of paise half up to whole rupees, still in paise: 21650 → 21700, 21649 → 21600. */
export function roundToWholeRupeesPaise(paise: Paise): Paise {
  return divRoundHalfUp(nonNegativePaise('Amount', paise), 100) * 100;
}

/** True for a whole quantity in [MIN_QUANTITY, MAX_QUANTITY]. */
export function isValidQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
}

export interface PriceOrderInput {
  widthIn: number;
  heightIn: number;
  /** The frame set's framePrice in paise per square inch (₹4.50 → 450). */
  frameRatePaisePerSqIn: number;
  /** The chosen white (motif) border's price in paise; 0 for no border. */
  borderPricePaise: Paise;
  quantity: number;
}

export interface OrderPrice {
  /** Frame selling price for one piece. */
  fspPaise: Paise;
  /** White border price for one piece. */
  wbpPaise: Paise;
  /** fsp + wbp. */
  unitPaise: Paise;
  /** round((fsp + wbp) × quantity) whole rupees, in paise. */
  checkoutPaise: Paise;
  /** What the payment provider is sent: the checkout price in paise. */
  amountPaise: Paise;
}

/** Prices one order line. Throws RangeError for bad sizes, rates, border prices or quantities. */
export function priceOrder(input: PriceOrderInput): OrderPrice {
  const { widthIn, heightIn, frameRatePaisePerSqIn, borderPricePaise, quantity } = input;
  if (!isValidQuantity(quantity)) {
    throw new RangeError(`Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}, got ${String(quantity)}`);
  }
  const fspPaise = frameSellingPricePaise(widthIn, heightIn, frameRatePaisePerSqIn);
  const wbpPaise = nonNegativePaise('Border price', borderPricePaise);
  const unitPaise = fspPaise + wbpPaise;
  const checkoutPaise = roundToWholeRupeesPaise(unitPaise * quantity);
  return { fspPaise, wbpPaise, unitPaise, checkoutPaise, amountPaise: checkoutPaise };
}
