import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, shippingQuoteQuerySchema, shippingQuoteSchema } from '@framewala/domain';
import type { AppContext } from '../context';
import { taxSettingsOf } from '../services/invoices';
import { priceShipping } from '../services/shipping';

export const shippingRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function shipping(app) {
    app.get(
      '/shipping-quote',
      {
        schema: {
          summary: 'Shipping charge and delivery window for a pincode',
          description: [
            "`zone` is metro (a district of Delhi, Mumbai, Kolkata, Chennai, Bengaluru or Hyderabad) or elsewhere. `shippingPaise` follows the owner's settings: the zone's charge (free from the free-shipping subtotal) plus the oversize charge when `maxOuterInches`, the longest outer side of any framed piece, exceeds the oversize limit.",
            '`arrivesBy` gives the first and last likely delivery dates (YYYY-MM-DD, India time) for an order placed now: 1–2 business days of processing, then 3–5 (metro) or 5–7 (elsewhere) business days in transit; Sundays and national holidays are not business days.',
            "`gstRateBp` is the shop's GST rate in basis points (1800 = 18 %), included in every price: a checkout shows the GST the invoice will show with the domain's `includedGstPaise`.",
            '`inDirectory` is false for a well-formed pincode the India Post directory lacks (new pincodes are missing from it): it is quoted at the rest-of-India (elsewhere) rate, as the cart and create-order price it, and the shop confirms delivery to it. A malformed pincode is 400.',
          ].join('\n\n'),
          tags: ['orders'],
          querystring: shippingQuoteQuerySchema,
          response: { 200: shippingQuoteSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { pincode, subtotalPaise, maxOuterInches } = request.query;
        reply.header('cache-control', 'no-store');
        const [quote, tax] = await Promise.all([
          priceShipping(ctx.database, pincode, subtotalPaise, maxOuterInches),
          taxSettingsOf(ctx.database.db, ctx.config.tax),
        ]);
        return { ...quote, gstRateBp: tax.settings.rateBp };
      },
    );
  };
