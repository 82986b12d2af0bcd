import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  errorBodySchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  orderParamsSchema,
  proofChangesBodySchema,
  proofMockupQuerySchema,
  ShopError,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { createOrder, idempotencyBodyHash } from '../services/orders/create';
import { renderInvoicePdf } from '../services/invoice-pdf';
import { readInvoice } from '../services/invoices';
import { cancelOrderByCustomer } from '../services/orders/cancel';
import { approveProof, proofMockupKey, requestProofChange } from '../services/orders/proof';
import { getOrder, listOrders } from '../services/orders/read';
import { byAccountOrIp, DEFAULT_SHOP_RATE_LIMITS, rateLimit, type ShopRateLimits } from '../services/rate-limit';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const TOO_MANY_ORDERS = 'Too many orders started in a short time. Please wait a few minutes and try again.';

export const ordersRoutes = (ctx: AppContext, limits: Partial<ShopRateLimits> = {}): FastifyPluginAsyncZod =>
  async function ordersPlugin(app) {
    const rules = { ...DEFAULT_SHOP_RATE_LIMITS, ...limits };
    app.post(
      '/create-order',
      {
        schema: {
          summary: 'Create an order priced by the server, and its payment provider order',
          description:
            "`couponCode` (optional, case-insensitive) takes the code's discount off the total: `amount` must be the total after it; 422 with the code's reason (COUPON_*) when it does not apply, COUPON_USED_UP when its last use was taken; one use is held for this order for 30 minutes and counted when it is paid. The whole cart uses the code applied with POST /api/cart/coupon. The server re-reads the upload (yours, not expired, ready), the size (`sizeId`, or `customWidth`/`customHeight` when `sizeId` is null), the finish (`selectedFrame`), the border (`selectedMotifBorder` inches) and quantity 1–50, and prices it. 409 PRICE_MISMATCH `{amount}` when `amount` (paise) differs; 422 when a rule is broken or no address is saved. Header `Idempotency-Key` (8–100 of A–Z a–z 0–9 _ -): the same key with the same body answers with the same order (200 instead of 201); the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED. 429 over 30 orders in 10 minutes per account. With `{cart: true, amount, currency}` the order is the whole cart: every line priced as above, plus shipping to the saved address; 422 when the cart is empty or a line cannot be paid for (`lineId`, `problem`); the cart keeps its lines until this order is paid. `payment` (`now`, the default, or `on_approval`): with `on_approval` the provider order is manual capture, so the payment is only authorized (held, for 3 days) until the customer approves the proof (POST /api/orders/:id/proof/approve); the coupon's use stays held, not counted, until then, and is freed when the hold is released.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          body: createOrderRequestSchema,
          response: { 200: createOrderResponseSchema, 201: createOrderResponseSchema, ...errors(400, 401, 404, 409, 422, 429, 502) },
        },
        preHandler: [
          requireUser,
          rateLimit(ctx.database, { key: byAccountOrIp('create-order'), ...rules.createOrderPerAccount, message: TOO_MANY_ORDERS }),
        ],
        // createOrder checks the token's session version in its own first query (decision 032).
        config: { sessionCheckedByRoute: true },
      },
      async (request, reply) => {
        const header = request.headers['idempotency-key'];
        const key = Array.isArray(header) ? header[0] : header;
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
          throw new ShopError('VALIDATION', 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _ (a UUID).', {
            field: 'Idempotency-Key',
          });
        }
        const b = request.body;
        const { order, replayed } = await createOrder(
          ctx,
          userIdOf(request),
          b.cart === true
            ? { kind: 'cart', amount: b.amount, clientAddress: request.ip, payment: b.payment }
            : {
                kind: 'photo',
                amount: b.amount,
                payment: b.payment,
                clientAddress: request.ip,
                couponCode: b.couponCode,
                line: {
                  uploadId: b.uploadId,
                  sizeId: b.sizeId,
                  customWidth: b.customWidth,
                  customHeight: b.customHeight,
                  selectedFrame: b.selectedFrame,
                  selectedMotifBorder: b.selectedMotifBorder,
                  quantity: b.quantity,
                },
              },
          key,
          request.sessionToCheck?.sessionVersion ?? null,
          key === undefined ? null : idempotencyBodyHash(b),
        );
        return reply.status(replayed ? 200 : 201).send(order);
      },
    );

    app.get(
      '/orders',
      {
        schema: {
          summary: "The signed-in customer's orders, newest first",
          description:
            "`lines` has every framed photo of an order (its size, frame, border, prices, quantity and thumbnail); `quantity` is the pieces of every line, `frameName`, `sizeName` and `thumbnailUrl` the first line's.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          response: { 200: orderListResponseSchema, ...errors(401) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ orders: await listOrders(ctx, userIdOf(request)) }),
    );

    app.get(
      '/orders/:id',
      {
        schema: {
          summary: 'One of your orders (by order number) with its lines, payment and status history',
          description:
            "`lines` has every framed photo of the order; `line` is the first line's. `arrivesBy` is the delivery window (India dates) counted from the payment by the shipping policy for the pincode's zone, while the order is paid and not yet delivered; null otherwise.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          response: { 200: orderDetailResponseSchema, ...errors(401, 404) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ order: await getOrder(ctx, userIdOf(request), request.params.id) }),
    );

    app.post(
      '/orders/:id/cancel',
      {
        schema: {
          summary: 'Cancel one of your paid orders, free, within 24 hours of payment: the payment is refunded in full',
          description:
            "Allowed while the order is paid and not yet in production, until 24 hours after payment (the order's `cancellableUntil`). Answers the order, now `cancelled`: its tax invoice has its credit note, the payment's refund is asked of the payment provider (to the card, UPI or bank account it came from; 5–7 working days), the customer is e-mailed, and the status history records the customer as the one who cancelled. 409 `{message, code, status, reason}` when it may not be cancelled: CANCELLATION_WINDOW_CLOSED (over 24 hours since payment), PRODUCTION_STARTED (in production, shipped or delivered), ORDER_NOT_CANCELLABLE (not paid, or already cancelled or refunded); `reason` is the domain's transition refusal (e.g. CANCELLATION_WINDOW_CLOSED, NOT_A_NEXT_STATUS, ALREADY_IN_STATUS). Another customer's order and an unknown one are 404.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          response: { 200: orderDetailResponseSchema, ...errors(401, 404, 409) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ order: await cancelOrderByCustomer(ctx, userIdOf(request), request.params.id, request.log) }),
    );

    app.get(
      '/orders/:id/invoice.pdf',
      {
        schema: {
          summary: 'The GST tax invoice of a paid order (A4 PDF), with its credit note when cancelled after payment',
          description:
            'For the customer who placed the order and for the shop staff; anyone else, an unknown order and an unpaid one are all 404.',
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          response: { 200: z.any().describe('application/pdf'), ...errors(401, 404) },
        },
        preHandler: requireUser,
      },
      async (request, reply) => {
        const staff = request.auth?.role === 'admin';
        const invoice = await readInvoice(ctx, request.params.id, staff ? null : userIdOf(request));
        const pdf = await renderInvoicePdf(invoice, ctx.config.site.name);
        const name = `${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/orders/:id/proof/approve',
      {
        schema: {
          summary: 'Approve the proof of your pay-on-approval order: the held payment is captured and production starts',
          description:
            "Allowed while the order is `proof_sent` and its hold lasts (`holdEndsAt`). Captures exactly the held amount, once (two approvals at once capture once), then pays the order as pay now does: the tax invoice, the coupon's use counted, the print files and the confirmation e-mail. Answers the order, now `paid`. 409 ORDER_TRANSITION_REFUSED `{message, from, to, reason}` before a proof is sent (PROOF_NOT_SENT), after the hold ended or was released (HOLD_ENDED, NOT_A_NEXT_STATUS), or when already approved (ALREADY_IN_STATUS, NOT_A_NEXT_STATUS); 502 when the payment provider does not answer (nothing is charged; try again). Another customer's order and an unknown one are 404.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          response: { 200: orderDetailResponseSchema, ...errors(401, 404, 409, 502) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        await approveProof(ctx, userIdOf(request), request.params.id, request.log);
        return { order: await getOrder(ctx, userIdOf(request), request.params.id) };
      },
    );

    app.post(
      '/orders/:id/proof/changes',
      {
        schema: {
          summary: 'Ask for a change of the proof of your pay-on-approval order',
          description:
            "Allowed while the order is `proof_sent` and its hold lasts. `message` (1–1000 characters of plain text) says what to change; `lines` (optional) names lines by `index` (0 for the first) with a new crop (`uploadId`, a ready photo of yours) or another finish (`finishId`) of the same price: a finish of another price is 422 RULE_BROKEN (the held amount never changes: let the order go and order again). The order moves to `change_requested` until the shop sends a new proof. 409 ORDER_TRANSITION_REFUSED from any other status or after the hold ended; another customer's order and an unknown one are 404.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          body: proofChangesBodySchema,
          response: { 200: orderDetailResponseSchema, ...errors(400, 401, 404, 409, 422) },
        },
        preHandler: requireUser,
      },
      async (request) => {
        await requestProofChange(ctx, userIdOf(request), request.params.id, request.body);
        return { order: await getOrder(ctx, userIdOf(request), request.params.id) };
      },
    );

    app.get(
      '/orders/:id/proof/mockup',
      {
        schema: {
          summary: 'The framed mock-up (JPEG) of a line of the latest proof of your pay-on-approval order',
          description:
            "`line` (1 = the first, the default) picks the framed photo. The proof lines' `mockupUrl` point here. 404 before a proof is sent, for a line the order does not have, and for another customer's order.",
          tags: ['orders'],
          security: [{ bearerAuth: [] }],
          params: orderParamsSchema,
          querystring: proofMockupQuerySchema,
          response: { 200: z.any().describe('image/jpeg'), ...errors(400, 401, 404) },
        },
        preHandler: requireUser,
      },
      async (request, reply) => {
        const key = await proofMockupKey(ctx, userIdOf(request), request.params.id, (request.query.line ?? 1) - 1);
        const stream = await ctx.storage.read(key);
        return reply.type('image/jpeg').header('cache-control', 'private, max-age=300').send(stream);
      },
    );
  };
