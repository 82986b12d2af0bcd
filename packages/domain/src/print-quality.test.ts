import { describe, expect, it } from 'vitest';
import { LOW_QUALITY_WARNING, MIN_PRINT_PPI, printPixelSize, printQuality, ratePpi } from './print-quality';

describe('printQuality', () => {
  it('uses 96 ppi as the limit', () => {
    expect(MIN_PRINT_PPI).toBe(96);
  });

  it('computes whole ppi and rates it', () => {
    expect(printQuality({ pixelsWide: 3600, pixelsHigh: 2400, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 300,
      ok: true,
      rating: 'excellent',
      label: 'Excellent · 300 ppi',
      warning: null,
    });
    expect(printQuality({ pixelsWide: 1920, pixelsHigh: 1280, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 160,
      ok: true,
      rating: 'good',
      label: 'Good · 160 ppi',
      warning: null,
    });
    expect(printQuality({ pixelsWide: 1200, pixelsHigh: 800, widthIn: 12, heightIn: 8 })).toEqual({
      ppi: 100,
      ok: true,
      rating: 'fair',
      label: 'Fair · 100 ppi',
      warning: null,
    });
    expect(printQuality({ pixelsWide: 1000, pixelsHigh: 700, widthIn: 24, heightIn: 16 })).toEqual({
      ppi: 41,
      ok: false,
      rating: 'low',
      label: 'Low · 41 ppi',
      warning: LOW_QUALITY_WARNING,
    });
  });

  it('flags exactly at 96 ppi', () => {
    expect(printQuality({ pixelsWide: 1152, pixelsHigh: 768, widthIn: 12, heightIn: 8 })).toMatchObject({ ppi: 96, ok: true });
    expect(printQuality({ pixelsWide: 1151, pixelsHigh: 768, widthIn: 12, heightIn: 8 })).toMatchObject({
      ppi: 95,
      ok: false,
      rating: 'low',
    });
  });

  it('puts the rating thresholds at 240, 150 and 96', () => {
    expect([300, 240, 239, 150, 149, 96, 95, 0].map(ratePpi)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'low',
      'low',
    ]);
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
