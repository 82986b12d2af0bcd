import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  errorBodySchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  orderParamsSchema,
  ShopError,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { createOrder, idempotencyBodyHash } from '../services/orders/create';
import { renderInvoicePdf } from '../services/invoice-pdf';
import { readInvoice } from '../services/invoices';
import { cancelOrderByCustomer } from '../services/orders/cancel';
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
            "`couponCode` (optional, case-insensitive) takes the code's discount off the total: `amount` must be the total after it; 422 with the code's reason (COUPON_*) when it does not apply, COUPON_USED_UP when its last use was taken; one use is held for this order for 30 minutes and counted when it is paid. The whole cart uses the code applied with POST /api/cart/coupon. The server re-reads the upload (yours, not expired, ready), the size (`sizeId`, or `customWidth`/`customHeight` when `sizeId` is null), the finish (`selectedFrame`), the border (`selectedMotifBorder` inches) and quantity 1–50, and prices it. 409 PRICE_MISMATCH `{amount}` when `amount` (paise) differs; 422 when a rule is broken or no address is saved. Header `Idempotency-Key` (8–100 of A–Z a–z 0–9 _ -): the same key with the same body answers with the same order (200 instead of 201); the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED. 429 over 30 orders in 10 minutes per account. With `{cart: true, amount, currency}` the order is the whole cart: every line priced as above, plus shipping to the saved address; 422 when the cart is empty or a line cannot be paid for (`lineId`, `problem`); the cart keeps its lines until this order is paid.",
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
        if (b.payment === 'on_approval') {
          // The hold, proof and capture calls are not served yet: refuse rather than take the money at once.
          throw new ShopError('RULE_BROKEN', 'Paying after approving a proof is not available yet: please choose to pay now.', {
            field: 'payment',
          });
        }
        const { order, replayed } = await createOrder(
          ctx,
          userIdOf(request),
          b.cart === true
            ? { kind: 'cart', amount: b.amount, clientAddress: request.ip }
            : {
                kind: 'photo',
                amount: b.amount,
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
  };
