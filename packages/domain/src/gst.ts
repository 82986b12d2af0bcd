/**
 * GST for tax invoices: GSTIN format and check character, GST state codes, financial-year invoice numbers, the
 * split of tax-inclusive prices into taxable value and tax (CGST + SGST within the shop's state, IGST across states)
 * rounded to paise so every row adds up exactly to the amount paid, and amounts in words.
 */
import { allocateProportionally } from './coupons';
import { INDIAN_STATES, type IndianState } from './india';

/** GST state codes (the first two digits of a GSTIN) of the states and union territories. */
export const GST_STATE_CODES: Readonly<Record<IndianState, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

const STATE_BY_CODE: Readonly<Record<string, IndianState>> = {
  ...Object.fromEntries(INDIAN_STATES.map((s) => [GST_STATE_CODES[s], s])),
  // The code of Daman and Diu before its merger with Dadra and Nagar Haveli (2020) is still on older registrations.
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
};

/** The state a GST state code stands for, or undefined. */
export function stateOfGstCode(code: string): IndianState | undefined {
  return STATE_BY_CODE[code];
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the base-36 scheme GSTN publishes). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The one form a GSTIN is stored in: trimmed, upper case. */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/** Format, a known state code and the right check character. */
export function isValidGstin(value: string): boolean {
  const g = normalizeGstin(value);
  return GSTIN_PATTERN.test(g) && stateOfGstCode(g.slice(0, 2)) !== undefined && gstinCheckCharacter(g.slice(0, 14)) === g[14];
}

/** Why a buyer's GSTIN cannot be used with this billing state (null when it can). */
export type GstinProblem = 'format' | 'state_code' | 'check_character' | 'state_mismatch';

/** A GSTIN that a form cannot take: wrong length or format, unknown state code or a wrong check character. */
export const INVALID_GSTIN_MESSAGE = 'This GSTIN is not valid. Please check it (15 characters, like 27AAPFU0939F1ZV).';

/** Why a well-formed GSTIN cannot go with the billing state: it is registered in another state. */
export const gstinStateMismatchMessage = (gstinState: string, billingState: string): string =>
  `This GSTIN is registered in ${gstinState}, but the billing state is ${billingState}.`;

export function gstinProblem(value: string, billingState: string): { problem: GstinProblem; message: string } | null {
  const g = normalizeGstin(value);
  if (!GSTIN_PATTERN.test(g)) {
    return { problem: 'format', message: 'A GSTIN has 15 characters: 2 digits, the 10 of the PAN, then 3 more (like 27AAPFU0939F1ZV).' };
  }
  const state = stateOfGstCode(g.slice(0, 2));
  if (!state) return { problem: 'state_code', message: `This GSTIN starts with ${g.slice(0, 2)}, which is not a state code.` };
  if (gstinCheckCharacter(g.slice(0, 14)) !== g[14]) {
    return { problem: 'check_character', message: 'This GSTIN has a typing mistake: its last character does not match the rest.' };
  }
  if (state !== billingState) {
    return { problem: 'state_mismatch', message: gstinStateMismatchMessage(state, billingState) };
  }
  return null;
}

// ---- Financial years and numbers ----

const INDIA_YEAR_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' });

