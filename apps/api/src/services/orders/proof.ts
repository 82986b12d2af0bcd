import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  HOLD_STATUSES,
  printQuality,
  ShopError,
  type OrderActor,
  type OrderPayment,
  type OrderStatus,
  type ProofLineChange,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import type { Config } from '../../config/env';
import type { Database, Tx } from '../../db/client';
import {
  couponRedemptions,
  frameFinishes,
  frameSets,
  orderChangeRequests,
  orderProofs,
  orders,
  uploads,
  type OrderRow,
  type ProofLineRecord,
} from '../../db/schema';
import { paymentProviderFor, providerRefusalReason } from '../payments/provider';
import { orderMockup } from '../print/mockup';
import { afterSettlement, changeStatus, settlePaid, type SettleResult } from './settle';
import { assertTransition } from './transitions';

/**
 * Pay on approval (docs/decisions/120 and 121): the owner sends a proof of a held order, the customer approves it
 * (the held amount is captured, then the order is paid through the one paid transition) or asks for a change; the
 * owner, or the end of the hold, releases it uncaptured.
 */

const NOT_YOURS = 'We could not find this order in your account.';

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}

/** The customer's order, locked; another customer's and an unknown one are 404. */
async function lockCustomerOrder(tx: Tx, userId: string, orderId: string): Promise<OrderRow> {
  const row = await lockOrder(tx, orderId);
  if (!row || row.userId !== userId) throw new ShopError('NOT_FOUND', NOT_YOURS);
  return row;
}

/** A pay-now order has no hold, no proof and nothing to approve: 409 PAY_NOW_ORDER. */
function notHeld(order: OrderRow, to: OrderStatus): void {
  if (order.paymentMode === 'on_approval') return;
  throw new ShopError('ORDER_TRANSITION_REFUSED', 'This order is paid at once: it has no proof to approve.', {
    from: order.status,
    to,
    reason: 'PAY_NOW_ORDER',
  });
}

/** The move's guard context for a held order. */
const holdContext = (order: OrderRow, actor: OrderActor, now: Date) => ({
  actor,
  now,
  paidAt: order.paidAt,
  payment: order.paymentMode as OrderPayment,
  holdEndsAt: order.holdEndsAt,
  viaHoldCall: true,
});

/**
 * POST /api/admin/orders/:id/proof: draws every line's framed mock-up (stored; the customer's proof shows it), records
 * the proof (round 1, or one more after a change) with the owner's note, and moves the order to proof_sent. 409 from
 * any other status than authorized or change_requested (a pay-now order is never held).
 */
export async function sendProof(ctx: AppContext, orderId: string, note: string | null): Promise<OrderRow> {
  const [current] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!current) throw new ShopError('NOT_FOUND', 'There is no such order.');
  assertTransition(current.status as OrderStatus, 'proof_sent', holdContext(current, 'admin', new Date()));
  // Drawn before the transaction (it reads and writes files); stored by content, so drawing twice costs nothing.
  const lines: ProofLineRecord[] = [];
  for (const [index, { uploadId, line }] of current.lines.entries()) {
    const { key } = await orderMockup(ctx, orderId, index);
    const [upload] = uploadId
      ? await ctx.database.db.select({ width: uploads.width, height: uploads.height }).from(uploads).where(eq(uploads.id, uploadId))
      : [];
    const verdict = upload
      ? printQuality({ pixelsWide: upload.width, pixelsHigh: upload.height, widthIn: line.widthIn, heightIn: line.heightIn })
      : null;
    lines.push({ mockupKey: key, quality: verdict ? { rating: verdict.rating, ppi: verdict.ppi } : null });
  }
  return ctx.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ShopError('NOT_FOUND', 'There is no such order.');
    const [last] = await tx
      .select({ round: orderProofs.round })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(desc(orderProofs.round))
      .limit(1);
    const now = new Date();
    const moved = await changeStatus(tx, order, 'proof_sent', 'admin', {}, note ?? undefined, { viaHoldCall: true, now });
    await tx.insert(orderProofs).values({ orderId: order.id, round: (last?.round ?? 0) + 1, note, lines, sentAt: now });
    return moved;
  });
}

/**
 * POST /api/orders/:id/proof/changes: the customer asks for a change of the proof sent to her while the hold lasts.
 * A line change names a line of the order and a new crop (an upload of hers, ready) or another finish of the same
 * price (a finish of another price is refused: the customer cancels and orders again; nothing is partly captured).
 */
