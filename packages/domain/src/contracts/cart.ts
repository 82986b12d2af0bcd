/**
 * The cart's HTTP contract: GET /api/cart, POST /api/cart/lines, PATCH and DELETE /api/cart/lines/:id. Bodies carry
 * the customer's choices only (ids and inches); every price in an answer is the server's.
 */
import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../pricing';
import { hindiTextSchema, textIdSchema } from '../text';
import { appliedCouponSchema } from './coupons';
import { arrivesBySchema } from './shipping';

/** At most this many lines in one cart. */
export const MAX_CART_LINES = 20;

const inches = z.number().finite().nonnegative().max(1000);

/** A quantity as the cart takes it: whole, 1–50 (a clear 400 VALIDATION otherwise). */
export const cartQuantitySchema = z
  .number()
  .int('Quantity must be a whole number.')
  .min(MIN_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`)
  .max(MAX_QUANTITY, `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`);

/** POST /api/cart/lines: the same choices create-order takes for one photo. */
export const addCartLineBodySchema = z
  .object({
    uploadId: textIdSchema(200),
    /** A preset size id (with its portrait suffix), or null for a custom size in `customWidth` × `customHeight` inches. */
    sizeId: textIdSchema(200).nullable(),
    customWidth: z.number().finite().optional(),
    customHeight: z.number().finite().optional(),
    /** The frame finish id. */
    selectedFrame: textIdSchema(200),
    /** The white border in inches (0 for none). */
    selectedMotifBorder: inches,
    quantity: cartQuantitySchema,
    /**
     * The browser's own id for a line made before sign-in (8–100 of A–Z a–z 0–9 _ -). Adding a line with an id already
     * in the cart changes nothing and answers with that line: a merge that is retried never doubles a line.
     */
    clientLineId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'clientLineId must be 8 to 100 letters, digits, - or _.')
      .optional(),
  })
  // Like every other body: a field the contract does not name is refused (400), never stored or silently dropped.
  .strict();
export type AddCartLineBody = z.infer<typeof addCartLineBodySchema>;

/** PATCH /api/cart/lines/:id. */
export const updateCartLineBodySchema = z.object({ quantity: cartQuantitySchema }).strict();
export type UpdateCartLineBody = z.infer<typeof updateCartLineBodySchema>;

export const cartLineParamsSchema = z.object({ id: textIdSchema(100) });

/** Why a line cannot be paid for now; the line stays in the cart until the customer fixes or removes it. */
export const CART_LINE_PROBLEMS = [
  'photo_expired',
  'photo_missing',
  'photo_not_ready',
  'frame_retired',
  'size_retired',
  'border_retired',
  'invalid',
] as const;
export type CartLineProblem = (typeof CART_LINE_PROBLEMS)[number];

export const cartLineSchema = z.object({
  id: z.string(),
  clientLineId: z.string().nullable(),
  uploadId: z.string(),
  sizeId: z.string().nullable(),
  customWidth: z.number().nullable(),
  customHeight: z.number().nullable(),
  selectedFrame: z.string(),
  selectedMotifBorder: z.number(),
  quantity: z.number().int(),
  /** The photo's thumbnail (null once the photo is gone). */
  thumbnailUrl: z.string().nullable(),
  imageType: z.string().nullable(),
  /** What is bought, from the catalogue now; null where the catalogue no longer has it. */
  sizeName: z.string().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  frameSetName: z.string().nullable(),
  finishName: z.string().nullable(),
  mouldingIn: z.number().nullable(),
  borderName: z.string().nullable(),
  /** The same names in Hindi, null where the shop has not written one (or the catalogue no longer has the item). */
  frameSetNameHi: hindiTextSchema,
  finishNameHi: hindiTextSchema,
  borderNameHi: hindiTextSchema,
  borderIn: z.number(),
  /** One framed piece (frame + border), and the line (rounded to whole rupees as at checkout); null when not payable. */
  unitPaise: z.number().int().nullable(),
  linePaise: z.number().int().nullable(),
  /** Null when the line can be paid for; else what is wrong and what to do, in words for the customer. */
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  problemMessage: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Framed pieces in the cart (the sum of quantities): the header's count. */
  itemCount: z.number().int(),
  /** The payable lines' prices. */
  subtotalPaise: z.number().int(),
  /** Null while no delivery pincode is known (no saved address) or the cart is empty. */
  shippingPaise: z.number().int().nullable(),
  /** The applied code's discount (0 without one, or while the code does not apply). */
  discountPaise: z.number().int().default(0),
  /** The code the customer applied (kept with the cart until the order is paid or the code removed); null for none. */
  coupon: appliedCouponSchema.nullable().default(null),
  /** Why the applied code gives nothing now (the cart changed, it expired…), in words; null when it applies. */
  couponProblem: z.string().nullable().default(null),
  /** The error code of `couponProblem` (COUPON_EXPIRED, COUPON_MIN_SUBTOTAL…), so a page can say it in its language. */
  couponProblemCode: z.string().nullable().default(null),
  /** subtotal + shipping − discount (shipping counted as 0 while unknown). */
  totalPaise: z.number().int(),
  /**
   * The GST included in `totalPaise`, as the order's invoice will show it (the domain's `includedGstPaise` at the shop's
   * rate); null from a server that did not send it.
   */
  gstPaise: z.number().int().nullable().default(null),
  /** Delivery window for the saved pincode (India dates, YYYY-MM-DD); null while unknown. */
  arrivesBy: arrivesBySchema.nullable(),
  /** The pincode shipping and the estimate are for (the saved address's); null when none is saved. */
  pincode: z.string().nullable(),
  /** False when the directory lacks `pincode`: shipped at the rest-of-India rate, the shop confirms delivery to it. */
  pincodeInDirectory: z.boolean().default(true),
  /** False while any line has a problem or the cart is empty: create-order refuses the cart then. */
  payable: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.object({ cart: cartSchema });
export const addCartLineResponseSchema = z.object({ line: cartLineSchema, cart: cartSchema });

/** POST /api/create-order for the whole cart: `amount` is the client's total (lines + shipping, paise), a cross-check. */
export const cartOrderBodySchema = z.object({
  cart: z.literal(true),
  amount: z.number().int().nonnegative().max(1_000_000_000),
  currency: z.literal('INR'),
});
export type CartOrderBody = z.infer<typeof cartOrderBodySchema>;
