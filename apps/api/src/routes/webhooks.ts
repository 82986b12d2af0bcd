import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@framewala/domain';
import type { AppContext } from '../context';
import { handleWebhook } from '../services/payments/webhooks';

/** Razorpay's webhooks. This plugin alone parses JSON as a raw Buffer: the HMAC is over the exact bytes received. */
export const webhooksRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function webhooksPlugin(app) {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      '/webhooks/razorpay',
      {
        schema: {
          summary: 'Razorpay webhook: HMAC-SHA256 of the raw body in X-Razorpay-Signature; duplicates dropped by x-razorpay-event-id',
          description:
            'Handles order.paid and payment.captured (mark paid; never back from paid) and payment.failed (records the reason and code). 409 ORDER_TRANSITION_REFUSED when the order state machine refuses the move: nothing is recorded, so a redelivery is processed.',
          tags: ['payments'],
          response: {
            200: z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) }),
            400: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const eventId = request.headers['x-razorpay-event-id'];
        const status = await handleWebhook(
          ctx,
          { rawBody, signature: request.headers['x-razorpay-signature'], eventId: Array.isArray(eventId) ? eventId[0] : eventId },
          request.log,
        );
        return { status };
      },
    );
  };
