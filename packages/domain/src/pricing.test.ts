import { describe, expect, it } from 'vitest';
import {
  BASE_RATE_PAISE_PER_SQ_IN,
  MAX_QUANTITY,
  MIN_QUANTITY,
  frameSellingPricePaise,
  isValidQuantity,
  presetStartingPricePaise,
  priceOrder,
  roundToWholeRupeesPaise,
  roundedAreaSqIn,
} from './pricing';
import { PRESET_SIZES } from './sizes';

describe('constants', () => {
  it('match the published figures', () => {
    expect(BASE_RATE_PAISE_PER_SQ_IN).toBe(450);
    expect(MIN_QUANTITY).toBe(1);
    expect(MAX_QUANTITY).toBe(50);
  });
});

describe('presetStartingPricePaise', () => {
  it('is round(w × h × 4.5) rupees in paise', () => {
    expect(presetStartingPricePaise(12, 8)).toBe(43200);
    expect(presetStartingPricePaise(8, 12)).toBe(43200);
    expect(presetStartingPricePaise(60, 33.75)).toBe(911300); // 9112.5 → 9113
    expect(presetStartingPricePaise(5, 5)).toBe(11300); // 112.5 → 113
    expect(presetStartingPricePaise(15, 15)).toBe(101300); // 1012.5 → 1013
    expect(presetStartingPricePaise(11.7, 8.3)).toBe(43700); // 436.995 → 437
    expect(presetStartingPricePaise(23.4, 16.5)).toBe(173700); // 1737.45 → 1737
  });

  // Every seed preset, with its price worked out by hand as round(w × h × 4.5).
  const expected: Record<string, number> = {
    '6x4': 108,
    '12x8': 432,
    '15x10': 675,
    '18x12': 972,
    '24x16': 1728,
    '30x20': 2700,
    '8x6': 216,
    '12x9': 486,
    '16x12': 864,
    '20x15': 1350,
    '24x18': 1944,
    '5x5': 113,
    '8x8': 288,
    '10x10': 450,
    '15x15': 1013,
    '20x20': 1800,
    '30x30': 4050,
    '10x8': 360,
    '14x11': 693,
    '20x16': 1440,
    '24x20': 2160,
    '30x24': 3240,
    '40x30': 5400,
    '8.3x5.8': 217,
    '11.7x8.3': 437,
    '16.5x11.7': 869,
    '23.4x16.5': 1737,
    '33.1x23.4': 3485,
    '16x9': 648,
    '24x13.5': 1458,
    '32x18': 2592,
    '48x27': 5832,
    '60x33.75': 9113,
  };

  it('covers every preset size of the seed', () => {
    expect(Object.keys(expected)).toHaveLength(PRESET_SIZES.length);
    for (const s of PRESET_SIZES) {
      const rupees = expected[`${s.width}x${s.height}`];
      expect(rupees, `${s.id}`).toBeDefined();
      expect(presetStartingPricePaise(s.width, s.height), s.id).toBe((rupees ?? -1) * 100);
      expect(presetStartingPricePaise(s.width, s.height) % 100).toBe(0);
    }
  });

  it('rejects bad sizes', () => {
    expect(() => presetStartingPricePaise(0, 8)).toThrow(RangeError);
    expect(() => presetStartingPricePaise(12, -1)).toThrow(RangeError);
    expect(() => presetStartingPricePaise(Number.NaN, 8)).toThrow(RangeError);
    expect(() => presetStartingPricePaise(12, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => presetStartingPricePaise(0.004, 8)).toThrow(RangeError);
  });
});

describe('roundedAreaSqIn', () => {
  it('rounds w × h half up', () => {
    expect(roundedAreaSqIn(8.3, 5.8)).toBe(48); // 48.14
    expect(roundedAreaSqIn(5.5, 5)).toBe(28); // 27.5
    expect(roundedAreaSqIn(4.5, 4.5)).toBe(20); // 20.25
    expect(roundedAreaSqIn(12.5, 12.5)).toBe(156); // 156.25
    expect(roundedAreaSqIn(7.5, 4.1)).toBe(31); // 30.75
    expect(roundedAreaSqIn(60, 33.75)).toBe(2025);
  });
});

describe('frameSellingPricePaise', () => {
  it('is round(w × h) × rate', () => {
    expect(frameSellingPricePaise(8.3, 5.8, 450)).toBe(21600);
    expect(frameSellingPricePaise(12, 8, 450)).toBe(43200);
    expect(frameSellingPricePaise(12, 8, 600)).toBe(57600);
    expect(frameSellingPricePaise(5.5, 5, 450)).toBe(12600); // 27.5 → 28
    expect(frameSellingPricePaise(40, 40, 475)).toBe(760000);
    expect(frameSellingPricePaise(12, 8, 0)).toBe(0);
  });

  it('rejects non-integer or negative rates and bad sizes', () => {
    expect(() => frameSellingPricePaise(12, 8, 4.5)).toThrow(RangeError);
    expect(() => frameSellingPricePaise(12, 8, -450)).toThrow(RangeError);
    expect(() => frameSellingPricePaise(0, 8, 450)).toThrow(RangeError);
  });
});

describe('roundToWholeRupeesPaise', () => {
  it('rounds half up to whole rupees', () => {
    expect(roundToWholeRupeesPaise(21650)).toBe(21700);
    expect(roundToWholeRupeesPaise(21649)).toBe(21600);
    expect(roundToWholeRupeesPaise(21600)).toBe(21600);
    expect(roundToWholeRupeesPaise(50)).toBe(100);
    expect(roundToWholeRupeesPaise(49)).toBe(0);
  });
});

describe('isValidQuantity', () => {
  it('accepts whole numbers 1..50', () => {
    expect(isValidQuantity(1)).toBe(true);
    expect(isValidQuantity(50)).toBe(true);
    expect(isValidQuantity(0)).toBe(false);
    expect(isValidQuantity(51)).toBe(false);
    expect(isValidQuantity(2.5)).toBe(false);
    expect(isValidQuantity('2')).toBe(false);
  });
});

describe('priceOrder', () => {
  it('prices a preset with a border', () => {
    expect(priceOrder({ widthIn: 12, heightIn: 8, frameRatePaisePerSqIn: 450, borderPricePaise: 9900, quantity: 2 })).toEqual({
      fspPaise: 43200,
      wbpPaise: 9900,
      unitPaise: 53100,
      checkoutPaise: 106200,
      amountPaise: 106200,
    });
  });

  it('prices the seed example 8.3 × 5.8 without a border', () => {
    expect(priceOrder({ widthIn: 8.3, heightIn: 5.8, frameRatePaisePerSqIn: 450, borderPricePaise: 0, quantity: 1 })).toEqual({
      fspPaise: 21600,
      wbpPaise: 0,
      unitPaise: 21600,
      checkoutPaise: 21600,
      amountPaise: 21600,
    });
  });

  it('rounds the checkout to whole rupees, halves up', () => {
    // 3 sq in × ₹4.75 = ₹14.25 per piece
    const at = (quantity: number) => priceOrder({ widthIn: 3, heightIn: 1, frameRatePaisePerSqIn: 475, borderPricePaise: 0, quantity });
    expect(at(1).unitPaise).toBe(1425);
    expect(at(1).checkoutPaise).toBe(1400); // 14.25 → 14
    expect(at(2).checkoutPaise).toBe(2900); // 28.50 → 29
    expect(at(3).checkoutPaise).toBe(4300); // 42.75 → 43
    expect(at(4).checkoutPaise).toBe(5700); // 57.00
    expect(at(2).amountPaise).toBe(at(2).checkoutPaise);
  });

  it('adds the border price once per piece before multiplying', () => {
    const p = priceOrder({ widthIn: 16, heightIn: 12, frameRatePaisePerSqIn: 500, borderPricePaise: 14950, quantity: 3 });
    expect(p.fspPaise).toBe(96000);
    expect(p.unitPaise).toBe(110950);
    expect(p.checkoutPaise).toBe(332900); // 3328.50 → 3329
  });

  it('accepts the quantity bounds', () => {
    const base = { widthIn: 12, heightIn: 8, frameRatePaisePerSqIn: 450, borderPricePaise: 0 };
    expect(priceOrder({ ...base, quantity: MIN_QUANTITY }).checkoutPaise).toBe(43200);
    expect(priceOrder({ ...base, quantity: MAX_QUANTITY }).checkoutPaise).toBe(2160000);
  });

  it('throws RangeError for quantities outside 1..50 or not whole', () => {
    const base = { widthIn: 12, heightIn: 8, frameRatePaisePerSqIn: 450, borderPricePaise: 0 };
    for (const quantity of [0, -1, 51, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => priceOrder({ ...base, quantity }), String(quantity)).toThrow(RangeError);
    }
  });

  it('throws RangeError for bad sizes, rates and border prices', () => {
    const ok = { widthIn: 12, heightIn: 8, frameRatePaisePerSqIn: 450, borderPricePaise: 0, quantity: 1 };
    expect(() => priceOrder({ ...ok, widthIn: 0 })).toThrow(RangeError);
    expect(() => priceOrder({ ...ok, heightIn: Number.NaN })).toThrow(RangeError);
    expect(() => priceOrder({ ...ok, frameRatePaisePerSqIn: -1 })).toThrow(RangeError);
    expect(() => priceOrder({ ...ok, borderPricePaise: -100 })).toThrow(RangeError);
    expect(() => priceOrder({ ...ok, borderPricePaise: 99.5 })).toThrow(RangeError);
  });
});
