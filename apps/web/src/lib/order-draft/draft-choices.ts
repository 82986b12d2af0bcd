/**
 * What the order in progress amounts to, from its choices and the catalogue: the print size, the frame set and
 * finish, the white border and the price (the domain's `priceOrder`). The editor, the header's price strip, the cart
 * and the checkout read the same figures through these.
 */
import { msg } from '@lingui/core/macro';
import {
  WHITE_BORDER_LEVELS,
  customSizeName,
  priceOrder,
  rupeesToPaise,
  validateCustomSize,
  type CustomSizeResult,
  type Frame,
  type FrameSet,
  type MotifBorder,
  type OrderPrice,
} from '@framewala/domain';
import { i18n } from '../i18n';
import type { OrderDraft } from './order-draft';

/** The print (photo) size in inches the customer chose, preset or custom. */
export type PrintSize = {
  kind: 'preset' | 'custom';
  widthIn: number;
  heightIn: number;
  /** '12x8', 'A4 8.3x11.7' or, for a custom size, '16x10'. */
  name: string;
};

/** The custom size as typed, checked. Null when nothing has been typed. */
export function customSizeCheck(draft: Pick<OrderDraft, 'customSize'>): CustomSizeResult | null {
  const c = draft.customSize;
  if (!c || (c.width.trim() === '' && c.height.trim() === '')) return null;
  return validateCustomSize(c.width, c.height);
}

/** The size to print: the preset, or a valid custom size. An invalid custom size is never used. */
export function chosenPrintSize(draft: Pick<OrderDraft, 'size' | 'customSize'>): PrintSize | null {
  if (draft.size) return { kind: 'preset', widthIn: draft.size.width, heightIn: draft.size.height, name: draft.size.sizeName };
  const check = customSizeCheck(draft);
  if (check?.ok) return { kind: 'custom', widthIn: check.width, heightIn: check.height, name: customSizeName(check.width, check.height) };
  return null;
}

export type FrameChoice = { set: FrameSet; frame: Frame };

export function findFrameSet(sets: readonly FrameSet[] | undefined, id: string | null): FrameSet | null {
  if (!sets || !id) return null;
  return sets.find((s) => s._id === id) ?? null;
}

/** The chosen set and finish, when both still exist in the catalogue. */
export function chosenFrame(draft: Pick<OrderDraft, 'frameSetId' | 'frameId'>, sets: readonly FrameSet[] | undefined): FrameChoice | null {
  const set = findFrameSet(sets, draft.frameSetId);
  const frame = set?.frames.find((f) => f._id === draft.frameId);
  return set && frame ? { set, frame } : null;
}

/**
 * The border option shown on card `index` (0..6): the option whose size is that level, else the option at that position.
 */
export function borderForIndex(borders: readonly MotifBorder[] | undefined, index: number): MotifBorder | null {
  if (!borders || !Number.isInteger(index) || index < 0 || index >= WHITE_BORDER_LEVELS.length) return null;
  const level = WHITE_BORDER_LEVELS[index];
  return borders.find((b) => b.size === level) ?? borders[index] ?? null;
}

/** The white border width in inches for a card index (0 for none). */
export function borderInches(index: number): number {
  return WHITE_BORDER_LEVELS[index] ?? 0;
}

/** FSP, WBP and totals for the order, from the domain; null until a size and a frame set are chosen. */
export function orderPrice(
  draft: OrderDraft,
  sets: readonly FrameSet[] | undefined,
  borders: readonly MotifBorder[] | undefined,
): (OrderPrice & { quantity: number }) | null {
  const size = chosenPrintSize(draft);
  const set = findFrameSet(sets, draft.frameSetId);
  if (!size || !set) return null;
  const border = draft.borderLevel > 0 ? borderForIndex(borders, draft.borderLevel) : null;
  return {
    ...priceOrder({
      widthIn: size.widthIn,
      heightIn: size.heightIn,
      frameRatePaisePerSqIn: rupeesToPaise(set.framePrice),
      borderPricePaise: border ? rupeesToPaise(border.price) : 0,
      quantity: draft.quantity,
    }),
    quantity: draft.quantity,
  };
}

/** 'Total = FSP + WBP' when a border price exists; with a quantity above 1 the multiplication shows too. */
export function totalFormula(hasBorder: boolean, quantity: number): string {
  if (quantity > 1) return i18n._(hasBorder ? msg`Total = (FSP + WBP) × ${quantity}` : msg`Total = (FSP) × ${quantity}`);
  return i18n._(hasBorder ? msg`Total = FSP + WBP` : msg`Total = FSP`);
}
