/**
 * The coupon and tax-invoice contract: applying a code to the cart, the owner's coupons and shop tax settings, and
 * what an order shows of its invoice and credit note.
 */
import { z } from 'zod';
import { COUPON_CODE_PATTERN, COUPON_KINDS, normalizeCouponCode } from '../coupons';
import { GST_RATES_BP, INVALID_GSTIN_MESSAGE, INVOICE_PREFIX_PATTERN, isValidGstin, normalizeGstin } from '../gst';
import { INDIAN_STATES } from '../india';
import { plainTextSchema, textIdSchema } from '../text';

const paise = z.number().int().nonnegative().max(100_000_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');

/** A code as the customer types it: any case, spaces around it ignored. */
export const couponCodeSchema = z
  .string()
  .max(60)
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(COUPON_CODE_PATTERN, 'A code is 3 to 30 letters, digits, - or _.'));

/** POST /api/cart/coupon. */
export const applyCouponBodySchema = z.object({ code: couponCodeSchema }).strict();
export type ApplyCouponBody = z.input<typeof applyCouponBodySchema>;

/**
 * POST /api/coupon-quote: what a code takes off a single photo's order (the checkout shows it before paying). The
 * figures are the client's and only shape the preview: create-order prices the code again from the catalogue.
 */
export const couponQuoteBodySchema = z.object({ code: couponCodeSchema, subtotalPaise: paise, shippingPaise: paise }).strict();
export type CouponQuoteBody = z.input<typeof couponQuoteBodySchema>;

/** The code applied to a cart or order, with what it gives in words ('10% off'). */
export const appliedCouponSchema = z.object({ code: z.string(), summary: z.string() });

export const couponQuoteResponseSchema = z.object({
  coupon: appliedCouponSchema,
  discountPaise: z.number().int(),
  /** Whether the discount is spread over the shipping charge too (the code covers shipping): the invoice's GST rows follow it. */
  discountsShipping: z.boolean().default(false),
});
export type CouponQuote = z.infer<typeof couponQuoteResponseSchema>;

/** A GSTIN as a form sends it: '' for none; else it must have the right format and check character. */
export const optionalGstinSchema = z
  .string()
  .max(20, INVALID_GSTIN_MESSAGE)
  .transform(normalizeGstin)
  .refine((g) => g === '' || isValidGstin(g), { message: INVALID_GSTIN_MESSAGE });

// ---- Owner's coupons ----

const couponFields = {
  code: couponCodeSchema,
  kind: z.enum(COUPON_KINDS),
  /** Percent off (1–100) for 'percent'; paise off for 'flat'. */
  value: z.number().int().positive().max(100_000_000),
  minSubtotalPaise: paise,
  validFrom: isoDate.nullable(),
  validTo: isoDate.nullable(),
  totalUses: z.number().int().positive().max(10_000_000).nullable(),
  perCustomer: z.number().int().positive().max(1_000).nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  discountsShipping: z.boolean(),
  /** The owner's note (the festival, the campaign); not shown to customers. */
  note: plainTextSchema(200).default(''),
};

/** POST /api/admin/coupons and PUT /api/admin/coupons/:id. */
export const couponBodySchema = z
  .object(couponFields)
  .strict()
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'A percentage is at most 100.', path: ['value'] })
  .refine((c) => c.validFrom === null || c.validTo === null || c.validFrom <= c.validTo, {
    message: 'The last day cannot be before the first day.',
    path: ['validTo'],
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  minSubtotalPaise: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  totalUses: z.number().int().nullable(),
  perCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  discountsShipping: z.boolean(),
  note: z.string(),
  /** Paid orders that used it. */
  usedCount: z.number().int(),
  summary: z.string(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponParamsSchema = z.object({ id: textIdSchema(100) });
export const couponResponseSchema = z.object({ coupon: couponSchema });
export const couponListResponseSchema = z.object({ coupons: z.array(couponSchema) });

// ---- Shop tax settings ----

/** The seller on every invoice: the owner's settings (console), else the configuration's defaults. */
export const taxSettingsSchema = z
  .object({
    legalName: plainTextSchema(120).pipe(z.string().min(1, 'Enter the legal name')),
    address: plainTextSchema(400).pipe(z.string().min(1, 'Enter the address')),
    state: z.enum(INDIAN_STATES),
    gstin: z.string().transform(normalizeGstin).refine(isValidGstin, { message: 'This GSTIN is not valid: check its 15 characters.' }),
    hsn: z.string().regex(/^[0-9]{4,8}$/, 'An HSN code is 4 to 8 digits.'),
    rateBp: z
      .number()
      .int()
      .refine((r) => (GST_RATES_BP as readonly number[]).includes(r), { message: 'Choose a GST rate: 0, 5, 12, 18 or 28 %.' }),
    invoicePrefix: z.string().regex(INVOICE_PREFIX_PATTERN, 'The prefix is 1 to 6 capital letters or digits.'),
  })
  .strict();
export type TaxSettings = z.output<typeof taxSettingsSchema>;
export type TaxSettingsBody = z.input<typeof taxSettingsSchema>;

export const taxSettingsResponseSchema = z.object({
  settings: z.object({
    legalName: z.string(),
    address: z.string(),
    state: z.enum(INDIAN_STATES),
    gstin: z.string(),
    hsn: z.string(),
    rateBp: z.number().int(),
    invoicePrefix: z.string(),
  }),
  /** False while the configuration's defaults apply (the owner has not saved any). */
  saved: z.boolean(),
});

// ---- Invoices on orders ----

/** What an order shows of its tax invoice (paid orders) and its credit note (cancelled after payment). */
export const orderInvoiceSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** GET this (signed in as the buyer or the owner) for the PDF. */
  url: z.string(),
  creditNote: z.object({ number: z.string(), issuedAt: z.string(), amountPaise: z.number().int() }).nullable(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;
