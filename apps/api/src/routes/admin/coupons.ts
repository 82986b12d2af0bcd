import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponBodySchema, couponListResponseSchema, couponParamsSchema, couponResponseSchema } from '@framewala/domain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { createCoupon, listCoupons, updateCoupon } from '../../services/coupons';
import { errors, SECURITY, TAGS } from './common';

/**
 * Coupon codes in the owner's console (docs/admin-api.md). An admin only, checked before the body is read. The
 * customer's coupon quote is in ../coupons.ts.
 */
export const adminCouponsRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function adminCouponsPlugin(app) {
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/admin/coupons',
      {
        schema: {
          summary: 'Every coupon code, newest first, with its paid uses',
          tags: TAGS,
          security: SECURITY,
          response: { 200: couponListResponseSchema, ...errors(401, 403) },
        },
      },
      async () => ({ coupons: await listCoupons(ctx.database) }),
    );

    app.post(
      '/admin/coupons',
      {
        schema: {
          summary: 'Create a coupon code',
          description:
            '`kind` percent (`value` 1–100) or flat (`value` paise); `validFrom`/`validTo` India calendar days, both included (null: open-ended); `totalUses`/`perCustomer` null for unlimited. The code is stored upper case; 409 COUPON_TAKEN when it exists.',
          tags: TAGS,
          security: SECURITY,
          body: couponBodySchema,
          response: { 201: couponResponseSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request, reply) => reply.status(201).send({ coupon: await createCoupon(ctx.database, request.body) }),
    );

    app.put(
      '/admin/coupons/:id',
      {
        schema: {
          summary: 'Change a coupon (pause it with `active: false`); uses already counted stay',
          tags: TAGS,
          security: SECURITY,
          params: couponParamsSchema,
          body: couponBodySchema,
          response: { 200: couponResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ coupon: await updateCoupon(ctx.database, request.params.id, request.body) }),
    );
  };
