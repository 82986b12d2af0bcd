import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STEP,
  EDITOR_STEPS,
  MIN_CROP_PX,
  NEXT_BLOCKED,
  centeredCrop,
  cropFitsSize,
  cropPrintQuality,
  editorBack,
  editorNext,
  isEditorStep,
  mapCropToOriginal,
  maxCropZoom,
  roundStripTiling,
  sameAspect,
  type EditorFacts,
} from './editor';

const facts = (over: Partial<EditorFacts> = {}): EditorFacts => ({
  hasPresetSize: false,
  hasCustomSize: false,
  customSizeValid: false,
  frameSetOpen: false,
  hasFrame: false,
  ...over,
});

describe('editor steps', () => {
  it('knows its steps', () => {
    expect(EDITOR_STEPS).toEqual([0, 1, 2, 3, 4, 5]);
    expect(isEditorStep(3)).toBe(true);
    expect(isEditorStep(6)).toBe(false);
    expect(isEditorStep('3')).toBe(false);
    expect(isEditorStep(1.5)).toBe(false);
  });

  describe('editorBack', () => {
    it('custom size goes back to the size table, the size table to the options', () => {
      expect(editorBack(2, facts())).toEqual({ step: 1, closeFrameSet: false });
      expect(editorBack(1, facts())).toEqual({ step: 0, closeFrameSet: false });
      expect(editorBack(0, facts())).toEqual({ step: 0, closeFrameSet: false });
    });

    it('frame design goes back to 1 without a custom size, to 2 with one', () => {
      expect(editorBack(3, facts({ hasCustomSize: false }))).toEqual({ step: 1, closeFrameSet: false });
      expect(editorBack(3, facts({ hasCustomSize: true }))).toEqual({ step: 2, closeFrameSet: false });
    });

    it('frame design with a set open closes the set and stays on 3', () => {
      expect(editorBack(3, facts({ frameSetOpen: true }))).toEqual({ step: 3, closeFrameSet: true });
      expect(editorBack(3, facts({ frameSetOpen: true, hasCustomSize: true }))).toEqual({ step: 3, closeFrameSet: true });
    });

    it('border goes back to 3, summary to 4', () => {
      expect(editorBack(4, facts({ frameSetOpen: true }))).toEqual({ step: 3, closeFrameSet: false });
      expect(editorBack(5, facts())).toEqual({ step: 4, closeFrameSet: false });
    });
  });

  describe('editorNext', () => {
    it('size → frame design only with a preset chosen', () => {
      expect(editorNext(1, facts())).toEqual({ ok: false, reason: NEXT_BLOCKED.noSize });
      expect(editorNext(1, facts({ hasPresetSize: true }))).toEqual({ ok: true, step: 3 });
    });

    it('custom size → frame design only with a valid custom size', () => {
      expect(editorNext(2, facts({ hasCustomSize: true }))).toEqual({ ok: false, reason: NEXT_BLOCKED.badCustomSize });
      expect(editorNext(2, facts({ hasCustomSize: true, customSizeValid: true }))).toEqual({ ok: true, step: 3 });
    });

    it('frame → border → summary → checkout once a frame is chosen', () => {
      expect(editorNext(3, facts())).toEqual({ ok: false, reason: NEXT_BLOCKED.noFrame });
      expect(editorNext(3, facts({ hasFrame: true }))).toEqual({ ok: true, step: 4 });
      expect(editorNext(4, facts({ hasFrame: true }))).toEqual({ ok: true, step: 5 });
      expect(editorNext(5, facts({ hasFrame: true }))).toEqual({ ok: true, step: CHECKOUT_STEP });
      expect(editorNext(5, facts())).toEqual({ ok: false, reason: NEXT_BLOCKED.noFrame });
      expect(editorNext(0, facts())).toEqual({ ok: true, step: 1 });
    });
  });
});

