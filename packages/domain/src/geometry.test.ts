import { describe, expect, it } from 'vitest';
import { INCH_CM, formatOuterSize, framedOuterSize, inchesToCm, previewLayout } from './geometry';

describe('framedOuterSize', () => {
  it('is (W + 2m + 2t) × (H + 2m + 2t) in inches and cm', () => {
    expect(INCH_CM).toBe(2.54);
    expect(framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 2, mouldingIn: 1.5 })).toEqual({
      widthIn: 19,
      heightIn: 15,
      widthCm: 48.3,
      heightCm: 38.1,
    });
  });

  it('works without border or moulding', () => {
    expect(framedOuterSize({ widthIn: 10, heightIn: 10, borderIn: 0, mouldingIn: 0 })).toEqual({
      widthIn: 10,
      heightIn: 10,
      widthCm: 25.4,
      heightCm: 25.4,
    });
  });

  it('keeps decimal inches exact', () => {
    // A4 portrait, 0.4 border, 0.8 moulding: 8.3 + 2.4 = 10.7, 11.7 + 2.4 = 14.1
    expect(framedOuterSize({ widthIn: 8.3, heightIn: 11.7, borderIn: 0.4, mouldingIn: 0.8 })).toEqual({
      widthIn: 10.7,
      heightIn: 14.1,
      widthCm: 27.2, // 27.178
      heightCm: 35.8, // 35.814
    });
    expect(framedOuterSize({ widthIn: 60, heightIn: 33.75, borderIn: 4.7, mouldingIn: 3 })).toEqual({
      widthIn: 75.4,
      heightIn: 49.15,
      widthCm: 191.5, // 191.516
      heightCm: 124.8, // 124.841
    });
  });

  it('rejects bad input', () => {
    expect(() => framedOuterSize({ widthIn: 0, heightIn: 8, borderIn: 0, mouldingIn: 0 })).toThrow(RangeError);
    expect(() => framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: -1, mouldingIn: 0 })).toThrow(RangeError);
    expect(() => framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 0, mouldingIn: Number.NaN })).toThrow(RangeError);
  });
});

describe('formatOuterSize', () => {
  it('prints inches and cm without trailing zeros', () => {
    expect(formatOuterSize({ widthIn: 15.6, heightIn: 11.6, widthCm: 39.6, heightCm: 29.5 })).toBe('15.6 × 11.6 in (39.6 × 29.5 cm)');
    expect(formatOuterSize(framedOuterSize({ widthIn: 12, heightIn: 8, borderIn: 2, mouldingIn: 1.5 }))).toBe(
      '19 × 15 in (48.3 × 38.1 cm)',
    );
    expect(formatOuterSize(framedOuterSize({ widthIn: 60, heightIn: 33.75, borderIn: 4.7, mouldingIn: 3 }))).toBe(
      '75.4 × 49.15 in (191.5 × 124.8 cm)',
    );
    expect(formatOuterSize({ widthIn: 10, heightIn: 10, widthCm: 25.4, heightCm: 25.4 })).toBe('10 × 10 in (25.4 × 25.4 cm)');
  });

  it('inchesToCm rounds to 1 decimal', () => {
    expect(inchesToCm(1)).toBe(2.5);
    expect(inchesToCm(19)).toBe(48.3);
    expect(inchesToCm(4.7)).toBe(11.9);
  });
});

describe('previewLayout', () => {
  it('scales a wide piece to the box width', () => {
    const l = previewLayout({ widthIn: 12, heightIn: 8, borderIn: 2, mouldingIn: 1.5, maxWidthPx: 380, maxHeightPx: 300 });
    // outer 19 × 15 in; 380/19 = 20, 300/15 = 20 → both fit exactly at 20 px/in
    expect(l).toEqual({
      scale: 20,
      outerWidthPx: 380,
      outerHeightPx: 300,
      mouldingPx: 30,
      borderPx: 40,
      photoWidthPx: 240,
      photoHeightPx: 160,
    });
  });

  it('is limited by height for a tall piece', () => {
    const l = previewLayout({ widthIn: 8, heightIn: 12, borderIn: 0, mouldingIn: 1, maxWidthPx: 1280, maxHeightPx: 300 });
    // outer 10 × 14 in; scale = min(128, 21.43) = 300/14
    expect(l.scale).toBeCloseTo(300 / 14, 10);
    expect(l.outerHeightPx).toBe(300);
    expect(l.outerWidthPx).toBeCloseTo(3000 / 14, 10);
    expect(l.borderPx).toBe(0);
    expect(l.mouldingPx).toBeCloseTo(300 / 14, 10);
  });

  it('always fits the box and keeps the proportions', () => {
    const cases = [
      { widthIn: 8.3, heightIn: 11.7, borderIn: 0.4, mouldingIn: 0.8, maxWidthPx: 333, maxHeightPx: 300 },
      { widthIn: 60, heightIn: 33.75, borderIn: 4.7, mouldingIn: 3, maxWidthPx: 320, maxHeightPx: 300 },
      { widthIn: 5, heightIn: 5, borderIn: 3.1, mouldingIn: 2, maxWidthPx: 1280, maxHeightPx: 797 },
      { widthIn: 40, heightIn: 4, borderIn: 1.2, mouldingIn: 1.5, maxWidthPx: 200, maxHeightPx: 300 },
    ];
    for (const c of cases) {
      const l = previewLayout(c);
      const outer = framedOuterSize(c);
      expect(l.outerWidthPx).toBeLessThanOrEqual(c.maxWidthPx);
      expect(l.outerHeightPx).toBeLessThanOrEqual(c.maxHeightPx);
      // one side touches the box
      expect(Math.max(l.outerWidthPx / c.maxWidthPx, l.outerHeightPx / c.maxHeightPx)).toBeCloseTo(1, 10);
      // the same scale everywhere: outer = photo + 2 border + 2 moulding
      expect(l.photoWidthPx + 2 * l.borderPx + 2 * l.mouldingPx).toBeCloseTo(l.outerWidthPx, 8);
      expect(l.photoHeightPx + 2 * l.borderPx + 2 * l.mouldingPx).toBeCloseTo(l.outerHeightPx, 8);
      expect(l.outerWidthPx / l.outerHeightPx).toBeCloseTo(outer.widthIn / outer.heightIn, 10);
      expect(l.photoWidthPx / l.photoHeightPx).toBeCloseTo(c.widthIn / c.heightIn, 10);
      expect(l.borderPx / l.scale).toBeCloseTo(c.borderIn, 10);
      expect(l.mouldingPx / l.scale).toBeCloseTo(c.mouldingIn, 10);
    }
  });

  it('rejects an empty box', () => {
    expect(() => previewLayout({ widthIn: 12, heightIn: 8, borderIn: 0, mouldingIn: 1, maxWidthPx: 0, maxHeightPx: 300 })).toThrow(
      RangeError,
    );
  });
});