export async function requestProofChange(
  ctx: AppContext,
  userId: string,
  orderId: string,
  body: { message: string; lines?: ProofLineChange[] | undefined },
): Promise<OrderRow> {
  return ctx.database.db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, userId, orderId);
    const now = new Date();
    assertTransition(order.status as OrderStatus, 'change_requested', holdContext(order, 'customer', now));
    const changes = body.lines ?? [];
    for (const change of changes) {
      const line = order.lines[change.index];
      if (!line) throw new ShopError('VALIDATION', `The order has no line ${change.index + 1}.`, { field: 'lines' });
      if (change.uploadId !== undefined) {
        const [upload] = await tx
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(eq(uploads.id, change.uploadId), eq(uploads.ownerUserId, userId), eq(uploads.status, 'ready')));
        if (!upload) throw new ShopError('NOT_FOUND', 'We could not find this photo in your account.', { field: 'lines' });
      }
      if (change.finishId !== undefined && change.finishId !== line.line.finishId) {
        const [finish] = await tx
          .select({ rate: frameSets.ratePaisePerSqIn })
          .from(frameFinishes)
          .innerJoin(frameSets, eq(frameSets.id, frameFinishes.setId))
          .where(and(eq(frameFinishes.id, change.finishId), eq(frameFinishes.active, true)));
        if (!finish) throw new ShopError('NOT_FOUND', 'There is no such frame finish.', { field: 'lines' });
        if (finish.rate !== line.line.frameRatePaisePerSqIn) {
          throw new ShopError(
            'RULE_BROKEN',
            'That finish has another price: the held amount cannot change. Please let this order go and order again.',
            { field: 'lines' },
          );
        }
      }
    }
    const [last] = await tx
      .select({ round: orderProofs.round })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(desc(orderProofs.round))
      .limit(1);
    const moved = await changeStatus(tx, order, 'change_requested', 'customer', {}, body.message, { viaHoldCall: true, now });
    await tx.insert(orderChangeRequests).values({
      orderId: order.id,
      round: last?.round ?? 0,
      message: body.message,
      lines: changes.map((c) => ({ index: c.index, uploadId: c.uploadId, finishId: c.finishId })),
      at: now,
    });
    return moved;
  });
}

/**
 * POST /api/orders/:id/proof/approve: the customer approves the proof sent to her while the hold lasts. In one
 * transaction holding the order row: the guard is asked (409 before a proof is sent, after release, or once paid),
 * exactly the held amount is captured at the provider, and {@link settlePaid} pays the order as pay now does
 * (invoice, coupon counted, print files and e-mail after the commit). A second approval waits for the row and finds
 * the order paid (409): the money is captured once. A capture the provider already made (its webhook not yet here)
 * is settled as it is; a refused one (released) is 409; a provider that does not answer is 502 and nothing moves.
 */
export async function approveProof(
  ctx: AppContext,
  userId: string,
  orderId: string,
  log?: { error: (o: object, m?: string) => void },
): Promise<OrderRow> {
  const provider = paymentProviderFor(ctx.config, ctx.database);
  const result: SettleResult = await ctx.database.db.transaction(async (tx) => {
    const order = await lockCustomerOrder(tx, userId, orderId);
    notHeld(order, 'paid');
    assertTransition(order.status as OrderStatus, 'paid', holdContext(order, 'customer', new Date()));
    if (!order.heldPaymentId) throw new ShopError('ORDER_TRANSITION_REFUSED', 'The order has no held payment.', { reason: 'NO_HOLD_END' });
    try {
      await provider.capturePayment({ paymentId: order.heldPaymentId, amountPaise: order.amountPaise });
    } catch (err) {
      const reason = providerRefusalReason(err);
      if (reason !== 'already_captured') {
        if (reason === null) throw err;
        throw new ShopError('ORDER_TRANSITION_REFUSED', 'The held payment can no longer be captured: nothing was charged.', {
          from: order.status,
          to: 'paid',
          reason: 'HOLD_ENDED',
        });
      }
    }
    return settlePaid(
      tx,
      order,
      { id: order.heldPaymentId, amountPaise: order.amountPaise, currency: 'INR' },
      'approval',
      'customer',
      ctx.config.tax,
    );
  });
  await afterSettlement(ctx, result, log);
  return result.order;
}

/** What releasing a hold did: released it, or found its payment captured and settled the order as paid. */
type ReleaseOutcome = { released: OrderRow } | { settled: SettleResult };

