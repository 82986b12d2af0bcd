import { describe, expect, it } from 'vitest';
import { framedOuterSize } from './geometry';
import { mockupLayout, planPrintFile, printCut, PRINT_ASPECT_TOLERANCE } from './print-file';

const whole = (width: number, height: number) => ({ left: 0, top: 0, width, height });

describe('planPrintFile', () => {
  it('prints a 6000 × 4000 photo at 30 × 20 in at its own 200 ppi', () => {
    const plan = planPrintFile({ region: whole(6000, 4000), widthIn: 30, heightIn: 20, borderIn: 0 });
    expect(plan).toMatchObject({
      ppi: 200,
      imageWidthPx: 6000,
      imageHeightPx: 4000,
      borderPx: 0,
      widthPx: 6000,
      heightPx: 4000,
      trimmed: false,
    });
    expect(plan.cut).toEqual(whole(6000, 4000));
  });

  it('caps the ppi at 300: a 12 × 8 crop of a large photo is 3600 × 2400', () => {
    const plan = planPrintFile({ region: { left: 1000, top: 2000, width: 12000, height: 8000 }, widthIn: 12, heightIn: 8, borderIn: 0 });
    expect(plan).toMatchObject({ ppi: 300, imageWidthPx: 3600, imageHeightPx: 2400, widthPx: 3600, heightPx: 2400 });
    expect(plan.sourcePpiX).toBe(1000);
    expect(plan.cut).toEqual({ left: 1000, top: 2000, width: 12000, height: 8000 });
  });

  it('adds the border as 2 × border × ppi pixels each way', () => {
    for (const [region, widthIn, heightIn, borderIn, ppi] of [
      [whole(6000, 4000), 30, 20, 1, 200],
      [whole(6000, 4000), 30, 20, 2.5, 200],
      [whole(20000, 15000), 16, 12, 1.5, 300],
      [whole(1200, 800), 12, 8, 0.5, 100],
    ] as const) {
      const plan = planPrintFile({ region, widthIn, heightIn, borderIn });
      expect(plan.ppi).toBe(ppi);
      expect(plan.borderPx).toBe(borderIn * ppi);
      expect(plan.widthPx - plan.imageWidthPx).toBe(2 * borderIn * ppi);
      expect(plan.heightPx - plan.imageHeightPx).toBe(2 * borderIn * ppi);
      expect(plan.imageWidthPx).toBe(widthIn * ppi);
      expect(plan.imageHeightPx).toBe(heightIn * ppi);
    }
  });

  it('uses the smaller axis in whole ppi and never enlarges the photo', () => {
    // 5999 px over 30 in is 199.97 ppi: 199 ppi, 5970 × 3980 (both axes shrink a little).
    const plan = planPrintFile({ region: whole(5999, 4000), widthIn: 30, heightIn: 20, borderIn: 0 });
    expect(plan.ppi).toBe(199);
    expect([plan.imageWidthPx, plan.imageHeightPx]).toEqual([5970, 3980]);
    expect(plan.trimmed).toBe(false);
    for (const [w, h, wi, hi] of [
      [3001, 2000, 10, 8],
      [700, 700, 40, 40],
      [50000, 20000, 40, 16],
      [4321, 2345, 17.5, 9.5],
    ] as const) {
      const p = planPrintFile({ region: whole(w, h), widthIn: wi, heightIn: hi, borderIn: 0 });
      expect(p.imageWidthPx).toBeLessThanOrEqual(p.cut.width);
      expect(p.imageHeightPx).toBeLessThanOrEqual(p.cut.height);
      expect(p.ppi).toBeLessThanOrEqual(300);
    }
  });

  it('works in hundredths of an inch for fractional sizes', () => {
    const plan = planPrintFile({ region: whole(9000, 9000), widthIn: 8.5, heightIn: 8.5, borderIn: 0.25 });
    expect(plan).toMatchObject({ ppi: 300, imageWidthPx: 2550, imageHeightPx: 2550, borderPx: 75, widthPx: 2700, heightPx: 2700 });
  });

  it('refuses nonsense', () => {
    expect(() => planPrintFile({ region: whole(0, 10), widthIn: 1, heightIn: 1, borderIn: 0 })).toThrow(RangeError);
    expect(() => planPrintFile({ region: whole(10.5, 10), widthIn: 1, heightIn: 1, borderIn: 0 })).toThrow(RangeError);
    expect(() => planPrintFile({ region: { left: -1, top: 0, width: 10, height: 10 }, widthIn: 1, heightIn: 1, borderIn: 0 })).toThrow(
      RangeError,
    );
    expect(() => planPrintFile({ region: whole(10, 10), widthIn: 0, heightIn: 1, borderIn: 0 })).toThrow(RangeError);
    expect(() => planPrintFile({ region: whole(10, 10), widthIn: 1, heightIn: Number.NaN, borderIn: 0 })).toThrow(RangeError);
    expect(() => planPrintFile({ region: whole(10, 10), widthIn: 1, heightIn: 1, borderIn: -1 })).toThrow(RangeError);
  });
});

