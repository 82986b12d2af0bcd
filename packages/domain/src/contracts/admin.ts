import { z } from 'zod';
import { ORDER_STATUSES } from '../order-states';
import { hindiTextSchema, plainTextSchema, textIdSchema } from '../text';
import { FRAME_PARTS, type FramePart } from '../schemas';
import { orderInvoiceSchema } from './coupons';
import { orderAddressSnapshotSchema, orderLineSnapshotSchema } from './orders';
import { orderPaymentSchema, proofSchema } from './proof';

/**
 * Request and response shapes of the owner's console API under /api/admin (docs/admin-api.md), used by the API's
 * routes (validation, serialisation, OpenAPI) and by the console's client alike. Money is in paise.
 */

/** A payment problem the owner must look at: a payment for a cancelled order (refunded), or one that did not cover it. */
export const paymentFlagSchema = z.object({ code: z.enum(['paid_after_cancel', 'amount_mismatch']), note: z.string() }).nullable();

/** One framed photo of an order in the console's list: enough to tell the lines apart ('2 × 12x8 in, Matte Black (Classic)'). */
export const adminOrderLineSummarySchema = z.object({
  quantity: z.number().int(),
  sizeName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  /** 'Finish (Set)', as the row's `finishName`. */
  finishName: z.string(),
  borderIn: z.number(),
  thumbnailUrl: z.string().nullable(),
});

/**
 * One row of the console's order list. `lines` holds every framed photo of the order in order; `quantity` is the
 * pieces of all of them together, and `sizeName`, `finishName` and `thumbnailUrl` are the first line's.
 */
