import { describe, expect, it } from 'vitest';
import { WHITE_BORDER_LEVELS, type FrameSet, type MotifBorder } from '@framewala/domain';
import { newOrderDraft, type OrderDraft, type OrderPhoto } from '../../lib/order-draft/order-draft';
import {
  applyEnhanced,
  upscaleOffer,
  applyCrop,
  chooseBorder,
  choosePreset,
  cropIsApplied,
  goBack,
  goNext,
  keepWholePhoto,
  moveCrop,
  reachableStep,
  setQuantity,
  stepFromName,
  stepName,
  typeCustomSize,
} from './editor-model';
import { borderForIndex, borderInches, chosenPrintSize, orderPrice, totalFormula } from '../../lib/order-draft/draft-choices';

const photo: OrderPhoto = { _id: 'up-1', url: '/r.webp', imageType: 'landscape', width: 3000, height: 2000 };
const base = (over: Partial<OrderDraft> = {}): OrderDraft => ({ ...newOrderDraft(photo), ...over });
const preset = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };
const SET: FrameSet = {
  _id: 'set-classic',
  frameName: 'Classic',
  frameNameHi: null,
  sizeInInches: 1,
  framePrice: 5.5,
  thumbnailUrl: null,
  label: '1 in',
  padding: 0,
  frames: [
    {
      _id: 'classic--walnut',
      frameName: 'Walnut',
      frameCategory: 'Wood',
      frameDescription: '',
      frameNameHi: null,
      frameCategoryHi: null,
      frameDescriptionHi: null,
      sideUp: 'a',
      sideDown: 'b',
      sideLeft: 'c',
      sideRight: 'd',
      topLeft: 'e',
      topRight: 'f',
      bottomLeft: 'g',
      bottomRight: 'h',
    },
  ],
};
const BORDERS: MotifBorder[] = WHITE_BORDER_LEVELS.map((size, i) => ({
  _id: `b${i}`,
  name: `B${i}`,
  nameHi: null,
  sizeName: `${size} in`,
  size,
  price: i * 100,
}));

describe('size choice', () => {
  it('a preset clears the custom size and a custom size clears the preset', () => {
    const withCustom = typeCustomSize(base({ size: preset }), { width: '20', height: '16' });
    expect(withCustom.size).toBeNull();
    expect(chosenPrintSize(withCustom)).toEqual({ kind: 'custom', widthIn: 20, heightIn: 16, name: '20x16' });
    const withPreset = choosePreset(withCustom, preset);
    expect(withPreset.customSize).toBeNull();
    expect(chosenPrintSize(withPreset)).toEqual({ kind: 'preset', widthIn: 12, heightIn: 8, name: '12x8' });
  });

  it('never uses an invalid custom size', () => {
    expect(chosenPrintSize(base({ customSize: { width: '41', height: '10' } }))).toBeNull();
    expect(chosenPrintSize(base({ customSize: { width: '3.9', height: '10' } }))).toBeNull();
    expect(chosenPrintSize(base({ customSize: { width: '40', height: '4' } }))).toMatchObject({ widthIn: 40, heightIn: 4 });
  });
});

describe('steps', () => {
  it('Back follows the domain table', () => {
    expect(goBack(base({ step: 3 }), [SET]).step).toBe(1);
    expect(goBack(base({ step: 3, customSize: { width: '10', height: '8' } }), [SET]).step).toBe(2);
    expect(goBack(base({ step: 3, openFrameSetId: 'set-classic' }), [SET])).toMatchObject({ step: 3, openFrameSetId: null });
    expect(goBack(base({ step: 4, openFrameSetId: 'set-classic' }), [SET])).toMatchObject({ step: 3, openFrameSetId: 'set-classic' });
    expect(goBack(base({ step: 5 }), [SET]).step).toBe(4);
  });

  it('Next waits for its guard', () => {
    expect(goNext(base({ step: 1 }), [SET]).step).toBe(1);
    expect(goNext(base({ step: 1, size: preset }), [SET]).step).toBe(3);
    expect(goNext(base({ step: 3, frameSetId: 'set-classic', frameId: 'nope' }), [SET]).step).toBe(3);
    expect(goNext(base({ step: 3, frameSetId: 'set-classic', frameId: 'classic--walnut' }), [SET]).step).toBe(4);
  });
});

describe('borders, quantity and prices', () => {
  it('card index i is border level i', () => {
    for (const [i, level] of WHITE_BORDER_LEVELS.entries()) {
      expect(chooseBorder(base(), i).borderLevel).toBe(i);
      expect(borderInches(i)).toBe(level);
      expect(borderForIndex(BORDERS, i)?.size).toBe(level);
    }
    expect(chooseBorder(base({ borderLevel: 2 }), 7).borderLevel).toBe(2);
    expect(chooseBorder(base({ borderLevel: 2 }), -1).borderLevel).toBe(2);
  });

  it('quantity never drops below 1 nor passes 50', () => {
    expect(setQuantity(base(), 0).quantity).toBe(1);
    expect(setQuantity(base(), -5).quantity).toBe(1);
    expect(setQuantity(base(), Number.NaN).quantity).toBe(1);
    expect(setQuantity(base(), 51).quantity).toBe(50);
    expect(setQuantity(base(), 3).quantity).toBe(3);
  });

  it('prices from the domain: FSP = round(w × h) × rate, WBP, total × quantity', () => {
    const draft = base({ size: preset, frameSetId: 'set-classic', frameId: 'classic--walnut', borderLevel: 3, quantity: 2 });
    expect(orderPrice(draft, [SET], BORDERS)).toMatchObject({
      fspPaise: 52_800,
      wbpPaise: 30_000,
      unitPaise: 82_800,
      checkoutPaise: 165_600,
    });
    expect(orderPrice(base({ size: preset }), [SET], BORDERS)).toBeNull();
    expect(totalFormula(true, 1)).toBe('Total = FSP + WBP');
    expect(totalFormula(false, 1)).toBe('Total = FSP');
    expect(totalFormula(true, 3)).toBe('Total = (FSP + WBP) × 3');
  });
});

