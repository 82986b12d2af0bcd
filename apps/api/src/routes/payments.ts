import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  PAYMENT_THEME_COLOR,
  paymentConfigResponseSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { sweepUnsentConfirmations } from '../services/orders/confirmation';
import { afterSettlement } from '../services/orders/settle';
import { retryPendingRefunds } from '../services/payments/refunds';
import { HOLD_EXPIRY_CRON, HOLD_EXPIRY_QUEUE, releaseExpiredHolds } from '../services/orders/proof';
import { RECONCILE_CRON, RECONCILE_QUEUE, runReconciliation } from '../services/payments/reconcile';
import { sandboxPay, startSandboxWebhooks } from '../services/payments/sandbox';
import { verifyPayment } from '../services/payments/verify';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
export const paymentsRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function paymentsPlugin(app) {
    const { payments, site } = ctx.config;

    app.get(
      '/payment-config',
      {
        schema: {
          summary: 'What the web checkout needs: the provider, the public key id, the shop name and theme colour',
          tags: ['payments'],
          response: { 200: paymentConfigResponseSchema },
        },
      },
      async () => ({ provider: payments.provider, keyId: payments.keyId, name: site.name, themeColor: PAYMENT_THEME_COLOR }),
    );

    app.post(
      '/verify-payment',
      {
        schema: {
          summary: "Verify the checkout's payment signature and mark the order paid, or its payment held (idempotent)",
          description:
            'A pay-on-approval order is not paid here: its payment is recorded as held, the order moves to `authorized` and the answer is `{message: "Payment authorized", orderId}` ("Payment verified successfully" for pay now). 409 PAID_ORDER_CANCELLED when the order was cancelled before the payment arrived (the payment is refunded); 409 PAYMENT_OF_ANOTHER_ORDER when the payment id is already recorded for another order.',
          tags: ['payments'],
          security: [{ bearerAuth: [] }],
          body: verifyPaymentBodySchema,
          response: { 200: verifyPaymentResponseSchema, ...errors(400, 401, 404, 409) },
        },
        preHandler: requireUser,
        // verifyPayment checks the token's session version inside its own transaction.
        config: { sessionCheckedByRoute: true },
      },
      async (request) => verifyPayment(ctx, userIdOf(request), request.body, request.log, request.sessionToCheck?.sessionVersion ?? null),
    );

    await ctx.jobs.define(RECONCILE_QUEUE, { retryLimit: 0, expireInSeconds: 240 });
    await ctx.jobs.work(RECONCILE_QUEUE, async () => {
      await runReconciliation(ctx, {
        onPaid: (order) => afterSettlement(ctx, { order, becamePaid: true, refundPaymentId: null }, app.log),
        log: app.log,
      });
      // Work a crash or a database failure left half-done: refunds still to ask for, confirmations never queued.
      await retryPendingRefunds(ctx, app.log);
      await sweepUnsentConfirmations(ctx, { log: app.log });
    });
    if (ctx.jobs.runsWorkers) await ctx.jobs.schedule(RECONCILE_QUEUE, RECONCILE_CRON);

    // Holds that ended without an approval are released: nothing is captured and the coupon's use is freed.
    await ctx.jobs.define(HOLD_EXPIRY_QUEUE, { retryLimit: 0, expireInSeconds: 240 });
    await ctx.jobs.work(HOLD_EXPIRY_QUEUE, async () => {
      await releaseExpiredHolds(ctx, {
        onPaid: (order) => afterSettlement(ctx, { order, becamePaid: true, refundPaymentId: null }, app.log),
        log: app.log,
      });
    });
    if (ctx.jobs.runsWorkers) await ctx.jobs.schedule(HOLD_EXPIRY_QUEUE, HOLD_EXPIRY_CRON);

    if (payments.provider !== 'sandbox' || ctx.config.nodeEnv === 'production') return;

    const webhooks = await startSandboxWebhooks(ctx, app.log);
    app.post(
      '/sandbox/pay',
      {
        schema: {
          summary: 'Sandbox checkout (development and tests only): pay or fail an order like Razorpay checkout',
          description:
            "`card`: 'success', 'failure' or a test card number (4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined). Success answers the three values Razorpay checkout hands back, signed with the key secret, and queues a signed payment.captured webhook; failure answers Razorpay's payment.failed `error` and records it on the order.",
          tags: ['payments'],
          security: [{ bearerAuth: [] }],
          body: sandboxPayBodySchema,
          response: { 200: sandboxPayResponseSchema, ...errors(400, 401, 404, 409) },
        },
        preHandler: requireUser,
      },
      async (request) => sandboxPay(ctx, userIdOf(request), request.body, webhooks, request.log),
    );
  };
