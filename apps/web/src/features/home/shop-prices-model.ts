/**
 * The landing page's figures: the cheapest framed price of a size and the framed examples, priced by the domain from
 * the catalogue the shop serves.
 */
import {
  findPresetSize,
  formatInr,
  priceOrder,
  rupeesToPaise,
  type Frame,
  type FrameSet,
  type MotifBorder,
  type OrientedSize,
  type Paise,
} from '@framewala/domain';
import { borderForIndex, borderInches } from '../../lib/order-draft/draft-choices';
import lakeUrl from './samples/lake-at-sunset.webp';
import marigoldUrl from './samples/marigold.webp';
import doorwayUrl from './samples/jaipur-doorway.webp';

/** The size the landing page prices ("framed 12 × 8 in from …"): the shop's most ordered preset. */
export const HEADLINE_SIZE_ID = '3x2-12x8';

/**
 * The framed examples: a sample photo drawn for the shop (apps/web/scripts/draw-sample-photos.mjs), a preset size, and
 * the catalogue's n-th frame set, its n-th finish and a white border card: whatever the owner's catalogue holds is drawn and
 * priced, never a fixed picture or figure.
 */
export const EXAMPLES = [
  { key: 'lake', photo: { url: lakeUrl, width: 1200, height: 800 }, sizeId: '3x2-12x8', set: 0, finish: 0, border: 0 },
  { key: 'marigold', photo: { url: marigoldUrl, width: 900, height: 900 }, sizeId: 'square-10', set: 1, finish: 0, border: 3 },
  { key: 'doorway', photo: { url: doorwayUrl, width: 800, height: 1131 }, sizeId: 'din-a4-p', set: 2, finish: 2, border: 4 },
] as const;

/** The drawn examples share one scale, so their sizes compare truly: the largest fits this many pixels. */
export const EXAMPLE_BOX_PX = 200;

/** Whole rupees without paise ('₹432'); an amount with paise keeps them. */
export function rupeesText(paise: Paise): string {
  const text = formatInr(paise);
  return paise % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** The cheapest framed price of a size (no white border): the catalogue's lowest frame rate, priced by the domain. */
export function cheapestFramedPaise(size: Pick<OrientedSize, 'width' | 'height'>, sets: readonly FrameSet[]): Paise | null {
  const prices = sets
    .filter((set) => set.frames.length > 0)
    .map(
      (set) =>
        priceOrder({
          widthIn: size.width,
          heightIn: size.height,
          frameRatePaisePerSqIn: rupeesToPaise(set.framePrice),
          borderPricePaise: 0,
          quantity: 1,
        }).checkoutPaise,
    );
  return prices.length > 0 ? Math.min(...prices) : null;
}

export type Example = {
  key: string;
  photo: { url: string; width: number; height: number };
  size: OrientedSize;
  set: FrameSet;
  frame: Frame;
  borderIn: number;
  border: MotifBorder | null;
  pricePaise: Paise;
};

/** The examples the catalogue can draw and price (all of them once it has loaded, with at least one frame set). */
export function framedExamples(sets: readonly FrameSet[], borders: readonly MotifBorder[]): Example[] {
  const usable = sets.filter((set) => set.frames.length > 0);
  if (usable.length === 0) return [];
  return EXAMPLES.flatMap((example): Example[] => {
    const size = findPresetSize(example.sizeId);
    const set = usable[example.set % usable.length]!;
    const frame = set.frames[example.finish % set.frames.length]!;
    const border = example.border > 0 ? borderForIndex(borders, example.border) : null;
    if (!size || (example.border > 0 && !border)) return [];
    const pricePaise = priceOrder({
      widthIn: size.width,
      heightIn: size.height,
      frameRatePaisePerSqIn: rupeesToPaise(set.framePrice),
      borderPricePaise: border ? rupeesToPaise(border.price) : 0,
      quantity: 1,
    }).checkoutPaise;
    return [{ key: example.key, photo: example.photo, size, set, frame, borderIn: borderInches(example.border), border, pricePaise }];
  });
}