export const adminOrderSummarySchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  amountPaise: z.number().int(),
  quantity: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  sizeName: z.string(),
  finishName: z.string(),
  thumbnailUrl: z.string().nullable(),
  paymentFlag: paymentFlagSchema,
  lines: z.array(adminOrderLineSummarySchema),
  /** When a held order's payment hold ends (the console shows the time left); null for pay now. */
  holdEndsAt: z.string().nullable().default(null),
});

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const printFileInfoSchema = z.object({
  status: z.enum(['queued', 'rendering', 'ready', 'failed']),
  format: z.string(),
  widthPx: z.number().int().nullable(),
  heightPx: z.number().int().nullable(),
  ppi: z.number().nullable(),
  borderPx: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  source: z.object({
    uploadId: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    region: z.object({ left: z.number().int(), top: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
    profile: z.string().nullable(),
  }),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** A line's photo as the console shows it: the crop the customer framed (null once the photo is deleted). */
export const adminOrderPhotoSchema = z
  .object({
    uploadId: z.string(),
    thumbnailUrl: z.string().nullable(),
    url: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    crop: z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
    originalWidth: z.number().int(),
    originalHeight: z.number().int(),
  })
  .nullable();

/**
 * One order in the console. `lines` holds every framed photo with its own snapshot, photo, mock-up and print file;
 * `quantity` is the pieces of all of them together, and `line`, `photo`, `mockupUrl` and `printFile` are the first
 * line's.
 */
export const adminOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  paidAt: z.string().nullable(),
  amountPaise: z.number().int(),
  /** Included in amountPaise. */
  shippingPaise: z.number().int(),
  /** Taken off amountPaise by `couponCode`. */
  discountPaise: z.number().int().default(0),
  couponCode: z.string().nullable().default(null),
  invoice: orderInvoiceSchema.nullable().default(null),
  currency: z.string(),
  quantity: z.number().int(),
  customer: z.object({ userId: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  address: orderAddressSnapshotSchema,
  /**
   * False when the India Post directory lacks the delivery pincode: the customer was told the shop would confirm
   * delivery to it (it was charged the rest-of-India rate).
   */
  pincodeInDirectory: z.boolean().default(true),
  line: orderLineSnapshotSchema,
  photo: adminOrderPhotoSchema,
  payment: z.object({
    /** 'now', or 'on_approval' (held until the customer approves the proof). */
    mode: orderPaymentSchema.default('now'),
    providerOrderId: z.string(),
    paymentId: z.string().nullable(),
    payments: z.array(
      z.object({
        providerPaymentId: z.string(),
        amountPaise: z.number().int(),
        currency: z.string(),
        source: z.string(),
        createdAt: z.string(),
        refund: z
          .object({
            status: z.enum(['pending', 'requesting', 'refunded']),
            reason: z.string().nullable(),
            refundId: z.string().nullable(),
            refundedAt: z.string().nullable(),
          })
          .nullable(),
      }),
    ),
  }),
  paymentFlag: paymentFlagSchema,
  failure: z.object({ code: z.string().nullable(), reason: z.string().nullable() }).nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  history: z.array(
    z.object({
      from: z.enum(ORDER_STATUSES).nullable(),
      to: z.enum(ORDER_STATUSES),
      actor: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  /** When a held order's payment hold ends; null for pay now. */
  holdEndsAt: z.string().nullable().default(null),
  /** The latest proof sent (with the customer's change requests); null before the first, and for pay now. */
  proof: proofSchema.nullable().default(null),
  mockupUrl: z.string(),
  printFile: printFileInfoSchema.nullable(),
  /** Every framed photo of the order (one for a single-photo order), in order. */
  lines: z.array(
    z.object({
      uploadId: z.string().nullable(),
      quantity: z.number().int(),
      line: orderLineSnapshotSchema,
      printFile: printFileInfoSchema.nullable(),
      photo: adminOrderPhotoSchema,
      /** GET this for the line's framed mock-up (JPEG): `…/mockup` for the first line, `…/mockup?line=N` for line N. */
      mockupUrl: z.string(),
    }),
  ),
});

/** One line of plain text: no control characters. */
const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of plain text');

export const statusMoveBodySchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    /** Required (non-empty) when status is shipped: 422 otherwise. */
    carrier: z
      .string()
      .trim()
      .max(60)
      .regex(/^[^\p{Cc}]*$/u, 'must be one line of plain text')
      .optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(60)
      .regex(/^$|^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'use letters, digits, spaces and . _ / -')
      .optional(),
    note: z
      .string()
      .trim()
      .max(500)
      .regex(/^(?:[^\p{Cc}]|\n)*$/u, 'must be plain text')
      .optional(),
  })
  .strict();

export const adminFinishSchema = z.object({
  id: z.string(),
  setId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The customers' filter the finish falls under (Wood, Metallic…). */
  category: z.string().default(''),
  /** The texts in Hindi, shown on Hindi pages; null where none is written (the English is shown). */
  nameHi: hindiTextSchema,
  categoryHi: hindiTextSchema,
  descriptionHi: hindiTextSchema,
  material: z.string(),
  active: z.boolean(),
  artSource: z.string(),
  thumbnailUrl: z.string(),
  images: z.object(Object.fromEntries(FRAME_PARTS.map((part) => [part, z.string()])) as Record<FramePart, z.ZodString>),
});

export const adminFrameSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nameHi: hindiTextSchema,
  descriptionHi: hindiTextSchema,
  mouldingIn: z.number(),
  ratePaisePerSqIn: z.number().int(),
  active: z.boolean(),
  finishes: z.array(adminFinishSchema),
});

export const adminBorderSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  name: z.string(),
  nameHi: hindiTextSchema,
  sizeName: z.string(),
  sizeIn: z.number(),
  pricePaise: z.number().int(),
});

export const NAME_MAX = 60;
export const DESCRIPTION_MAX = 500;
/** ₹1,000 per square inch: far above any real moulding, low enough to keep totals in an int. */
export const MAX_RATE_PAISE_PER_SQ_IN = 100_000;
export const MAX_BORDER_PRICE_PAISE = 10_000_000;

export const finishNameSchema = oneLine(NAME_MAX);
export const descriptionSchema = z
  .string()
  .trim()
  .min(1)
  .max(DESCRIPTION_MAX)
  .regex(/^[^\p{Cc}]*$/u, 'must be one paragraph of plain text');

/**
 * A Hindi text beside an English one, as the owner writes it: at most `max` characters, plain text; '' or null clears
 * it (customers then see the English). Changing the English without sending its Hindi clears the Hindi as well, since
 * it translated the old text.
 */
const hindiInput = (max: number, what: 'one line' | 'one paragraph') =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, `must be ${what} of plain text`)
    .nullable()
    .optional();

export const hindiNameSchema = hindiInput(NAME_MAX, 'one line');
export const hindiDescriptionSchema = hindiInput(DESCRIPTION_MAX, 'one paragraph');

export const frameSetPatchSchema = z
  .object({
    name: finishNameSchema.optional(),
    description: descriptionSchema.optional(),
    ratePaisePerSqIn: z.number().int().min(1).max(MAX_RATE_PAISE_PER_SQ_IN).optional(),
    nameHi: hindiNameSchema,
    descriptionHi: hindiDescriptionSchema,
  })
  .strict();