/**
 * Releases a held order: moves it to released (the owner at any time, the system once its hold has ended), frees its
 * coupon use, and lets the provider give the money back (Razorpay never captures it and refunds it at the end of the
 * hold). When the provider says the payment was captured after all, the order is settled as paid instead (the
 * record follows the money); the caller runs {@link afterSettlement} for it.
 */
async function releaseOrder(
  deps: { config: Config; database: Database },
  orderId: string,
  actor: 'admin' | 'system',
  note: string,
  now: Date,
): Promise<ReleaseOutcome> {
  const provider = paymentProviderFor(deps.config, deps.database);
  return deps.database.db.transaction(async (tx): Promise<ReleaseOutcome> => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ShopError('NOT_FOUND', 'There is no such order.');
    assertTransition(order.status as OrderStatus, 'released', holdContext(order, actor, now));
    if (order.heldPaymentId) {
      try {
        await provider.releasePayment({ paymentId: order.heldPaymentId });
      } catch (err) {
        if (providerRefusalReason(err) !== 'already_captured') throw err;
        const settled = await settlePaid(
          tx,
          order,
          { id: order.heldPaymentId, amountPaise: order.amountPaise, currency: 'INR' },
          'reconciliation',
          'system',
          deps.config.tax,
        );
        return { settled };
      }
    }
    const released = await changeStatus(tx, order, 'released', actor, { reconciledAt: now }, note, { viaHoldCall: true, now });
    await tx
      .update(couponRedemptions)
      .set({ status: 'released' })
      .where(and(eq(couponRedemptions.orderId, order.id), eq(couponRedemptions.status, 'held')));
    return { released };
  });
}

/**
 * POST /api/admin/orders/:id/release: the owner lets a hold go ("can't make this one"), with a message for the
 * customer. 409 when the order holds nothing (pay now, paid, released), or when its payment turns out captured: the
 * order is then settled as paid.
 */
export async function releaseByOwner(
  ctx: AppContext,
  orderId: string,
  message: string | null,
  log?: { error: (o: object, m?: string) => void },
): Promise<OrderRow> {
  const outcome = await releaseOrder(ctx, orderId, 'admin', message ?? 'released by the shop', new Date());
  if ('released' in outcome) return outcome.released;
  await afterSettlement(ctx, outcome.settled, log);
  throw new ShopError('ORDER_TRANSITION_REFUSED', 'The held payment was already captured: the order is paid.', {
    from: 'paid',
    to: 'released',
    reason: 'NOT_A_NEXT_STATUS',
  });
}

export const HOLD_EXPIRY_QUEUE = 'holds-expire';
export const HOLD_EXPIRY_CRON = '*/5 * * * *';
const BATCH = 100;

/**
 * The scheduled job: every held order whose hold has ended without approval is released (nothing captured, coupon
 * freed). A payment the provider reports captured meanwhile is settled as paid (see {@link releaseOrder}).
 */
export async function releaseExpiredHolds(
  deps: { config: Config; database: Database },
  options: { now?: Date; log?: { error: (o: object, m?: string) => void }; onPaid?: (order: OrderRow) => Promise<void> } = {},
): Promise<{ released: number; errors: number }> {
  const now = options.now ?? new Date();
  const due = await deps.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, [...HOLD_STATUSES]), lte(orders.holdEndsAt, now)))
    .orderBy(asc(orders.holdEndsAt))
    .limit(BATCH);
  const result = { released: 0, errors: 0 };
  for (const { id } of due) {
    try {
      const outcome = await releaseOrder(deps, id, 'system', 'the hold ended without approval', now);
      if ('released' in outcome) result.released += 1;
      else if (outcome.settled.becamePaid) await options.onPaid?.(outcome.settled.order);
    } catch (err) {
      result.errors += 1;
      options.log?.error({ err, orderId: id }, 'releasing an ended hold failed');
    }
  }
  return result;
}

/** GET /api/orders/:id/proof/mockup: the customer's framed mock-up of a line of her latest proof (storage key); 404 before one. */
export async function proofMockupKey(ctx: AppContext, userId: string, orderId: string, lineIndex: number): Promise<string> {
  const [order] = await ctx.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new ShopError('NOT_FOUND', NOT_YOURS);
  const [latest] = await ctx.database.db
    .select()
    .from(orderProofs)
    .where(eq(orderProofs.orderId, order.id))
    .orderBy(desc(orderProofs.round))
    .limit(1);
  const line = latest?.lines[lineIndex];
  if (!line) throw new ShopError('NOT_FOUND', 'This order has no proof of that line.');
  return line.mockupKey;
}
