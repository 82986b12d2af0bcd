import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, pincodeResponseSchema } from '@framewala/domain';
import type { AppContext } from '../context';
import { lookUpPincode, pincodeDirectory } from '../services/pincode';

export const pincodeRoutes = (_ctx: AppContext): FastifyPluginAsyncZod =>
  async function pincode(app) {
    // Index the directory once the server listens, so the first customer does not wait for it (tests never listen).
    app.addHook('onListen', async () => {
      pincodeDirectory().catch((err: unknown) => app.log.error({ err }, 'could not load the pincode directory'));
    });

    app.get(
      '/pincode/:code',
      {
        schema: {
          summary: "Post offices of a pincode, in India Post's API shape",
          description:
            'From the India Post directory shipped with the shop. A 6-digit code the directory lacks answers 200 `[{Status: "Error", Message: "No records found", PostOffice: null}]`, as India Post does; anything other than 6 digits is 400 VALIDATION. States use today\'s names (Leh and Kargil are in Ladakh).',
          tags: ['addresses'],
          params: z.object({ code: z.string().regex(/^[0-9]{6}$/, 'A pincode is 6 digits') }),
          response: { 200: pincodeResponseSchema, 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return [await lookUpPincode(request.params.code)];
      },
    );
  };
