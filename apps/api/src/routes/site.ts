import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { shippingSettingsOf } from '../services/shipping';

/**
 * The whitelisted few settings the browser may see: how customers reach the shop, and the order subtotal from which
 * delivery is free (the owner's shipping settings), which the landing page states.
 */
export const siteRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function site(app) {
    app.get(
      '/site',
      {
        schema: {
          summary: 'Public shop settings (name, contact links and the free-delivery subtotal)',
          description:
            "`freeShippingFromPaise`: the frames' subtotal (paise) from which the zone's delivery charge is waived, as the owner set it (`GET /api/shipping-quote` applies it).",
          tags: ['system'],
          response: {
            200: z.object({
              name: z.string(),
              supportEmail: z.string(),
              supportPhone: z.string(),
              whatsappNumber: z.string(),
              freeShippingFromPaise: z.number().int().nonnegative(),
            }),
          },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        const { freeFromPaise } = await shippingSettingsOf(ctx.database);
        return { ...ctx.config.site, freeShippingFromPaise: freeFromPaise };
      },
    );
  };
