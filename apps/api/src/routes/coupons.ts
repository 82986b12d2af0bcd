import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponQuoteBodySchema, couponQuoteResponseSchema, errorBodySchema } from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { priceCoupon } from '../services/coupons';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

/**
 * The customer's coupon calls outside the cart (the cart's own code is applied with POST /api/cart/coupon, in
 * ./cart.ts; the owner's coupon codes are in ./admin/coupons.ts).
 */
export const couponRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function couponPlugin(app) {
    app.post(
      '/coupon-quote',
      {
        schema: {
          summary: "What a coupon code takes off a single photo's order, for the checkout's preview",
          description:
            'The same checks and wording as POST /api/cart/coupon, on the given frames subtotal and shipping (paise). Nothing is held or stored; create-order prices the code again from the catalogue.',
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          body: couponQuoteBodySchema,
          response: { 200: couponQuoteResponseSchema, ...errors(400, 401, 422) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        const { code, subtotalPaise, shippingPaise } = request.body;
        const priced = await priceCoupon(ctx.database.pool, userIdOf(request), code, { subtotalPaise, shippingPaise });
        return {
          coupon: { code: priced.coupon.code, summary: priced.summary },
          discountPaise: priced.discountPaise,
          discountsShipping: priced.coupon.discountsShipping,
        };
      },
    );
  };
