/**
 * The customer's order calls: create-order, the order history and one order. The API validates and serialises with
 * these schemas (and its OpenAPI document is generated from them); the web client parses the answers with the same.
 */
import { z } from 'zod';
import { savedAddressSchema } from '../account-schemas';
import { CURRENCY } from '../money';
import { ORDER_STATUSES } from '../order-states';
import { hindiTextSchema, textIdSchema } from '../text';
import { cartOrderBodySchema } from './cart';
import { appliedCouponSchema, couponCodeSchema, orderInvoiceSchema } from './coupons';
import { orderPaymentSchema, proofSchema } from './proof';
import { arrivesBySchema } from './shipping';

/** What an order recorded of its line when it was placed (names and prices at that moment). */
export const orderLineSnapshotSchema = z.object({
  sizeId: z.string().nullable(),
  sizeName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  custom: z.boolean(),
  frameSetId: z.string(),
  frameSetName: z.string(),
  finishId: z.string(),
  finishName: z.string(),
  mouldingIn: z.number(),
  frameRatePaisePerSqIn: z.number().int(),
  borderId: z.string(),
  borderName: z.string(),
  borderIn: z.number(),
  borderPricePaise: z.number().int(),
  /** The set, finish and border names in Hindi at purchase; null where the shop had none (and on older orders). */
  frameSetNameHi: hindiTextSchema,
  finishNameHi: hindiTextSchema,
  borderNameHi: hindiTextSchema,
  fspPaise: z.number().int(),
  wbpPaise: z.number().int(),
  unitPaise: z.number().int(),
  checkoutPaise: z.number().int(),
  imageType: z.string(),
});

/** The delivery address an order recorded when it was placed: a saved address's fields, state and country as stored. */
export const orderAddressSnapshotSchema = savedAddressSchema
  .omit({ isHyperlocal: true, billingSameAsDelivery: true })
  .extend({ state: z.string(), country: z.string() });

const id = textIdSchema(200);
const inches = z.number().finite().nonnegative().max(1000);

/**
 * POST /api/create-order body. Names and prices are the client's: only the ids count, and the server prices the
 * order again. `image_url`, `selectedSize`, `selectedFrameInches` and `customSize` are the original storefront's
 * fields: still accepted, never read, and no longer sent by the web client.
 */
export const createOrderBodySchema = z.object({
  cart: z.literal(false).optional(),
  amount: z.number().int().nonnegative().max(1_000_000_000),
  currency: z.literal(CURRENCY),
  image_url: z.string().max(2000).optional(),
  selectedFrame: id,
  selectedSize: z.string().max(200).optional(),
  selectedFrameInches: inches.optional(),
  selectedMotifBorder: inches,
  customSize: z.union([z.string().max(100), z.literal(0)]).optional(),
  quantity: z.number(),
  uploadId: id,
  sizeId: id.nullable(),
  customWidth: z.number().finite().optional(),
  customHeight: z.number().finite().optional(),
  /** A coupon code for this photo; the server checks it and prices the discount into `amount`. */
  couponCode: couponCodeSchema.optional(),
  /** 'now' (the default) or 'on_approval': the payment is held and captured when the customer approves the proof. */
  payment: orderPaymentSchema.default('now'),
});

/** The body the web client sends: the fields the server reads. */
export type CreateOrderBody = Omit<
  z.input<typeof createOrderBodySchema>,
  'image_url' | 'selectedSize' | 'selectedFrameInches' | 'customSize'
>;

/** One photo ("buy now"), or `{cart: true, amount, currency}` for the whole cart. */
export const createOrderRequestSchema = z.discriminatedUnion('cart', [
  cartOrderBodySchema.extend({ payment: orderPaymentSchema.default('now') }),
  createOrderBodySchema,
]);

/** `id` is the shop's order number, `orderId` the payment provider's order; `amount` in paise. */
export const createOrderResponseSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  orderId: z.string(),
});