export const finishPatchSchema = z
  .object({
    name: finishNameSchema.optional(),
    description: descriptionSchema.optional(),
    active: z.boolean().optional(),
    nameHi: hindiNameSchema,
    categoryHi: hindiNameSchema,
    descriptionHi: hindiDescriptionSchema,
  })
  .strict();

/** A border's price (paise; level 0 stays free) and its Hindi name; either or both. */
export const borderPatchSchema = z
  .object({ pricePaise: z.number().int().min(0).max(MAX_BORDER_PRICE_PAISE).optional(), nameHi: hindiNameSchema })
  .strict();

/** The materials a finish is made of; the shop can also draw a finish's eight images from one of them and a colour. */
export const FINISH_MATERIALS = ['wood', 'metal', 'lacquer'] as const;
export type FinishMaterial = (typeof FINISH_MATERIALS)[number];

/** The text fields of the add-finish form (multipart, beside the eight images named by FRAME_PARTS). */
export const newFinishFieldsSchema = z
  .object({
    name: finishNameSchema,
    description: descriptionSchema,
    nameHi: hindiNameSchema,
    descriptionHi: hindiDescriptionSchema,
    material: z.enum(FINISH_MATERIALS).optional(),
    generate: z.enum(FINISH_MATERIALS).optional(),
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #7a4b2c')
      .optional(),
  })
  .strict();

export const ADMIN_ORDERS_DEFAULT_PAGE_SIZE = 20;
/** The order-list filter for the orders to make (ORDERS_TO_MAKE: paid or in production). */
export const ADMIN_TO_MAKE = 'to_make';
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

/** GET /api/admin/orders query. */
export const adminOrderListQuerySchema = z
  .object({
    status: z
      .enum([...ORDER_STATUSES, ADMIN_TO_MAKE])
      .optional()
      .describe('One status, or to_make: the orders to make (paid or in production); none: every status'),
    q: plainTextSchema(100).optional(),
    flagged: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .describe('true: only orders with a payment problem to look at (a payment for a cancelled order, an amount that did not cover it)'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_ORDERS_MAX_PAGE_SIZE).default(ADMIN_ORDERS_DEFAULT_PAGE_SIZE),
  })
  .strict();

/** An order or catalogue item named in the path. */
export const adminIdParamsSchema = z.object({ id: textIdSchema(200) });

export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });
export const adminCatalogueResponseSchema = z.object({ frameSets: z.array(adminFrameSetSchema), borders: z.array(adminBorderSchema) });
export const adminFrameSetResponseSchema = z.object({ frameSet: adminFrameSetSchema });
export const adminFinishResponseSchema = z.object({ finish: adminFinishSchema });
export const adminBorderResponseSchema = z.object({ border: adminBorderSchema });
export const printFileResponseSchema = z.object({ printFile: printFileInfoSchema });

/** The order named in the mock-up and print-file paths. */
export const adminPrintParamsSchema = z.object({ id: textIdSchema(100).describe('The order number') });

/** GET /api/admin/orders/:id/mockup and …/print-file query. */
export const adminOrderLineQuerySchema = z.object({
  line: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('The framed photo of the order: 1 for the first (the default), 2 for the second…'),
});

/** POST /api/admin/orders/:id/print-file body (optional). */
export const printFileRebuildBodySchema = z
  .object({
    line: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('The framed photo whose file is rebuilt: 1 for the first (the default), 2 for the second…'),
    format: z
      .enum(['tiff', 'jpeg'])
      .optional()
      .describe("'tiff' (LZW, the default) or 'jpeg' (quality 100); defaults to the file's current format"),
  })
  .strict()
  .nullish();

export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminOrderLineSummary = z.infer<typeof adminOrderLineSummarySchema>;
export type AdminOrderPhoto = z.infer<typeof adminOrderPhotoSchema>;
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type PrintFileInfo = z.infer<typeof printFileInfoSchema>;
export type AdminFinish = z.infer<typeof adminFinishSchema>;
export type AdminFrameSet = z.infer<typeof adminFrameSetSchema>;
export type AdminBorder = z.infer<typeof adminBorderSchema>;
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
export type AdminCatalogue = z.infer<typeof adminCatalogueResponseSchema>;
export type StatusMoveBody = z.input<typeof statusMoveBodySchema>;
export type FrameSetPatch = z.input<typeof frameSetPatchSchema>;
export type FinishPatch = z.input<typeof finishPatchSchema>;
export type BorderPatch = z.input<typeof borderPatchSchema>;