/** India's financial year (1 April – 31 March, India time) of an instant: '2026-27'. */
export function financialYear(at: Date): string {
  const parts = Object.fromEntries(INDIA_YEAR_MONTH.formatToParts(at).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const start = Number(parts.month) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'FW/2026-27/000123': the prefix, the financial year and the year's sequence number (6 digits or more). */
export function invoiceNumber(prefix: string, fy: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`invoice sequence must be a positive integer: ${sequence}`);
  return `${prefix}/${fy}/${String(sequence).padStart(6, '0')}`;
}

/** An invoice prefix: 1–6 capital letters or digits. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,6}$/;

// ---- Tax rows ----

/** GST rates the owner may choose, in basis points (1800 = 18 %). */
export const GST_RATES_BP = [0, 500, 1200, 1800, 2800] as const;
export const DEFAULT_GST_RATE_BP = 1800;

export interface TaxableItem {
  description: string;
  hsn: string;
  quantity: number;
  /** What the customer pays for the row before any discount (tax included). */
  grossPaise: number;
  /** Whether the order's discount is spread over this row. */
  discountable: boolean;
}

export interface TaxRow {
  description: string;
  hsn: string;
  quantity: number;
  grossPaise: number;
  discountPaise: number;
  /** gross − discount ÷ (1 + rate), in paise. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + tax = gross − discount. */
  totalPaise: number;
}

export interface TaxBreakdown {
  rows: TaxRow[];
  rateBp: number;
  intraState: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/**
 * Tax rows of tax-inclusive prices: the discount is spread over the discountable rows in proportion, each row's
 * taxable value is its amount ÷ (1 + rate) rounded to the paisa and its tax the rest, so each row and the whole add
 * up exactly to what was paid. Within the shop's state the tax is CGST + SGST (halves; an odd paisa goes to SGST),
 * across states IGST.
 */
export function taxBreakdown(items: readonly TaxableItem[], discountPaise: number, rateBp: number, intraState: boolean): TaxBreakdown {
  const discountable = items.map((it) => (it.discountable ? it.grossPaise : 0));
  const shares = allocateProportionally(discountPaise, discountable);
  const rows = items.map((it, i): TaxRow => {
    const discount = shares[i]!;
    const total = it.grossPaise - discount;
    const taxable = Math.round((total * 10_000) / (10_000 + rateBp));
    const tax = total - taxable;
    const cgst = intraState ? Math.floor(tax / 2) : 0;
    return {
      description: it.description,
      hsn: it.hsn,
      quantity: it.quantity,
      grossPaise: it.grossPaise,
      discountPaise: discount,
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: intraState ? tax - cgst : 0,
      igstPaise: intraState ? 0 : tax,
      totalPaise: total,
    };
  });
  const sum = (f: (r: TaxRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rows,
    rateBp,
    intraState,
    taxablePaise: sum((r) => r.taxablePaise),
    cgstPaise: sum((r) => r.cgstPaise),
    sgstPaise: sum((r) => r.sgstPaise),
    igstPaise: sum((r) => r.igstPaise),
    discountPaise: sum((r) => r.discountPaise),
    totalPaise: sum((r) => r.totalPaise),
  };
}

/** HSN (SAC) of goods transport services: the shipping row of an invoice. */
export const SHIPPING_SAC = '996812';

/** A framed photo of an order as its invoice lists it: what the customer pays for it, tax included. */
export interface InvoiceLine {
  description: string;
  hsn: string;
  quantity: number;
  grossPaise: number;
}

/**
 * The rows of an order's invoice: one per line, then the shipping charge when there is one (under its own SAC). The
 * discount is spread over every row when the code covers shipping, else over the frames only.
 */
export function orderTaxItems(lines: readonly InvoiceLine[], shippingPaise: number, discountCoversShipping: boolean): TaxableItem[] {
  const items: TaxableItem[] = lines.map((line) => ({ ...line, discountable: true }));
  if (shippingPaise > 0) {
    items.push({
      description: 'Shipping',
      hsn: SHIPPING_SAC,
      quantity: 1,
      grossPaise: shippingPaise,
      discountable: discountCoversShipping,
    });
  }
  return items;
}

/** The GST of a breakdown: CGST + SGST + IGST. */
export function gstOf(tax: Pick<TaxBreakdown, 'cgstPaise' | 'sgstPaise' | 'igstPaise'>): number {
  return tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
}

/**
 * The GST included in what an order costs, as its invoice will show it: the invoice's rows of the lines' amounts
 * (`linesPaise`, each line's total) and the shipping, less the discount, at the shop's rate. The place of supply only
 * splits it (CGST + SGST or IGST), so the amount is the same for every delivery state.
 */
export function includedGstPaise(order: {
  linesPaise: readonly number[];
  shippingPaise: number;
  discountPaise: number;
  discountCoversShipping: boolean;
  rateBp: number;
}): number {
  const lines = order.linesPaise.map((grossPaise) => ({ description: '', hsn: '', quantity: 1, grossPaise }));
  const items = orderTaxItems(lines, order.shippingPaise, order.discountCoversShipping);
  return gstOf(taxBreakdown(items, order.discountPaise, order.rateBp, false));
}

/** A rate for people: 1800 → '18%', 250 → '2.5%'. */
export function formatRate(bp: number): string {
  return `${bp / 100}%`;
}

// ---- Amounts in words ----

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${t}-${ONES[n % 10]}` : t;
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in Indian words (crore, lakh, thousand): 1234567 → 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in words as invoices write it: 123456 paise → 'Rupees One Thousand Two Hundred Thirty-Four and Fifty-Six Paise Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  if (rupees === 0 && p === 0) return 'Rupees Zero Only';
  const parts = [rupees ? `Rupees ${numberInIndianWords(rupees)}` : '', p ? `${belowHundred(p)} Paise` : ''].filter(Boolean);
  return `${parts.join(' and ')} Only`;
}
