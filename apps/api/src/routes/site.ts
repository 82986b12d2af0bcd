import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';

/** The whitelisted few settings the browser may see: how customers reach the shop. */
export const siteRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function site(app) {
    app.get(
      '/site',
      {
        schema: {
          summary: 'Public shop settings (name and contact links)',
          tags: ['system'],
          response: { 200: z.object({ name: z.string(), supportEmail: z.string(), supportPhone: z.string(), whatsappNumber: z.string() }) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { ...ctx.config.site };
      },
    );
  };
