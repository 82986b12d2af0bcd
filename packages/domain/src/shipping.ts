/**
 * Shipping: the zone of a pincode, the charge for an order, and the "arrives by" window in business days
 * (docs/decisions/064-shipping-zones-and-holidays.md). Pure: the API and the web compute the same figures.
 */
import { framedOuterSize, type FramedInput } from './geometry';
import type { Paise } from './money';

/** Metro: a district of one of the six metro cities. Elsewhere: the rest of India. */
export const SHIPPING_ZONES = ['metro', 'elsewhere'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

/**
 * The metro districts by state, with the district names of the India Post directory the shop ships with (Bengaluru
 * is 'Bangalore' there). Delhi is every district of the National Capital Territory; suburbs in other districts
 * (Thane, K.V.Rangareddy, Bangalore Rural, Gurgaon, Ghaziabad, the 24 Parganas) are not metro.
 */
export const METRO_DISTRICTS: Readonly<Record<string, readonly string[]>> = {
  Delhi: [
    'Central Delhi',
    'East Delhi',
    'New Delhi',
    'North Delhi',
    'North East Delhi',
    'North West Delhi',
    'South Delhi',
    'South West Delhi',
    'West Delhi',
  ],
  Maharashtra: ['Mumbai'],
  'West Bengal': ['Kolkata'],
  'Tamil Nadu': ['Chennai'],
  Karnataka: ['Bangalore', 'Bengaluru'],
  Telangana: ['Hyderabad'],
};

/** A post office's place, as the pincode directory gives it. */
export interface ShippingPlace {
  District: string;
  State: string;
}

/**
 * The zone of a pincode from its post offices: metro when any of them is in a metro district (a pincode's offices
 * almost always share one district; a stray office filed under a neighbouring district does not demote a city
 * centre), else elsewhere.
 */
export function shippingZoneOf(offices: readonly ShippingPlace[]): ShippingZone {
  const metro = offices.some((office) => METRO_DISTRICTS[office.State]?.includes(office.District) ?? false);
  return metro ? 'metro' : 'elsewhere';
}

/** What the owner can change in the console; all amounts in paise. */
export interface ShippingSettings {
  metroPaise: Paise;
  elsewherePaise: Paise;
  /** The zone charge is waived when the order's subtotal reaches this amount. */
  freeFromPaise: Paise;
  /** Added once per order when any framed piece's outer long side exceeds `oversizeAboveInches`. */
  oversizePaise: Paise;
  oversizeAboveInches: number;
}

export const DEFAULT_SHIPPING_SETTINGS: ShippingSettings = Object.freeze({
  metroPaise: 9_900,
  elsewherePaise: 14_900,
  freeFromPaise: 199_900,
  oversizePaise: 20_000,
  oversizeAboveInches: 30,
});

export interface ShippingQuoteInput {
  zone: ShippingZone;
  /** The framed pieces' total before shipping. */
  subtotalPaise: Paise;
  /** The longest outer side (frame included) of any piece in the order, in inches; 0 when the order is empty. */
  maxOuterInches: number;
}

/**
 * The shipping charge of an order: the zone's charge (waived at or above the free-shipping subtotal) plus the
 * oversize charge, which the free threshold does not waive (a large frame costs the courier the same either way).
 */
export function quoteShipping(input: ShippingQuoteInput, settings: ShippingSettings = DEFAULT_SHIPPING_SETTINGS): Paise {
  const zoneCharge = input.subtotalPaise >= settings.freeFromPaise ? 0 : zoneRate(input.zone, settings);
  const oversize = input.maxOuterInches > settings.oversizeAboveInches ? settings.oversizePaise : 0;
  return zoneCharge + oversize;
}

function zoneRate(zone: ShippingZone, settings: ShippingSettings): Paise {
  return zone === 'metro' ? settings.metroPaise : settings.elsewherePaise;
}

/* ------------------------------------------------------------------------------------------------------------------
 * Business days and the delivery window. Calendar dates are 'YYYY-MM-DD' strings in India time (Asia/Kolkata).
 * ---------------------------------------------------------------------------------------------------------------- */

export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** Days between the order and dispatch, then from dispatch to the door, in business days (the shop's policy). */
export const PROCESSING_DAYS = { min: 1, max: 2 } as const;
export const TRANSIT_DAYS: Readonly<Record<ShippingZone, { min: number; max: number }>> = {
  metro: { min: 3, max: 5 },
  elsewhere: { min: 5, max: 7 },
};

/**
 * National and gazetted holidays on which the shop neither dispatches nor delivers: the three national holidays and
 * the central government's compulsory gazetted holidays for 2026 and 2027. Dates of festivals that follow the lunar
 * calendar are the announced ones for 2026 and the expected ones for 2027.
 */
export const INDIAN_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-26': 'Republic Day',
  '2026-03-04': 'Holi',
  '2026-03-21': 'Id-ul-Fitr',
  '2026-03-26': 'Ram Navami',
  '2026-03-31': 'Mahavir Jayanti',
  '2026-04-03': 'Good Friday',
  '2026-05-01': 'Buddha Purnima',
  '2026-05-27': 'Id-ul-Zuha (Bakrid)',
  '2026-06-26': 'Muharram',
  '2026-08-15': 'Independence Day',
  '2026-08-26': "Milad-un-Nabi (Prophet Mohammad's Birthday)",
  '2026-09-04': 'Janmashtami',
  '2026-10-02': 'Gandhi Jayanti',
  '2026-10-20': 'Dussehra',
  '2026-11-08': 'Diwali (Deepavali)',
  '2026-11-24': "Guru Nanak's Birthday",
  '2026-12-25': 'Christmas',
  '2027-01-26': 'Republic Day',
  '2027-03-10': 'Id-ul-Fitr',
  '2027-03-22': 'Holi',
  '2027-03-26': 'Good Friday',
  '2027-04-15': 'Ram Navami',
  '2027-04-19': 'Mahavir Jayanti',
  '2027-05-17': 'Id-ul-Zuha (Bakrid)',
  '2027-05-20': 'Buddha Purnima',
  '2027-06-16': 'Muharram',
  '2027-08-15': 'Independence Day',
  '2027-08-16': "Milad-un-Nabi (Prophet Mohammad's Birthday)",
  '2027-08-25': 'Janmashtami',
  '2027-10-02': 'Gandhi Jayanti',
  '2027-10-09': 'Dussehra',
  '2027-10-29': 'Diwali (Deepavali)',
  '2027-11-14': "Guru Nanak's Birthday",
  '2027-12-25': 'Christmas',
};

const isoDateInIndia = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in India at an instant: 2026-11-30T19:00Z is '2026-12-01' (00:30 in Kolkata). */
export function indiaDate(at: Date): string {
  const parts = Object.fromEntries(isoDateInIndia.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(date: string): Date {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return d;
}

/** A business day: not a Sunday and not in the holiday list. */
export function isBusinessDay(date: string): boolean {
  return parseIsoDate(date).getUTCDay() !== 0 && !(date in INDIAN_HOLIDAYS);
}

/** The date `days` business days after `date` (the date itself does not count; 0 gives the date back). */
export function addBusinessDays(date: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`addBusinessDays: not a whole count: ${days}`);
  const d = parseIsoDate(date);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d.toISOString().slice(0, 10))) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

export interface ArrivesBy {
  earliest: string;
  latest: string;
}

/**
 * The delivery window of an order placed at `orderedAt` (India time): processing takes 1–2 business days after the
 * order day, then transit takes the zone's business days after dispatch.
 */
export function arrivesBy(zone: ShippingZone, orderedAt: Date): ArrivesBy {
  const day = indiaDate(orderedAt);
  const transit = TRANSIT_DAYS[zone];
  return {
    earliest: addBusinessDays(day, PROCESSING_DAYS.min + transit.min),
    latest: addBusinessDays(day, PROCESSING_DAYS.max + transit.max),
  };
}

const shortDate = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2026-12-02' → 'Wed 2 Dec'. */
export function formatShortDate(date: string): string {
  const parts = Object.fromEntries(shortDate.formatToParts(parseIsoDate(date)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** 'Arrives between Tue 1 Dec and Fri 4 Dec'. */
export function formatArrivesBy(window: ArrivesBy): string {
  return `Arrives between ${formatShortDate(window.earliest)} and ${formatShortDate(window.latest)}`;
}

/** The longest outer side, in inches, of any framed piece of an order (0 for none): what the oversize charge reads. */
export function longestOuterSide(pieces: readonly FramedInput[]): number {
  let longest = 0;
  for (const piece of pieces) {
    const outer = framedOuterSize(piece);
    longest = Math.max(longest, outer.widthIn, outer.heightIn);
  }
  return longest;
}
