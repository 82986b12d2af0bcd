import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  arrivesBy,
  DEFAULT_SHIPPING_SETTINGS,
  formatArrivesBy,
  formatShortDate,
  indiaDate,
  INDIAN_HOLIDAYS,
  isBusinessDay,
  longestOuterSide,
  quoteShipping,
  shippingZoneOf,
} from './shipping';
import { shippingQuoteQuerySchema, shippingSettingsSchema } from './contracts/shipping';

describe('shippingZoneOf', () => {
  it('puts the six metro cities in the metro zone by their directory districts', () => {
    const metro = [
      { District: 'Central Delhi', State: 'Delhi' },
      { District: 'South West Delhi', State: 'Delhi' },
      { District: 'Mumbai', State: 'Maharashtra' },
      { District: 'Kolkata', State: 'West Bengal' },
      { District: 'Chennai', State: 'Tamil Nadu' },
      { District: 'Bangalore', State: 'Karnataka' },
      { District: 'Hyderabad', State: 'Telangana' },
    ];
    for (const office of metro) expect(shippingZoneOf([office]), office.District).toBe('metro');
  });

  it('puts suburbs in other districts, other cities and unknown places elsewhere', () => {
    for (const office of [
      { District: 'Thane', State: 'Maharashtra' },
      { District: 'Bangalore Rural', State: 'Karnataka' },
      { District: 'K.V.Rangareddy', State: 'Telangana' },
      { District: 'Gurgaon', State: 'Haryana' },
      { District: 'Pune', State: 'Maharashtra' },
      // the district must be the metro's in the metro's state
      { District: 'Hyderabad', State: 'Andhra Pradesh' },
    ]) {
      expect(shippingZoneOf([office]), office.District).toBe('elsewhere');
    }
    expect(shippingZoneOf([])).toBe('elsewhere');
  });

  it('keeps a city-centre pincode metro when one of its offices is filed under a neighbouring district', () => {
    expect(
      shippingZoneOf([
        { District: 'Mumbai', State: 'Maharashtra' },
        { District: 'Raigarh', State: 'Maharashtra' },
      ]),
    ).toBe('metro');
  });
});

describe('quoteShipping', () => {
  const s = DEFAULT_SHIPPING_SETTINGS;

  it('charges ₹99 to metros and ₹149 elsewhere below the free-shipping subtotal', () => {
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 50_000, maxOuterInches: 12 })).toBe(9_900);
    expect(quoteShipping({ zone: 'elsewhere', subtotalPaise: 50_000, maxOuterInches: 12 })).toBe(14_900);
  });

  it('ships free from a ₹1,999 subtotal, not a paisa below', () => {
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 199_899, maxOuterInches: 12 })).toBe(9_900);
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 199_900, maxOuterInches: 12 })).toBe(0);
    expect(quoteShipping({ zone: 'elsewhere', subtotalPaise: 250_000, maxOuterInches: 12 })).toBe(0);
  });

  it('adds ₹200 once when a piece is longer than 30 inches outside, even when shipping is free', () => {
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 50_000, maxOuterInches: 30 })).toBe(9_900);
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 50_000, maxOuterInches: 30.01 })).toBe(29_900);
    expect(quoteShipping({ zone: 'elsewhere', subtotalPaise: 50_000, maxOuterInches: 41 })).toBe(34_900);
    expect(quoteShipping({ zone: 'elsewhere', subtotalPaise: 300_000, maxOuterInches: 41 })).toBe(20_000);
  });

  it('follows the owner’s settings', () => {
    const settings = { ...s, metroPaise: 5_000, freeFromPaise: 100_000, oversizePaise: 0, oversizeAboveInches: 20 };
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 99_999, maxOuterInches: 40 }, settings)).toBe(5_000);
    expect(quoteShipping({ zone: 'metro', subtotalPaise: 100_000, maxOuterInches: 40 }, settings)).toBe(0);
  });
});

