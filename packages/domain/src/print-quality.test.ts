import { describe, expect, it } from 'vitest';
import {
  LOW_QUALITY_WARNING,
  MIN_PRINT_PPI,
  lowAtEverySize,
  minimumPpiFor,
  printPixelSize,
  printQuality,
  ratePpi,
  rateSharpened,
  sizeGroupsForPhoto,
} from './print-quality';

import { PRESET_SIZES, sizeGroupsFor } from './sizes';

describe('printQuality', () => {
  it('keeps 96 ppi as the developer check limit', () => {
    expect(MIN_PRINT_PPI).toBe(96);
  });

  it('takes each size’s minimum from its long side', () => {
    expect(minimumPpiFor(5, 5)).toBe(150);
    expect(minimumPpiFor(5, 7)).toBe(150);
    expect(minimumPpiFor(7, 5)).toBe(150);
    expect(minimumPpiFor(8, 6)).toBe(125);
    expect(minimumPpiFor(8, 10)).toBe(125);
    expect(minimumPpiFor(11, 14)).toBe(100);
    expect(minimumPpiFor(12, 18)).toBe(100);
    expect(minimumPpiFor(16, 20)).toBe(100);
    expect(minimumPpiFor(16, 24)).toBe(75);
    expect(minimumPpiFor(60, 33.75)).toBe(75);
  });

  it('gives every preset size its verdict at its minimum and just under it', () => {
    expect(PRESET_SIZES.length).toBeGreaterThan(30);
    for (const { width: w, height: h } of PRESET_SIZES) {
      {
        const min = minimumPpiFor(w, h);
        const at = printQuality({ pixelsWide: Math.ceil(w * min), pixelsHigh: Math.ceil(h * min), widthIn: w, heightIn: h });
        expect(at.ppi, `${w}x${h}`).toBeGreaterThanOrEqual(min);
        expect(at.rating, `${w}x${h}`).toBe(min >= 150 ? 'excellent' : 'good');
        expect(at.ok).toBe(true);
        const under = printQuality({
          pixelsWide: Math.floor(w * (min - 1)),
          pixelsHigh: Math.floor(h * (min - 1)),
          widthIn: w,
          heightIn: h,
        });
        expect(under.rating, `${w}x${h}`).toBe('low');
        expect(under.ok).toBe(false);
        expect(under.warning).toBe(LOW_QUALITY_WARNING);
      }
    }
  });

  it('computes whole ppi and rates it', () => {
    expect(printQuality({ pixelsWide: 3600, pixelsHigh: 2400, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 300,
      minimumPpi: 100,
      aiUpscale: 1,
      detailPpi: 300,
      ok: true,
      rating: 'excellent',
      label: 'Excellent · 300 ppi',
      warning: null,
    });
    expect(printQuality({ pixelsWide: 1680, pixelsHigh: 1120, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 140,
      minimumPpi: 100,
      aiUpscale: 1,
      detailPpi: 140,
      ok: true,
      rating: 'good',
      label: 'Good · 140 ppi',
      warning: null,
    });
    // A messaging app's 1600 px copy at 12 × 18 in: 88 ppi, under that size's 100.
    expect(printQuality({ pixelsWide: 1067, pixelsHigh: 1600, widthIn: 12, heightIn: 18 })).toEqual({
      ppi: 88,
      minimumPpi: 100,
      aiUpscale: 1,
      detailPpi: 88,
      ok: false,
      rating: 'low',
      label: 'Low · 88 ppi',
      warning: LOW_QUALITY_WARNING,
    });
  });

  it('rates the same pixels differently by size', () => {
    // 120 ppi is Good at 16 × 20 (minimum 100) but Low at 8 × 10 (minimum 125).
    expect(printQuality({ pixelsWide: 2400, pixelsHigh: 1920, widthIn: 20, heightIn: 16 }).rating).toBe('good');
    expect(printQuality({ pixelsWide: 1200, pixelsHigh: 960, widthIn: 10, heightIn: 8 }).rating).toBe('low');
  });

  it('never calls AI-sharpened pixels Excellent unless the photo’s own detail is', () => {
    // 1200 × 800 px at 18 × 12 in is 66 ppi (Low, the size needs 100); ×4 makes 266 ppi of drawn pixels: Good, not
    // Excellent, and the label says what happened.
    expect(printQuality({ pixelsWide: 4800, pixelsHigh: 3200, widthIn: 18, heightIn: 12, aiUpscale: 4 })).toEqual({
      ppi: 266,
      minimumPpi: 100,
      aiUpscale: 4,
      detailPpi: 66,
      ok: true,
      rating: 'good',
      label: 'Good · AI-sharpened',
      warning: null,
    });
    // Still under the minimum after sharpening: Low, with the advice.
    const low = printQuality({ pixelsWide: 1200, pixelsHigh: 800, widthIn: 18, heightIn: 12, aiUpscale: 4 });
    expect(low).toMatchObject({
      ppi: 66,
      detailPpi: 16,
      rating: 'low',
      ok: false,
      label: 'Low · AI-sharpened',
      warning: LOW_QUALITY_WARNING,
    });
    // A crop whose own pixels were Excellent before sharpening stays Excellent.
    expect(printQuality({ pixelsWide: 2400, pixelsHigh: 1600, widthIn: 6, heightIn: 4, aiUpscale: 2 })).toMatchObject({
      detailPpi: 200,
      rating: 'excellent',
      label: 'Excellent · AI-sharpened',
    });
    expect([300, 299, 100, 99].map((ppi) => rateSharpened(ppi, 100, 2))).toEqual(['excellent', 'good', 'good', 'low']);
    expect(rateSharpened(300, 100, 1)).toBe('excellent');
    expect(() => printQuality({ pixelsWide: 10, pixelsHigh: 10, widthIn: 1, heightIn: 1, aiUpscale: 0.5 })).toThrow(RangeError);
  });

  it('puts Excellent at 150 whatever the size', () => {
    expect([300, 150, 149, 125, 124, 0].map((ppi) => ratePpi(ppi, 125))).toEqual(['excellent', 'excellent', 'good', 'good', 'low', 'low']);
    expect([150, 149].map((ppi) => ratePpi(ppi, 150))).toEqual(['excellent', 'low']);
  });

  it('takes the weaker axis when aspects differ', () => {
    // 4000 × 1000 px on 10 × 10 in: 400 across, 100 down → 100
    expect(printQuality({ pixelsWide: 4000, pixelsHigh: 1000, widthIn: 10, heightIn: 10 }).ppi).toBe(100);
    expect(printQuality({ pixelsWide: 1000, pixelsHigh: 4000, widthIn: 10, heightIn: 10 }).ppi).toBe(100);
  });

  it('is exact for decimal inches (no floating-point floor error)', () => {
    // 1170 / 11.7 is exactly 100 and 830 / 8.3 exactly 100
    expect(printQuality({ pixelsWide: 1170, pixelsHigh: 830, widthIn: 11.7, heightIn: 8.3 }).ppi).toBe(100);
    expect(printQuality({ pixelsWide: 3510, pixelsHigh: 2490, widthIn: 11.7, heightIn: 8.3 }).ppi).toBe(300);
    expect(printQuality({ pixelsWide: 5760, pixelsHigh: 3240, widthIn: 60, heightIn: 33.75 }).ppi).toBe(96);
  });

  it('rejects non-positive input', () => {
    expect(() => printQuality({ pixelsWide: 0, pixelsHigh: 10, widthIn: 1, heightIn: 1 })).toThrow(RangeError);
    expect(() => printQuality({ pixelsWide: 10, pixelsHigh: 10, widthIn: 0, heightIn: 1 })).toThrow(RangeError);
    expect(() => printQuality({ pixelsWide: 10, pixelsHigh: 10, widthIn: 1, heightIn: Number.NaN })).toThrow(RangeError);
  });
});

describe('printPixelSize', () => {
  it('caps at 300 ppi', () => {
    expect(printPixelSize({ pixelsWide: 6000, pixelsHigh: 4000, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 300,
      widthPx: 3600,
      heightPx: 2400,
    });
  });

  it('uses the photo ppi below 300', () => {
    expect(printPixelSize({ pixelsWide: 1200, pixelsHigh: 800, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 100,
      widthPx: 1200,
      heightPx: 800,
    });
    expect(printPixelSize({ pixelsWide: 4000, pixelsHigh: 4000, widthIn: 11.7, heightIn: 8.3 })).toEqual({
      ppi: 300,
      widthPx: 3510,
      heightPx: 2490,
    });
  });
});

describe('lowAtEverySize', () => {
  const sizes = sizeGroupsFor('landscape').flatMap((g) => g.sizes);
  it('is true only for a photo Low at every size offered', () => {
    expect(lowAtEverySize({ width: 400, height: 300 }, sizes)).toBe(true);
    // The smallest photo the shop takes, 700 × 700 px, among the sizes a square photo is offered.
    expect(
      lowAtEverySize(
        { width: 700, height: 700 },
        sizeGroupsFor('square').flatMap((g) => g.sizes),
      ),
    ).toBe(true);
    expect(
      lowAtEverySize(
        { width: 800, height: 800 },
        sizeGroupsFor('square').flatMap((g) => g.sizes),
      ),
    ).toBe(false);
    // 1200 × 800 is Good at 12 × 8 (100 ppi).
    expect(lowAtEverySize({ width: 1200, height: 800 }, sizes)).toBe(false);
    // The same 400 × 300 px sharpened ×4 reaches 6 × 4 in's 150 ppi with drawn pixels: Good, so not too small.
    expect(lowAtEverySize({ width: 1600, height: 1200 }, sizes, 4)).toBe(false);
    expect(lowAtEverySize({ width: 400, height: 300 }, [])).toBe(false);
  });
});

describe('sizeGroupsForPhoto', () => {
  const formats = (groups: { format: string }[]) => groups.map((g) => g.format);
  it('puts the formats of the photo’s own shape first, then by how much of it they keep', () => {
    expect(formats(sizeGroupsForPhoto(sizeGroupsFor('landscape'), { width: 3000, height: 2000 }))).toEqual([
      '3:2',
      'DIN/ISO',
      '4:3',
      '16:9',
      'Classic',
      'Square',
    ]);
    expect(formats(sizeGroupsForPhoto(sizeGroupsFor('portrait'), { width: 3000, height: 4000 }))[0]).toBe('4:3');
    expect(formats(sizeGroupsForPhoto(sizeGroupsFor('square'), { width: 2000, height: 2000 }))[0]).toBe('Square');
  });

  it('lists the sizes that print well before the Low ones, and formats with none last', () => {
    const groups = sizeGroupsForPhoto(sizeGroupsFor('landscape'), { width: 3000, height: 2000 });
    const wide = groups.find((g) => g.format === '16:9')!;
    // 32 × 18 in is Good (93 ppi, needs 75); 48 × 27 and 60 × 33.75 are Low; the catalogue's order otherwise.
    expect(wide.sizes.map((s) => s.sizeName)).toEqual(['16x9', '24x13.5', '32x18', '48x27', '60x33.75']);
    const classic = groups.find((g) => g.format === 'Classic')!;
    expect(classic.sizes.map((s) => s.sizeName).at(-1)).toBe('40x30');
    // A 900 × 600 photo: the 3:2 group still leads (6 × 4 in is Good), Square has no good size and goes last.
    const small = formats(sizeGroupsForPhoto(sizeGroupsFor('landscape'), { width: 900, height: 600 }));
    expect(small[0]).toBe('3:2');
    expect(small.at(-1)).toBe('Square');
    // Within 3:2 a size that prints Low moves after the good ones.
    const twisted = sizeGroupsForPhoto(
      [
        {
          sizes: [
            { width: 30, height: 20 },
            { width: 6, height: 4 },
          ],
        },
      ],
      { width: 900, height: 600 },
    );
    expect(twisted[0]!.sizes).toEqual([
      { width: 6, height: 4 },
      { width: 30, height: 20 },
    ]);
  });
});