describe('crop state', () => {
  const print = { kind: 'preset' as const, widthIn: 16, heightIn: 12, name: '16x12' };
  const rect = { x: 166, y: 0, width: 2667, height: 2000 };

  it('is applied once the server crop of the current box is the photo', () => {
    const moved = moveCrop(base(), rect);
    expect(cropIsApplied(moved, print)).toBe(false);
    const done = applyCrop(moved, rect, { ...photo, _id: 'crop-1', parentId: 'up-1', width: 2667, height: 2000 });
    expect(cropIsApplied(done, print)).toBe(true);
    expect(done.sourcePhoto._id).toBe('up-1');
    expect(cropIsApplied(moveCrop(done, { ...rect, x: 100 }), print)).toBe(false);
    // A different aspect no longer fits the crop.
    expect(cropIsApplied(done, { ...print, widthIn: 12, heightIn: 8 })).toBe(false);
  });

  it('a box over the whole photo prints the original itself', () => {
    const whole = keepWholePhoto(base());
    expect(whole.photo._id).toBe('up-1');
    expect(cropIsApplied(whole, { kind: 'preset', widthIn: 12, heightIn: 8, name: '12x8' })).toBe(true);
  });
});

describe('the step an address may show', () => {
  const ready = base({ size: preset, crop: { x: 0, y: 0, width: 3000, height: 2000 }, frameSetId: SET._id, frameId: 'classic--walnut' });

  it('names every step and reads the names back', () => {
    for (const step of [0, 1, 2, 3, 4, 5] as const) expect(stepFromName(stepName(step))).toBe(step);
    expect(stepFromName('checkout')).toBeNull();
    expect(stepFromName(null)).toBeNull();
  });

  it('opens the size and options steps always, the frame once the crop is cut, the border and summary with a finish', () => {
    expect(reachableStep(base(), 2, [SET])).toBe(2);
    expect(reachableStep(base(), 5, [SET])).toBe(1);
    expect(reachableStep(ready, 5, [SET])).toBe(5);
    expect(reachableStep({ ...ready, frameId: null }, 4, [SET])).toBe(3);
    // The crop box moved since it was cut (Back to the size, then Forward): the size again.
    expect(reachableStep(moveCrop(ready, { x: 0, y: 0, width: 2400, height: 1600 }), 3, [SET])).toBe(1);
  });

  it('opens a cart line rebuilt on another device on its summary: its photo is already the size’s shape', () => {
    const cut: OrderPhoto = { ...photo, _id: 'crop-9', width: 2400, height: 1600 };
    const rebuilt = { ...newOrderDraft(cut), size: preset, frameSetId: SET._id, frameId: 'classic--walnut', step: 5 as const };
    expect(reachableStep(rebuilt, 5, [SET])).toBe(5);
    // Another shape of size needs its crop first.
    expect(reachableStep({ ...rebuilt, size: { ...preset, width: 10, height: 10 } }, 5, [SET])).toBe(1);
  });
});

describe('enhanced photos', () => {
  it('makes the enhanced photo the one to crop, with the box scaled by the upscale factor', () => {
    const enhanced: OrderPhoto = { _id: 'up-2', url: '/e.jpg', imageType: 'landscape', width: 6000, height: 4000 };
    const draft = base({ crop: { x: 100, y: 50, width: 1500, height: 1000 }, appliedCrop: { x: 100, y: 50, width: 1500, height: 1000 } });
    const next = applyEnhanced(draft, enhanced);
    expect(next.sourcePhoto).toBe(enhanced);
    expect(next.photo).toBe(enhanced);
    expect(next.crop).toEqual({ x: 200, y: 100, width: 3000, height: 2000 });
    expect(next.appliedCrop).toBeNull();
  });

  it('offers the smaller AI factor that reaches the size’s minimum, and none when the print is fine or the photo too big', () => {
    expect(upscaleOffer({ width: 1600, height: 1200 }, { ppi: 88, minimumPpi: 100, ok: false })).toBe(2);
    expect(upscaleOffer({ width: 1000, height: 700 }, { ppi: 40, minimumPpi: 100, ok: false })).toBe(4);
    expect(upscaleOffer({ width: 1600, height: 1200 }, { ppi: 130, minimumPpi: 100, ok: true })).toBeNull();
    expect(upscaleOffer({ width: 4100, height: 3000 }, { ppi: 40, minimumPpi: 100, ok: false })).toBeNull();
    // ×4 would be over 64 MP: ×2 is offered even though it does not reach the minimum.
    expect(upscaleOffer({ width: 3000, height: 2500 }, { ppi: 20, minimumPpi: 100, ok: false })).toBe(2);
  });
});