describe('printCut', () => {
  it('keeps a region within 1 % of the print aspect whole', () => {
    expect(PRINT_ASPECT_TOLERANCE).toBe(0.01);
    expect(printCut({ left: 5, top: 7, width: 3030, height: 2000 }, 12, 8)).toEqual({
      cut: { left: 5, top: 7, width: 3030, height: 2000 },
      trimmed: false,
    });
  });

  it('cuts the centre of a region too wide for the print', () => {
    // 4000 × 2000 (2:1) for 12 × 8 (3:2): keep 3000 × 2000 in the middle.
    expect(printCut({ left: 100, top: 50, width: 4000, height: 2000 }, 12, 8)).toEqual({
      cut: { left: 600, top: 50, width: 3000, height: 2000 },
      trimmed: true,
    });
  });

  it('cuts the centre of a region too tall, e.g. a portrait photo ordered landscape', () => {
    const { cut, trimmed } = printCut(whole(4000, 6000), 30, 20);
    expect(trimmed).toBe(true);
    expect(cut).toEqual({ left: 0, top: Math.floor((6000 - 2667) / 2), width: 4000, height: 2667 });
    const plan = planPrintFile({ region: whole(4000, 6000), widthIn: 30, heightIn: 20, borderIn: 0 });
    expect(plan.ppi).toBe(133);
    expect([plan.imageWidthPx, plan.imageHeightPx]).toEqual([3990, 2660]);
  });
});

describe('mockupLayout', () => {
  it('follows the framed geometry: outer = photo + 2 × border + 2 × moulding, one scale', () => {
    for (const [widthIn, heightIn, borderIn, mouldingIn] of [
      [12, 8, 1, 0.75],
      [20, 30, 0, 1.5],
      [40, 40, 3, 2],
      [10, 8, 0.5, 0],
    ] as const) {
      const l = mockupLayout({ widthIn, heightIn, borderIn, mouldingIn, maxWidthPx: 1600, maxHeightPx: 1600 });
      const outer = framedOuterSize({ widthIn, heightIn, borderIn, mouldingIn });
      expect(l.outerWidthPx).toBeLessThanOrEqual(1600);
      expect(l.outerHeightPx).toBeLessThanOrEqual(1600);
      expect(Math.max(l.outerWidthPx, l.outerHeightPx)).toBe(1600);
      expect(l.photoWidthPx + 2 * l.borderPx + 2 * l.mouldingPx).toBe(l.outerWidthPx);
      expect(l.photoHeightPx + 2 * l.borderPx + 2 * l.mouldingPx).toBe(l.outerHeightPx);
      expect(Math.abs(l.outerWidthPx / l.outerHeightPx - outer.widthIn / outer.heightIn)).toBeLessThan(0.002);
      expect(Math.abs(l.mouldingPx - mouldingIn * l.scale)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(l.borderPx - borderIn * l.scale)).toBeLessThanOrEqual(0.5);
      if (mouldingIn === 0) expect(l.mouldingPx).toBe(0);
    }
  });
});
