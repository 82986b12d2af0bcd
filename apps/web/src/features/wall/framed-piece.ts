/**
 * What the wall views show, read from the stored order: the photo, its crop for a print size, the finish and the
 * white border. The order's own rules come from the domain; a size tried here is only shown, never stored.
 */
import {
  WHITE_BORDER_LEVELS,
  centeredCrop,
  cropFitsSize,
  framedOuterSize,
  validateCustomSize,
  type CropRect,
  type Frame,
  type FrameSet,
} from '@framewala/domain';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import type { OrderDraft } from '../../lib/order-draft/order-draft';

export type PieceSize = { widthIn: number; heightIn: number };

export type FramedPiece = {
  photo: { _id: string; url: string; width: number; height: number };
  crop: CropRect;
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
  frame: Frame | null;
  /** The finish's name in the page's language. */
  frameName: string | null;
  outer: ReturnType<typeof framedOuterSize>;
};

/** The print size of the order: the preset, or a valid custom size; null when none is chosen yet. */
export function orderPrintSize(draft: Pick<OrderDraft, 'size' | 'customSize'>): PieceSize | null {
  if (draft.size) return { widthIn: draft.size.width, heightIn: draft.size.height };
  const c = draft.customSize;
  if (!c) return null;
  const check = validateCustomSize(c.width, c.height);
  return check.ok ? { widthIn: check.width, heightIn: check.height } : null;
}

/** The framed piece for `size` (the order's size unless another one is being tried). */
export function framedPiece(draft: OrderDraft, sets: readonly FrameSet[] | undefined, size: PieceSize): FramedPiece {
  const photo = draft.sourcePhoto;
  const crop = draft.crop && cropFitsSize(draft.crop, size) ? draft.crop : centeredCrop(photo, size.widthIn / size.heightIn);
  const set = sets?.find((s) => s._id === draft.frameSetId) ?? null;
  const frame = set?.frames.find((f) => f._id === draft.frameId) ?? null;
  const mouldingIn = set && frame ? set.sizeInInches : 0;
  const borderIn = frame ? (WHITE_BORDER_LEVELS[draft.borderLevel] ?? 0) : 0;
  return {
    photo: { _id: photo._id, url: photo.url, width: photo.width, height: photo.height },
    crop,
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    borderIn,
    mouldingIn,
    frame,
    frameName: frame ? catalogueText(frame.frameName, frame.frameNameHi) : null,
    outer: framedOuterSize({ widthIn: size.widthIn, heightIn: size.heightIn, borderIn, mouldingIn }),
  };
}

/** Sizes to compare on the wall: a small, a medium and a large one, turned like the order's print. */
export function comparisonSizes(order: PieceSize): PieceSize[] {
  const landscape = order.widthIn >= order.heightIn;
  const base: [number, number][] = [
    [12, 8],
    [24, 16],
    [40, 30],
  ];
  return base.map(([a, b]) => (landscape ? { widthIn: a, heightIn: b } : { widthIn: b, heightIn: a }));
}
