/**
 * What the checkout step shows and sends, derived from the order kept in the browser and the catalogue with the
 * editor's own functions, so the figures are the ones the editor showed.
 */
import { t } from '@lingui/core/macro';
import { formatMeasure, longestOuterSide, type CreateOrderBody, type FrameSet, type MotifBorder, type OrderPrice } from '@framewala/domain';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { inchesOf } from '../../lib/print-texts';
import {
  borderForIndex,
  borderInches,
  chosenFrame,
  chosenPrintSize,
  orderPrice,
  type FrameChoice,
  type PrintSize,
} from '../../lib/order-draft/draft-choices';

export type CheckoutSummary = {
  print: PrintSize;
  choice: FrameChoice;
  border: MotifBorder | null;
  /** The size as the seed names it: the preset's name, or the custom 'height X width'. */
  sizeName: string;
  borderIn: number;
  frameInches: number;
  price: OrderPrice & { quantity: number };
  /** The framed piece's longest outer side in inches: what the oversize shipping charge reads. */
  maxOuterInches: number;
};

/** Null until the order has a size, a frame and a price (the checkout then sends the customer back to the editor). */
export function checkoutSummary(
  draft: OrderDraft,
  sets: readonly FrameSet[] | undefined,
  borders: readonly MotifBorder[] | undefined,
): CheckoutSummary | null {
  const print = chosenPrintSize(draft);
  const choice = chosenFrame(draft, sets);
  const price = orderPrice(draft, sets, borders);
  if (!print || !choice || !price) return null;
  const borderIn = borderInches(draft.borderLevel);
  const border = draft.borderLevel > 0 ? borderForIndex(borders, draft.borderLevel) : null;
  const sizeName = print.kind === 'custom' ? `${formatMeasure(print.heightIn)} X ${formatMeasure(print.widthIn)}` : print.name;
  const maxOuterInches = longestOuterSide([
    { widthIn: print.widthIn, heightIn: print.heightIn, borderIn, mouldingIn: choice.set.sizeInInches },
  ]);
  return { print, choice, border, sizeName, borderIn, frameInches: choice.set.sizeInInches, price, maxOuterInches };
}

/**
 * The create-order body: ids and the amount only. The server re-prices everything, shipping included; `amount` (the
 * frames plus the quoted shipping) is a cross-check.
 */
export function createOrderBody(
  draft: OrderDraft,
  summary: CheckoutSummary,
  shippingPaise = 0,
  coupon: { code: string; discountPaise: number } | null = null,
): CreateOrderBody {
  const custom = summary.print.kind === 'custom';
  return {
    amount: summary.price.checkoutPaise + shippingPaise - (coupon?.discountPaise ?? 0),
    ...(coupon ? { couponCode: coupon.code } : {}),
    currency: 'INR',
    selectedFrame: summary.choice.frame._id,
    selectedMotifBorder: summary.borderIn,
    quantity: summary.price.quantity,
    uploadId: draft.photo._id,
    sizeId: custom ? null : (draft.size?._id ?? null),
    ...(custom ? { customWidth: summary.print.widthIn, customHeight: summary.print.heightIn } : {}),
  };
}

/**
 * Seed §7: the payment description joins size, frame inches, frame name, border, category and description. Razorpay's
 * window shows it to the customer, so it is in the active language (the names from the catalogue as the shop writes them).
 */
export function paymentDescription(summary: CheckoutSummary): string {
  const { choice, sizeName } = summary;
  const frameInches = inchesOf(summary.frameInches);
  const borderInches = inchesOf(summary.borderIn);
  return [
    t`Size ${sizeName}`,
    t`Frame ${frameInches}`,
    `${catalogueText(choice.frame.frameName, choice.frame.frameNameHi)} (${catalogueText(choice.set.frameName, choice.set.frameNameHi)})`,
    summary.borderIn > 0 ? t`Border ${borderInches}` : t`No border`,
    catalogueText(choice.frame.frameCategory, choice.frame.frameCategoryHi),
    catalogueText(choice.frame.frameDescription, choice.frame.frameDescriptionHi),
  ]
    .filter((part) => part && part.trim() !== '')
    .join(' · ');
}

/** A fresh idempotency key for one checkout attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