/** What the customer sees of one line's snapshot. */
const customerLineSchema = orderLineSnapshotSchema.pick({
  sizeName: true,
  widthIn: true,
  heightIn: true,
  frameSetName: true,
  finishName: true,
  mouldingIn: true,
  borderName: true,
  borderIn: true,
  frameSetNameHi: true,
  finishNameHi: true,
  borderNameHi: true,
  fspPaise: true,
  wbpPaise: true,
  unitPaise: true,
  checkoutPaise: true,
});

/** One framed photo of an order as the customer sees it: its snapshot, its quantity and its photo's thumbnail. */
export const customerOrderLineSchema = customerLineSchema.extend({ quantity: z.number().int(), thumbnailUrl: z.string().nullable() });

/**
 * One row of the customer's order history; `_id` is the order number, money in paise. `lines` holds every framed
 * photo of the order in order; `quantity` is the pieces of all of them together, and `frameName`, `frameNameHi`,
 * `sizeName` and `thumbnailUrl` are the first line's.
 */
export const orderSummarySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPaise: z.number().int(),
  /** Included in totalPaise. */
  shippingPaise: z.number().int(),
  /** Taken off totalPaise by the coupon (0 without one). */
  discountPaise: z.number().int().default(0),
  quantity: z.number().int(),
  frameName: z.string(),
  /** `frameName` in Hindi ('वॉलनट (क्लासिक)'), null when the order recorded no Hindi names. */
  frameNameHi: hindiTextSchema,
  sizeName: z.string(),
  thumbnailUrl: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  /** The tax invoice (once paid) and its credit note (once cancelled after payment). */
  invoice: orderInvoiceSchema.nullable().default(null),
  /** Every framed photo of the order (one for a single photo), with its quantity and thumbnail. */
  lines: z.array(customerOrderLineSchema),
});

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const orderListResponseSchema = z.object({ orders: z.array(orderSummarySchema) });

export const orderDetailSchema = orderSummarySchema.extend({
  payment: z.object({
    /** 'now', or 'on_approval' (held until the customer approves the proof); older servers sent no mode: 'now'. */
    mode: orderPaymentSchema.default('now'),
    providerOrderId: z.string(),
    paymentId: z.string().nullable(),
    failureReason: z.string().nullable(),
    failureCode: z.string().nullable(),
  }),
  // What the customer sees of the first line's snapshot (every line is in `lines`): the owner's console shows all of it.
  line: customerLineSchema,
  address: orderAddressSnapshotSchema,
  coupon: appliedCouponSchema.nullable().default(null),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), actor: z.string() })),
  /**
   * Until when the customer may cancel the order herself (free, refunded in full): 24 hours after payment, while it is
   * paid and not yet in production; null when she may not.
   */
  cancellableUntil: z.string().nullable().default(null),
  /**
   * When the order should arrive (India dates, YYYY-MM-DD), counted from its payment by the shipping policy for its
   * pincode's zone; null while it is not paid, and once it is delivered, cancelled or refunded.
   */
  arrivesBy: arrivesBySchema.nullable().default(null),
  /**
   * The GST included in `totalPaise`: what the order's tax invoice shows once paid, and before payment what it would
   * show now (the domain's `includedGstPaise` at the shop's rate). Null from a server that did not send it.
   */
  gstPaise: z.number().int().nullable().default(null),
  /** When the payment hold of a pay-on-approval order ends (it is released uncaptured then); null for pay now. */
  holdEndsAt: z.string().nullable().default(null),
  /** The latest proof of a pay-on-approval order once the owner has sent one; null before, and for pay now. */
  proof: proofSchema.nullable().default(null),
});

/** GET /api/orders/:id (the order number). */
export const orderParamsSchema = z.object({ id: textIdSchema(40) });
export const orderDetailResponseSchema = z.object({ order: orderDetailSchema });

export type OrderLineSnapshotShape = z.infer<typeof orderLineSnapshotSchema>;
export type OrderAddressSnapshotShape = z.infer<typeof orderAddressSnapshotSchema>;
export type CreatedOrder = z.infer<typeof createOrderResponseSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type CustomerOrderLine = z.infer<typeof customerOrderLineSchema>;
