/** The shipping contract: the quote a pincode gets and the settings the owner edits. */
import { z } from 'zod';
import { PINCODE_PATTERN } from '../india';
import { SHIPPING_ZONES } from '../shipping';

const paise = z.number().int().nonnegative().max(100_000_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');

export const shippingZoneSchema = z.enum(SHIPPING_ZONES);

/** `GET /api/shipping-quote` query: numbers arrive as strings and are coerced. */
export const shippingQuoteQuerySchema = z
  .object({
    pincode: z.string().regex(PINCODE_PATTERN, 'Invalid Pincode'),
    subtotalPaise: z.coerce.number().int('subtotalPaise is a whole number of paise').nonnegative().max(100_000_000),
    maxOuterInches: z.coerce.number().nonnegative().max(1_000).default(0),
  })
  .strict();

export const arrivesBySchema = z.object({ earliest: isoDate, latest: isoDate });

export const shippingQuoteSchema = z.object({
  zone: shippingZoneSchema,
  shippingPaise: paise,
  arrivesBy: arrivesBySchema,
  /**
   * False for a well-formed pincode the India Post directory lacks (new pincodes are missing from it): it is quoted at
   * the rest-of-India rate and the shop confirms delivery to it. Answers from before this field was sent were all
   * directory pincodes.
   */
  inDirectory: z.boolean().default(true),
  /**
   * The shop's GST rate in basis points (1800 = 18 %), which its prices include: with it a checkout shows the GST the
   * invoice will show (the domain's `includedGstPaise`). Null from a server that did not send it.
   */
  gstRateBp: z.number().int().nonnegative().nullable().default(null),
});

/** The owner's shipping settings (console); all amounts in paise. */
export const shippingSettingsSchema = z
  .object({
    metroPaise: paise,
    elsewherePaise: paise,
    freeFromPaise: paise,
    oversizePaise: paise,
    oversizeAboveInches: z.number().positive().max(1_000),
  })
  .strict();

export const shippingSettingsResponseSchema = z.object({ settings: shippingSettingsSchema });

export type ShippingQuoteQuery = z.infer<typeof shippingQuoteQuerySchema>;
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;
export type ShippingSettingsBody = z.infer<typeof shippingSettingsSchema>;
