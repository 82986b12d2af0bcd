import { z } from 'zod';
import { ORDER_STATUSES } from '@framewala/domain';
import { orderAddressSnapshotSchema, orderLineSnapshotSchema } from '../orders/snapshot-schemas';

/** Response and request shapes of the owner's console API (docs/admin-api.md). Money is in paise. */

/** A payment problem the owner must look at: a payment for a cancelled order (refunded), or one that did not cover it. */
export const paymentFlagSchema = z.object({ code: z.enum(['paid_after_cancel', 'amount_mismatch']), note: z.string() }).nullable();

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

export const adminOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  paidAt: z.string().nullable(),
  amountPaise: z.number().int(),
  /** Included in amountPaise. */
  shippingPaise: z.number().int(),
  currency: z.string(),
  quantity: z.number().int(),
  customer: z.object({ userId: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  address: orderAddressSnapshotSchema,
  line: orderLineSnapshotSchema,
  photo: z
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
    .nullable(),
  payment: z.object({
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
  mockupUrl: z.string(),
  printFile: printFileInfoSchema.nullable(),
  /** Every framed photo of the order with its print file (one for a single-photo order). */
  lines: z.array(
    z.object({
      uploadId: z.string().nullable(),
      quantity: z.number().int(),
      line: orderLineSnapshotSchema,
      printFile: printFileInfoSchema.nullable(),
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
  material: z.string(),
  active: z.boolean(),
  artSource: z.string(),
  thumbnailUrl: z.string(),
  images: z.object({
    sideUp: z.string(),
    sideDown: z.string(),
    sideLeft: z.string(),
    sideRight: z.string(),
    topLeft: z.string(),
    topRight: z.string(),
    bottomLeft: z.string(),
    bottomRight: z.string(),
  }),
});

export const adminFrameSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  mouldingIn: z.number(),
  ratePaisePerSqIn: z.number().int(),
  active: z.boolean(),
  finishes: z.array(adminFinishSchema),
});

export const adminBorderSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  name: z.string(),
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

export const frameSetPatchSchema = z
  .object({
    name: finishNameSchema.optional(),
    description: descriptionSchema.optional(),
    ratePaisePerSqIn: z.number().int().min(1).max(MAX_RATE_PAISE_PER_SQ_IN).optional(),
  })
  .strict();

export const finishPatchSchema = z
  .object({
    name: finishNameSchema.optional(),
    description: descriptionSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();

export const borderPatchSchema = z.object({ pricePaise: z.number().int().min(0).max(MAX_BORDER_PRICE_PAISE) }).strict();

export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type PrintFileInfo = z.infer<typeof printFileInfoSchema>;
export type AdminFinish = z.infer<typeof adminFinishSchema>;
export type AdminFrameSet = z.infer<typeof adminFrameSetSchema>;
export type AdminBorder = z.infer<typeof adminBorderSchema>;
