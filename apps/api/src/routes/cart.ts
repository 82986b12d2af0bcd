import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartLineBodySchema,
  addCartLineResponseSchema,
  applyCouponBodySchema,
  cartLineParamsSchema,
  cartResponseSchema,
  errorBodySchema,
  MAX_CART_LINES,
  updateCartLineBodySchema,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { addCartLine, applyCartCoupon, readCart, removeCartCoupon, removeCartLine, updateCartLine } from '../services/cart';

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));

const LINE_RULES = `Quantity 1–50 per line, at most ${MAX_CART_LINES} lines. Prices are the server's, from the catalogue now: a line whose photo expired or whose frame, size or border is no longer offered keeps its place with \`problem\` and \`problemMessage\` set, and the cart is not \`payable\` until it is fixed or removed.`;

/** The signed-in customer's cart: its lines are priced on every read (services/cart.ts). */
export const cartRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function cartPlugin(app) {
    app.get(
      '/cart',
      {
        schema: {
          summary: "The signed-in customer's cart, priced now, with shipping and the delivery estimate for the saved pincode",
          description: `${LINE_RULES} A saved pincode the India Post directory lacks ships at the rest-of-India rate, with \`pincodeInDirectory\` false.`,
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          response: { 200: cartResponseSchema, ...errors(401) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ cart: await readCart(ctx, userIdOf(request)) }),
    );

    app.post(
      '/cart/lines',
      {
        schema: {
          summary: 'Add a framed photo to the cart',
          description: `The same choices create-order takes (\`uploadId\` yours, ready and not expired; \`sizeId\`, or \`customWidth\`/\`customHeight\` when null; \`selectedFrame\`; \`selectedMotifBorder\` inches; \`quantity\`). 201 \`{line, cart}\`; 404 when the photo is not yours; 422 when a choice is not offered or the cart already has ${MAX_CART_LINES} lines. With \`clientLineId\` already in the cart (a merge after sign-in, retried), nothing changes and the answer is 200 with that line. ${LINE_RULES}`,
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          body: addCartLineBodySchema,
          response: { 200: addCartLineResponseSchema, 201: addCartLineResponseSchema, ...errors(400, 401, 404, 422) },
        },
        preHandler: requireUser,
      },
      async (request, reply) => {
        const { line, cart, created } = await addCartLine(ctx, userIdOf(request), request.body);
        return reply.status(created ? 201 : 200).send({ line, cart });
      },
    );

    app.patch(
      '/cart/lines/:id',
      {
        schema: {
          summary: "Change a cart line's quantity (1–50)",
          description: "Another customer's line, or one no longer in the cart, is 404.",
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          params: cartLineParamsSchema,
          body: updateCartLineBodySchema,
          response: { 200: addCartLineResponseSchema, ...errors(400, 401, 404) },
        },
        preHandler: requireUser,
      },
      async (request) => updateCartLine(ctx, userIdOf(request), request.params.id, request.body.quantity),
    );

    app.delete(
      '/cart/lines/:id',
      {
        schema: {
          summary: 'Remove a line from the cart',
          description: "Another customer's line, or one no longer in the cart, is 404.",
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          params: cartLineParamsSchema,
          response: { 200: cartResponseSchema, ...errors(401, 404) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ cart: await removeCartLine(ctx, userIdOf(request), request.params.id) }),
    );

    app.post(
      '/cart/coupon',
      {
        schema: {
          summary: 'Apply a coupon code to the cart',
          description:
            'Codes are case-insensitive. The server prices the discount (`discountPaise`, taken off `totalPaise`; shipping is discounted only when the code says so, and the total never goes below ₹1) and keeps the code with the cart until the order is paid or the code removed. 422 with a plain-words `message` and a stable `code` when it does not apply: COUPON_UNKNOWN, COUPON_PAUSED, COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_MIN_SUBTOTAL, COUPON_FIRST_ORDER_ONLY, COUPON_ALREADY_USED, COUPON_USED_UP. A use is held only at create-order.',
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          body: applyCouponBodySchema,
          response: { 200: cartResponseSchema, ...errors(400, 401, 422) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ cart: await applyCartCoupon(ctx, userIdOf(request), request.body.code) }),
    );

    app.delete(
      '/cart/coupon',
      {
        schema: {
          summary: 'Remove the coupon code from the cart',
          tags: ['cart'],
          security: [{ bearerAuth: [] }],
          response: { 200: cartResponseSchema, ...errors(401) },
        },
        preHandler: requireUser,
      },
      async (request) => ({ cart: await removeCartCoupon(ctx, userIdOf(request)) }),
    );
  };