describe('mapCropToOriginal', () => {
  it('scales a rendition crop to the original', () => {
    // 6000×4000 original shown through a 1500×1000 rendition: × 4.
    expect(
      mapCropToOriginal({ x: 100, y: 50, width: 600, height: 400 }, { width: 1500, height: 1000 }, { width: 6000, height: 4000 }),
    ).toEqual({
      x: 400,
      y: 200,
      width: 2400,
      height: 1600,
    });
  });

  it('handles different scales per axis and fractional input', () => {
    const r = mapCropToOriginal({ x: 10.4, y: 0, width: 99.7, height: 50.2 }, { width: 200, height: 100 }, { width: 701, height: 350 });
    expect(r).toEqual({ x: 36, y: 0, width: 350, height: 176 });
  });

  it('stays inside the original', () => {
    expect(
      mapCropToOriginal({ x: -20, y: -5, width: 400, height: 300 }, { width: 300, height: 200 }, { width: 3000, height: 2000 }),
    ).toEqual({
      x: 0,
      y: 0,
      width: 3000,
      height: 2000,
    });
    const r = mapCropToOriginal({ x: 250, y: 150, width: 100, height: 100 }, { width: 300, height: 200 }, { width: 3000, height: 2000 });
    expect(r.x + r.width).toBeLessThanOrEqual(3000);
    expect(r.y + r.height).toBeLessThanOrEqual(2000);
  });

  it('never goes below the minimum crop', () => {
    const r = mapCropToOriginal({ x: 299, y: 199, width: 1, height: 1 }, { width: 300, height: 200 }, { width: 300, height: 200 });
    expect(r).toEqual({ x: 300 - MIN_CROP_PX, y: 200 - MIN_CROP_PX, width: MIN_CROP_PX, height: MIN_CROP_PX });
  });

  it('keeps the whole side when the box reaches the rendition’s edge, and the print’s shape with an aspect', () => {
    // A 3000 × 2000 original shown through a 2048 × 1365 rendition (its height rounded down from 1365.33).
    const rendition = { width: 2048, height: 1365 };
    const original = { width: 3000, height: 2000 };
    const square = mapCropToOriginal({ x: 341.5, y: 0, width: 1365, height: 1365 }, rendition, original, 1);
    expect(square).toEqual({ x: 500, y: 0, width: 2000, height: 2000 });
    const wide = mapCropToOriginal({ x: 0, y: 0.2, width: 2048, height: 1364.9 }, rendition, original, 1.5);
    expect(wide).toEqual({ x: 0, y: 0, width: 3000, height: 2000 });
    // 4:3 from the middle: 1820 × 1365 on the rendition.
    const r = mapCropToOriginal({ x: 114, y: 0, width: 1820, height: 1365 }, rendition, original, 4 / 3);
    expect(r.height).toBe(2000);
    expect(r.width).toBe(2667);
    expect(r.x + r.width).toBeLessThanOrEqual(3000);
  });

  it('works for the largest photo the shop accepts', () => {
    // 50,000 × 20,000 (1000 MP) through a 2048 px rendition.
    const r = mapCropToOriginal(
      { x: 0, y: 0, width: 2048, height: 819.2 },
      { width: 2048, height: 819.2 },
      { width: 50000, height: 20000 },
    );
    expect(r).toEqual({ x: 0, y: 0, width: 50000, height: 20000 });
  });

  it('rejects nonsense', () => {
    expect(() => mapCropToOriginal({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 10 }, { width: 10, height: 10 })).toThrow(
      RangeError,
    );
    expect(() =>
      mapCropToOriginal({ x: Number.NaN, y: 0, width: 10, height: 10 }, { width: 10, height: 10 }, { width: 10, height: 10 }),
    ).toThrow(RangeError);
  });
});

describe('centeredCrop and zoom', () => {
  it('takes the largest centred rectangle of the aspect', () => {
    expect(centeredCrop({ width: 6000, height: 4000 }, 1)).toEqual({ x: 1000, y: 0, width: 4000, height: 4000 });
    expect(centeredCrop({ width: 4000, height: 4000 }, 1.5)).toEqual({ x: 0, y: 666, width: 4000, height: 2667 });
    expect(centeredCrop({ width: 3000, height: 2000 }, 1.5)).toEqual({ x: 0, y: 0, width: 3000, height: 2000 });
  });

  it('limits zoom so the crop keeps at least 50 px', () => {
    expect(maxCropZoom({ width: 6000, height: 4000 }, 1.5)).toBe(5);
    // 700 px wide, aspect 10: the largest crop is 700 × 70 → 70 / 50 = 1.4.
    expect(maxCropZoom({ width: 700, height: 700 }, 10)).toBeCloseTo(1.4, 5);
    expect(maxCropZoom({ width: 60, height: 40 }, 1.5)).toBe(1);
  });
});

describe('aspects and print quality of a crop', () => {
  it('compares aspects', () => {
    expect(sameAspect(1.5, 12 / 8)).toBe(true);
    expect(sameAspect(1.5, 4 / 3)).toBe(false);
    expect(sameAspect(0, 1)).toBe(false);
    expect(cropFitsSize({ x: 0, y: 0, width: 3000, height: 2000 }, { widthIn: 12, heightIn: 8 })).toBe(true);
    expect(cropFitsSize({ x: 0, y: 0, width: 3001, height: 2000 }, { widthIn: 12, heightIn: 8 })).toBe(true);
    expect(cropFitsSize({ x: 0, y: 0, width: 2000, height: 2000 }, { widthIn: 12, heightIn: 8 })).toBe(false);
  });

  it('ppi = cropped pixels ÷ inches', () => {
    expect(cropPrintQuality({ x: 10, y: 10, width: 3600, height: 2400 }, { widthIn: 12, heightIn: 8 }).ppi).toBe(300);
    const low = cropPrintQuality({ x: 0, y: 0, width: 900, height: 600 }, { widthIn: 12, heightIn: 8 });
    expect(low.ppi).toBe(75);
    expect(low.ok).toBe(false);
  });
});

describe('roundStripTiling', () => {
  it('fits a whole number of repeats along a side', () => {
    expect(roundStripTiling(1000, 240)).toEqual({ count: 4, tileLength: 250 });
    expect(roundStripTiling(1000, 300)).toEqual({ count: 3, tileLength: 1000 / 3 });
    expect(roundStripTiling(100, 900)).toEqual({ count: 1, tileLength: 100 });
    expect(roundStripTiling(0, 900)).toEqual({ count: 1, tileLength: 0 });
  });

  it('rejects bad lengths', () => {
    expect(() => roundStripTiling(100, 0)).toThrow(RangeError);
    expect(() => roundStripTiling(-1, 10)).toThrow(RangeError);
  });
});
