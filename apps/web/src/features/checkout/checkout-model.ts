/**
 * What the checkout step shows and does (`CheckoutSource`, whatever the lines come from), and for the editor's frame
 * bought at once what it shows and sends, derived from the order kept in the browser and the catalogue with the
 * editor's own functions, so the figures are the ones the editor showed.
 */
import { t } from '@lingui/core/macro';
import { longestOuterSide, type CreateOrderBody, type FrameSet, type MotifBorder, type OrderPrice } from '@framewala/domain';
import type { AppliedCoupon } from '../../components/coupon-field';
import { borderText, frameText, type LineView } from '../../lib/orders/line-view';
import type { OrderDraft } from '../../lib/order-draft/order-draft';
import { catalogueText } from '../../lib/catalogue/catalogue-text';
import { inchesOf, lineSizeText } from '../../lib/print-texts';
import type { PaymentOptions } from './use-payment';
import {
  borderForIndex,
  borderInches,
  chosenFrame,
  chosenPrintSize,
  orderPrice,
  type FrameChoice,
  type PrintSize,
} from '../../lib/order-draft/draft-choices';

/** One line as the checkout shows it: what every page shows of a line, and what a single line's summary adds. */
export type CheckoutLine = LineView & {
  borderIn: number;
  /** The moulding's width in inches ('Frame Size'); null where it is not known. */
  mouldingIn: number | null;
  /** The finish's category and description, where the catalogue is at hand (the editor's frame). */
  category?: string;
  description?: string;
};

/** What the applied coupon is and what the customer may do with it (an order already made keeps its own). */
export type CheckoutCoupon = {
  applied: AppliedCoupon | null;
  onApply?: (code: string) => Promise<void>;
  onRemove?: () => void;
  /** Why the applied code gives nothing now, in the page's language. */
  problem: string | null;
};

/**
 * What one checkout shows and does, from whichever source its lines come: the editor's frame (buy now), the whole
 * cart, or an order already made and paid again.
 */
export type CheckoutSource = {
  lines: CheckoutLine[];
  subtotalPaise: number;
  discountPaise: number;
  /** The GST the total includes, as the tax invoice will show it (the domain's `includedGstPaise`); null while unknown. */
  gstPaise: number | null;
  /** The shipping line as said: '₹99.00', 'Free', 'Calculating…' or '—'. */
  shipping: string;
  totalPaise: number;
  /** What the total is, under the price lines. */
  note: string;
  /** The delivery window; `inDirectory` false: the directory lacks the pincode and the shop confirms delivery to it. */
  arrives: { text: string; pincode: string | null; inDirectory: boolean } | null;
  /** Null: no coupon field. */
  coupon: CheckoutCoupon | null;
  /** What 'Make payment' pays and what happens when it is paid or the price changed. */
  payment: Omit<PaymentOptions, 'user'>;
  /** 'Make payment' waits while a figure is still being read. */
  waiting: boolean;
  /** Where Back goes. */
  backTo: string;
};

export type CheckoutSummary = {
  print: PrintSize;
  choice: FrameChoice;
  border: MotifBorder | null;
  /** The size's name, width first as the customer chose it: the preset's ('12x8'), or the custom one ('11x14'). */
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
  const sizeName = print.name;
  const maxOuterInches = longestOuterSide([
    { widthIn: print.widthIn, heightIn: print.heightIn, borderIn, mouldingIn: choice.set.sizeInInches },
  ]);
  return { print, choice, border, sizeName, borderIn, frameInches: choice.set.sizeInInches, price, maxOuterInches };
}

/** The editor's frame as the checkout's one line. */
export function buyNowLine(draft: OrderDraft, summary: CheckoutSummary): CheckoutLine {
  const { choice, price } = summary;
  return {
    key: draft.photo._id,
    size: lineSizeText(summary.sizeName, summary.print.kind === 'custom'),
    frame: frameText(choice.frame.frameName, choice.frame.frameNameHi, choice.set.frameName, choice.set.frameNameHi),
    border: borderText(summary.borderIn, summary.border?.name, summary.border?.nameHi),
    borderIn: summary.borderIn,
    mouldingIn: summary.frameInches,
    category: catalogueText(choice.frame.frameCategory, choice.frame.frameCategoryHi),
    description: catalogueText(choice.frame.frameDescription, choice.frame.frameDescriptionHi),
    quantity: price.quantity,
    unitPaise: price.unitPaise,
    linePaise: price.checkoutPaise,
    thumbnailUrl: draft.photo.thumbnailUrl ?? draft.photo.url,
  };
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
