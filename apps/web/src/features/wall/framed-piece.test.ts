import { describe, expect, it } from 'vitest';
import type { FrameSet } from '@framewala/domain';
import { newOrderDraft, type OrderDraft } from '../../lib/order-draft/order-draft';
import { comparisonSizes, framedPiece, orderPrintSize } from './framed-piece';

const photo = { _id: 'p1', url: '/media/p1.jpg', imageType: 'photo' as const, width: 3000, height: 2000 };
const sets = [
  {
    _id: 'set-a',
    frameName: 'Walnut',
    sizeInInches: 1.5,
    frames: [{ _id: 'f1', frameName: 'Walnut' }],
  },
] as unknown as FrameSet[];

function draft(change: Partial<OrderDraft>): OrderDraft {
  return { ...newOrderDraft(photo as never), ...change };
}

describe('the framed piece shown on a wall', () => {
  it('reads the order’s size, finish and border, and its outer size from the framing rules', () => {
    const d = draft({
      size: { _id: 's', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
      frameSetId: 'set-a',
      frameId: 'f1',
      borderLevel: 4,
    });
    const size = orderPrintSize(d)!;
    expect(size).toEqual({ widthIn: 12, heightIn: 8 });
    const piece = framedPiece(d, sets, size);
    expect(piece.mouldingIn).toBe(1.5);
    expect(piece.borderIn).toBe(2);
    expect(piece.outer.widthIn).toBe(19);
    expect(piece.outer.heightIn).toBe(15);
    expect(piece.crop).toEqual({ x: 0, y: 0, width: 3000, height: 2000 });
  });

  it('crops the photo to a tried size of another shape, and has no border without a frame', () => {
    const d = draft({ customSize: { width: '16', height: '10' } });
    expect(orderPrintSize(d)).toEqual({ widthIn: 16, heightIn: 10 });
    const piece = framedPiece(d, sets, { widthIn: 40, heightIn: 30 });
    expect(piece.crop.width / piece.crop.height).toBeCloseTo(4 / 3, 2);
    expect(piece.frame).toBeNull();
    expect(piece.outer.widthIn).toBe(40);
    expect(orderPrintSize(draft({ customSize: { width: 'x', height: '10' } }))).toBeNull();
  });

  it('offers small to large sizes turned like the print', () => {
    expect(comparisonSizes({ widthIn: 8, heightIn: 12 })[2]).toEqual({ widthIn: 30, heightIn: 40 });
    expect(comparisonSizes({ widthIn: 12, heightIn: 8 })[0]).toEqual({ widthIn: 12, heightIn: 8 });
  });
});
