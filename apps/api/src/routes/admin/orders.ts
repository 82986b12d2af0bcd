import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderResponseSchema,
  adminProofBodySchema,
  adminReleaseBodySchema,
  statusMoveBodySchema,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { getAdminOrder, listAdminOrders, moveOrder } from '../../services/admin/orders';
import { releaseByOwner, sendProof } from '../../services/orders/proof';
import { errors, SECURITY, TAGS } from './common';

/**
 * Orders in the owner's console (docs/admin-api.md): the list, one order with every line, and status moves. An admin
 * only (401 without a session, 403 for customers), checked before the body is read. Each line's mock-up and print
 * file are in ./print-files.ts.
 */
export const adminOrdersRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function adminOrdersPlugin(app) {
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/admin/orders',
      {
        schema: {
          summary: 'Orders for the owner, newest first: filter by status, search by order number, e-mail or phone, paged',
          description:
            "`status` is one status, or `to_make` for the orders to make (paid or in production: where the console opens); without it, every status. `q` matches part of the order number, the account or delivery e-mail, the name, or the digits of a phone number. Each row has `lines`, every framed photo of the order (`quantity`, `sizeName`, `widthIn`, `heightIn`, `finishName`, `borderIn`, `thumbnailUrl`); the row's `quantity` is the pieces of all of them, its `sizeName`, `finishName` and `thumbnailUrl` the first line's.",
          tags: TAGS,
          security: SECURITY,
          querystring: adminOrderListQuerySchema,
          response: { 200: adminOrderListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => listAdminOrders(ctx, request.query),
    );

    app.get(
      '/admin/orders/:id',
      {
        schema: {
          summary: 'One order with its customer, address, lines, payments, history and allowed next statuses',
          description:
            "`lines` has every framed photo of the order with its snapshot, quantity, photo, mock-up URL and print file; `line`, `photo`, `mockupUrl` and `printFile` are the first line's, and `quantity` the pieces of every line. `pincodeInDirectory` is false when the India Post directory lacks the delivery pincode: it was charged the rest-of-India rate and the customer was told the shop would confirm delivery.",
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          response: { 200: adminOrderResponseSchema, ...errors(401, 403, 404) },
        },
      },
      async (request) => ({ order: await getAdminOrder(ctx, request.params.id) }),
    );

    app.post(
      '/admin/orders/:id/status',
      {
        schema: {
          summary: 'Move an order to another status (as the admin)',
          description:
            'The domain state machine decides: a refused move is 409 ORDER_TRANSITION_REFUSED `{message, from, to, reason}` (`reason`: the domain’s code, e.g. NOT_A_NEXT_STATUS, ACTOR_NOT_ALLOWED, CANCELLATION_WINDOW_CLOSED; `message`: its English). `shipped` needs `carrier` and `trackingNumber` (422 otherwise); they are refused with other statuses. Moving to shipped or delivered e-mails the customer once.',
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: statusMoveBodySchema,
          response: { 200: adminOrderResponseSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await moveOrder(ctx, request.params.id, request.body);
        return { order: await getAdminOrder(ctx, request.params.id) };
      },
    );

    app.post(
      '/admin/orders/:id/proof',
      {
        schema: {
          summary: 'Send the proof of a pay-on-approval order to the customer (first, or again after a change)',
          description:
            "From `authorized` or `change_requested`: draws every line's framed mock-up, records the proof (`round` 1, then one more after each change) with the optional `note` for the customer, and moves the order to `proof_sent`. 409 ORDER_TRANSITION_REFUSED from any other status (a pay-now order is never held; `reason` e.g. NOT_A_NEXT_STATUS, ALREADY_IN_STATUS).",
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: adminProofBodySchema,
          response: { 200: adminOrderResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await sendProof(ctx, request.params.id, request.body.note ?? null);
        return { order: await getAdminOrder(ctx, request.params.id) };
      },
    );

    app.post(
      '/admin/orders/:id/release',
      {
        schema: {
          summary: 'Let a pay-on-approval order\'s payment hold go ("can\'t make this one"): nothing is charged',
          description:
            'From `authorized`, `proof_sent` or `change_requested`: the order moves to `released`, its coupon use is freed, and the held money goes back to the customer (Razorpay gives it back at the end of the hold, as nothing is captured). `message` (optional) is recorded for the customer. 409 ORDER_TRANSITION_REFUSED when the order holds nothing (pay now, paid, already released), or when the provider reports the payment captured after all (the order is then settled as paid).',
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: adminReleaseBodySchema,
          response: { 200: adminOrderResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await releaseByOwner(ctx, request.params.id, request.body.message ?? null, request.log);
        return { order: await getAdminOrder(ctx, request.params.id) };
      },
    );
  };