describe('business days', () => {
  it('skips Sundays', () => {
    expect(isBusinessDay('2026-11-28')).toBe(true); // Saturday
    expect(isBusinessDay('2026-11-29')).toBe(false); // Sunday
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-27', 2)).toBe('2026-11-30');
  });

  it('skips the national and gazetted holidays', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-26'); // Christmas, a Friday
    expect(addBusinessDays('2027-01-25', 1)).toBe('2027-01-27'); // Republic Day, a Tuesday
    expect(addBusinessDays('2026-11-23', 1)).toBe('2026-11-25'); // Guru Nanak's Birthday
    expect(addBusinessDays('2026-10-01', 1)).toBe('2026-10-03'); // Gandhi Jayanti
    expect(isBusinessDay('2026-08-15')).toBe(false);
  });

  it('crosses month and year ends', () => {
    expect(addBusinessDays('2026-12-31', 2)).toBe('2027-01-02');
    expect(addBusinessDays('2027-02-26', 2)).toBe('2027-03-01'); // over the last Sunday of February
    expect(addBusinessDays('2026-11-30', 0)).toBe('2026-11-30');
  });

  it('refuses what is not a date or a whole count', () => {
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('30/11/2026', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-30', -1)).toThrow(RangeError);
  });

  it('keeps real dates in the holiday list, with the three national holidays in each year', () => {
    for (const date of Object.keys(INDIAN_HOLIDAYS)) {
      expect(() => isBusinessDay(date)).not.toThrow();
      expect(date.slice(0, 4)).toMatch(/^202[67]$/);
    }
    for (const year of ['2026', '2027']) {
      expect(INDIAN_HOLIDAYS[`${year}-01-26`]).toBe('Republic Day');
      expect(INDIAN_HOLIDAYS[`${year}-08-15`]).toBe('Independence Day');
      expect(INDIAN_HOLIDAYS[`${year}-10-02`]).toBe('Gandhi Jayanti');
    }
  });
});

describe('arrivesBy', () => {
  it('adds 1–2 processing days and 3–5 transit days to metros, across a Sunday and a month end', () => {
    // Wednesday 25 November, 11:30 in India
    expect(arrivesBy('metro', new Date('2026-11-25T06:00:00Z'))).toEqual({
      earliest: '2026-11-30',
      latest: '2026-12-03',
    });
  });

  it('adds 5–7 transit days elsewhere', () => {
    expect(arrivesBy('elsewhere', new Date('2026-11-25T06:00:00Z'))).toEqual({
      earliest: '2026-12-02',
      latest: '2026-12-05',
    });
  });

  it('counts from the India date near midnight, not the UTC one', () => {
    // 23:59 on Friday 27 November in India
    expect(indiaDate(new Date('2026-11-27T18:29:00Z'))).toBe('2026-11-27');
    expect(arrivesBy('metro', new Date('2026-11-27T18:29:00Z'))).toEqual({
      earliest: '2026-12-02',
      latest: '2026-12-05',
    });
    // 00:01 on Saturday 28 November in India, still the 27th in UTC
    expect(indiaDate(new Date('2026-11-27T18:31:00Z'))).toBe('2026-11-28');
    expect(arrivesBy('metro', new Date('2026-11-27T18:31:00Z'))).toEqual({
      earliest: '2026-12-03',
      latest: '2026-12-07',
    });
  });

  it('reads as "Arrives between Wed 2 Dec and Sat 5 Dec"', () => {
    expect(formatShortDate('2026-12-02')).toBe('Wed 2 Dec');
    expect(formatArrivesBy({ earliest: '2026-12-02', latest: '2026-12-05' })).toBe('Arrives between Wed 2 Dec and Sat 5 Dec');
  });
});

describe('shipping contracts', () => {
  it('coerces the quote query and refuses a malformed pincode with the seed message', () => {
    expect(shippingQuoteQuerySchema.parse({ pincode: '560001', subtotalPaise: '50000' })).toEqual({
      pincode: '560001',
      subtotalPaise: 50_000,
      maxOuterInches: 0,
    });
    const bad = shippingQuoteQuerySchema.safeParse({ pincode: '056000', subtotalPaise: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Invalid Pincode');
    expect(shippingQuoteQuerySchema.safeParse({ pincode: '560001', subtotalPaise: '1.5' }).success).toBe(false);
  });

  it('accepts the default settings and refuses negative amounts', () => {
    expect(shippingSettingsSchema.parse({ ...DEFAULT_SHIPPING_SETTINGS })).toEqual(DEFAULT_SHIPPING_SETTINGS);
    expect(shippingSettingsSchema.safeParse({ ...DEFAULT_SHIPPING_SETTINGS, metroPaise: -1 }).success).toBe(false);
  });
});

describe('longestOuterSide', () => {
  it('measures the frame and the border on both sides of the longest print side', () => {
    expect(longestOuterSide([])).toBe(0);
    // 24 + 2 × 2 + 2 × 1.5 = 31 in: oversize
    expect(
      longestOuterSide([
        { widthIn: 12, heightIn: 8, borderIn: 0, mouldingIn: 1 },
        { widthIn: 18, heightIn: 24, borderIn: 2, mouldingIn: 1.5 },
      ]),
    ).toBe(31);
  });
});
