import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  checkCoupon,
  couponSummary,
  ERROR_CATALOGUE,
  normalizeCouponCode,
  PAID_OR_LATER,
  ShopError,
  type ErrorCode,
  type Coupon,
  type CouponBody,
  type CouponKind,
  type CouponOrder,
  type CouponRule,
  type CouponUsage,
} from '@framewala/domain';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/client';
import { couponRedemptions, coupons, orders, type CouponRow, type OrderRow } from '../db/schema';

/**
 * How long create-order keeps a use of a code for its order while the customer pays. Past it, the use is free for
 * others; a payment that arrives later still gets the discount if a use is left, else it is refunded in full
 * (docs/decisions/073-coupon-uses-held-at-create-order.md).
 */
export const COUPON_HOLD_MS = 30 * 60 * 1000;

export const COUPON_RAN_OUT_FLAG = 'coupon_used_up';
export const COUPON_RAN_OUT_NOTE =
  'The coupon of this order had no use left when its payment arrived (its hold had expired): the order was cancelled and the payment is refunded in full.';
export const COUPON_RAN_OUT_MESSAGE =
  'Your coupon ran out while you were paying (all its uses were taken), so this order was cancelled. Your payment is being refunded in full to the account it came from (5–7 working days).';
export const COUPON_RAN_OUT_REFUND_REASON = 'the coupon had no use left when the payment arrived';

/**
 * Why a paid order cannot take its coupon, found under the coupon row's lock when its payment arrives: the code has
 * run out, the customer has used it as often as it allows (two tabs paying two orders with a one-per-customer code),
 * or it is for a first order and another order of the customer's was paid first. Each cancels the order and refunds
 * the payment, and is told to the customer with the coupon's own reason (`code`, `message`) and to the owner by the
 * order's flag and note.
 */
export type CouponRefusalAtPayment = 'used_up' | 'already_used' | 'first_order';

export const COUPON_REFUSALS_AT_PAYMENT: Record<
  CouponRefusalAtPayment,
  { flag: string; note: string; refundReason: string; code: ErrorCode; message: string }
> = {
  used_up: {
    flag: COUPON_RAN_OUT_FLAG,
    note: COUPON_RAN_OUT_NOTE,
    refundReason: COUPON_RAN_OUT_REFUND_REASON,
    code: 'COUPON_USED_UP',
    message: COUPON_RAN_OUT_MESSAGE,
  },
  already_used: {
    flag: 'coupon_already_used',
    note: 'The customer had already used the coupon of this order as often as it allows (on another order, paid first): the order was cancelled and the payment is refunded in full.',
    refundReason: 'the customer had already used the coupon on another paid order',
    code: 'COUPON_ALREADY_USED_REFUNDED',
    message: ERROR_CATALOGUE.COUPON_ALREADY_USED_REFUNDED.message,
  },
  first_order: {
    flag: 'coupon_first_order',
    note: 'The coupon of this order is for a first order only, and another order of the customer was paid first: the order was cancelled and the payment is refunded in full.',
    refundReason: 'the first-order coupon went to another order of the customer, paid first',
    code: 'COUPON_FIRST_ORDER_REFUNDED',
    message: ERROR_CATALOGUE.COUPON_FIRST_ORDER_REFUNDED.message,
  },
};

/** The refusal an order's payment flag records, or null when the flag is not a coupon's. */
export function couponRefusalOfFlag(flag: string | null): CouponRefusalAtPayment | null {
  const found = (Object.keys(COUPON_REFUSALS_AT_PAYMENT) as CouponRefusalAtPayment[]).find(
    (reason) => COUPON_REFUSALS_AT_PAYMENT[reason].flag === flag,
  );
  return found ?? null;
}

/**
 * A code with a limited number of uses may be held by at most this many unpaid orders made from one address at once
 * (other than the customer's own, which a new hold replaces): with 20 sign-ups an hour from one address, holds of 30
 * minutes could otherwise keep a small "first N" code blocked for everyone.
 */
export const MAX_LIVE_HOLDS_PER_ADDRESS = 2;
export const HOLDS_FROM_ADDRESS_MESSAGE =
  'This code is already being used in other checkouts from your network. Please finish one of them, or try again in a few minutes.';

type Queryable = Pick<Database['pool'], 'query'>;

export function ruleOf(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind as CouponKind,
    value: row.value,
    minSubtotalPaise: row.minSubtotalPaise,
    validFrom: row.validFrom,
    validTo: row.validTo,
    totalUses: row.totalUses,
    perCustomer: row.perCustomer,
    firstOrderOnly: row.firstOrderOnly,
    active: row.active,
    discountsShipping: row.discountsShipping,
  };
}

const COUPON_COLUMNS = `id, code, kind, value, min_subtotal_paise AS "minSubtotalPaise", valid_from AS "validFrom", valid_to AS "validTo",
  total_uses AS "totalUses", per_customer AS "perCustomer", first_order_only AS "firstOrderOnly", active,
  discounts_shipping AS "discountsShipping", note, used_count AS "usedCount", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * Uses that count against the total: paid ones and holds not yet expired (`excludeOrder`'s own hold left out). A
 * customer's own uses are the paid ones: their unpaid holds are replaced by a new one (see holdCoupon).
 */
const READ_USAGE = `SELECT
  (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = $1 AND r.order_id <> $3
      AND (r.status = 'used' OR (r.status = 'held' AND r.held_until > now()))) AS "usedTotal",
  (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = $1 AND r.user_id = $2 AND r.order_id <> $3
      AND r.status = 'used') AS "usedByCustomer",
  EXISTS (SELECT 1 FROM orders o WHERE o.user_id = $2 AND o.id <> $3 AND o.status IN ('paid', 'in_production', 'shipped', 'delivered')) AS "customerHasPaidOrder"`;

async function findByCode(db: Queryable, code: string, lock = false): Promise<CouponRow | null> {
  const { rows } = await db.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [
    normalizeCouponCode(code),
  ]);
  return rows[0] ?? null;
}

async function usageOf(db: Queryable, couponId: string, userId: string, excludeOrder = ''): Promise<CouponUsage> {
  const { rows } = await db.query<CouponUsage>(READ_USAGE, [couponId, userId, excludeOrder]);
  return rows[0]!;
}

export interface PricedCoupon {
  coupon: CouponRow;
  discountPaise: number;
  summary: string;
}

/**
 * The discount `code` gives this customer on this order now, or a 422 with the code's reason (unknown, paused, not
 * started, expired, minimum not reached, first order only, already used, run out). Holds nothing.
 */
export async function priceCoupon(
  db: Queryable,
  userId: string,
  code: string,
  order: CouponOrder,
  now = new Date(),
): Promise<PricedCoupon> {
  const coupon = await findByCode(db, code);
  if (!coupon)
    throw new ShopError('COUPON_UNKNOWN', `We do not know the code ${normalizeCouponCode(code)}. Please check the spelling.`, {
      field: 'couponCode',
    });
  const check = checkCoupon(ruleOf(coupon), order, await usageOf(db, coupon.id, userId), now);
  if (!check.ok) throw new ShopError(check.code, check.message, { field: 'couponCode' });
  return { coupon, discountPaise: check.discountPaise, summary: couponSummary(ruleOf(coupon)) };
}

/**
 * Holds one use of the code for an order about to be created: in one short transaction that locks the coupon row,
 * the limits are checked again counting paid uses and live holds, and the hold is written. 50 customers at once with
 * one use left: one gets the hold, the others are refused here with COUPON_USED_UP. The customer's own earlier holds
 * of this code are released (a retry after a failed payment is not refused as "already used").
 */
export async function holdCoupon(
  ctx: AppContext,
  userId: string,
  orderId: string,
  code: string,
  order: CouponOrder,
  clientAddress: string | null = null,
): Promise<PricedCoupon> {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    const coupon = await findByCode(client, code, true);
    if (!coupon) throw new ShopError('COUPON_UNKNOWN', undefined, { field: 'couponCode' });
    await client.query(
      `UPDATE coupon_redemptions r SET status = 'released' FROM orders o
        WHERE r.coupon_id = $1 AND r.user_id = $2 AND r.status = 'held' AND o.id = r.order_id AND o.status = 'created'`,
      [coupon.id, userId],
    );
    const check = checkCoupon(ruleOf(coupon), order, await usageOf(client, coupon.id, userId, orderId), new Date());
    if (!check.ok) throw new ShopError(check.code, check.message, { field: 'couponCode' });
    // A limited code: the live holds of other customers from this address count against it (see MAX_LIVE_HOLDS_PER_ADDRESS).
    if (coupon.totalUses !== null && clientAddress !== null) {
      const {
        rows: [held],
      } = await client.query<{ n: number; free_in: number | null }>(
        `SELECT count(*)::int AS n, ceil(extract(epoch FROM min(held_until) - now()))::int AS free_in FROM coupon_redemptions
          WHERE coupon_id = $1 AND client_address = $2 AND user_id <> $3 AND status = 'held' AND held_until > now()`,
        [coupon.id, clientAddress, userId],
      );
      if (held!.n >= MAX_LIVE_HOLDS_PER_ADDRESS) {
        throw new ShopError('RATE_LIMITED', HOLDS_FROM_ADDRESS_MESSAGE, {
          field: 'couponCode',
          retryAfterSeconds: Math.max(1, held!.free_in ?? 60),
        });
      }
    }
    await client.query(
      `INSERT INTO coupon_redemptions (coupon_id, order_id, user_id, status, discount_paise, held_until, client_address)
       VALUES ($1, $2, $3, 'held', $4, now() + $5 * interval '1 millisecond', $6)`,
      [coupon.id, orderId, userId, check.discountPaise, COUPON_HOLD_MS, clientAddress],
    );
    await client.query('COMMIT');
    return { coupon, discountPaise: check.discountPaise, summary: couponSummary(ruleOf(coupon)) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Gives a hold back (the order could not be created after all). */
export async function releaseHold(ctx: AppContext, orderId: string): Promise<void> {
  await ctx.database.pool.query(`DELETE FROM coupon_redemptions WHERE order_id = $1 AND status = 'held'`, [orderId]);
}

/**
 * In the transaction that makes an order paid: turns its hold into a use and counts it on the coupon, with the
 * coupon row locked. Every limit is checked again here against paid orders only — the total, the customer's own uses
 * and the first-order rule — so a coupon is never used more than its rules allow, whatever happened to holds or
 * however many tabs paid at once. Answers null when the use is counted, else why not (see CouponRefusalAtPayment):
 * the caller then cancels the order and refunds the payment.
 *
 * `reserved`: the use was held for the order's whole payment hold (pay on approval), counted against the code's limits
 * all along, and the money is already captured: the use is counted without asking the limits again.
 */
export async function redeemForPaidOrder(tx: Tx, order: OrderRow, reserved = false): Promise<CouponRefusalAtPayment | null> {
  if (!order.couponCode) return null;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, order.couponCode)).for('update').limit(1);
  if (!coupon) return 'used_up';
  const rule = ruleOf(coupon);
  // Only paid uses count here: a payment settles against these, under the coupon row's lock.
  const [usage] = await tx
    .select({
      usedTotal: sql<number>`count(*)::int`,
      usedByCustomer: sql<number>`(count(*) FILTER (WHERE ${couponRedemptions.userId} = ${order.userId}))::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.status, 'used'), ne(couponRedemptions.orderId, order.id)));
  const paidBefore = rule.firstOrderOnly
    ? await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), inArray(orders.status, [...PAID_OR_LATER])))
        .limit(1)
    : [];
  const refusal: CouponRefusalAtPayment | null = reserved
    ? null
    : rule.totalUses !== null && usage!.usedTotal >= rule.totalUses
      ? 'used_up'
      : rule.perCustomer !== null && usage!.usedByCustomer >= rule.perCustomer
        ? 'already_used'
        : paidBefore.length > 0
          ? 'first_order'
          : null;
  if (refusal) {
    await tx.update(couponRedemptions).set({ status: 'released' }).where(eq(couponRedemptions.orderId, order.id));
    return refusal;
  }
  const now = new Date();
  const updated = await tx
    .update(couponRedemptions)
    .set({ status: 'used', usedAt: now })
    .where(eq(couponRedemptions.orderId, order.id))
    .returning({ id: couponRedemptions.id });
  if (updated.length === 0) {
    await tx.insert(couponRedemptions).values({
      couponId: coupon.id,
      orderId: order.id,
      userId: order.userId,
      status: 'used',
      discountPaise: order.discountPaise,
      heldUntil: now,
      usedAt: now,
    });
  }
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, coupon.id));
  return null;
}

// ---- The owner's coupons ----

function couponOut(row: CouponRow): Coupon {
  const rule = ruleOf(row);
  return {
    id: row.id,
    ...rule,
    note: row.note,
    usedCount: row.usedCount,
    summary: couponSummary(rule),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listCoupons(database: Database): Promise<Coupon[]> {
  const rows = await database.db.select().from(coupons).orderBy(desc(coupons.createdAt));
  return rows.map(couponOut);
}

function valuesOf(body: CouponBody & { code: string }) {
  return {
    code: normalizeCouponCode(body.code),
    kind: body.kind,
    value: body.value,
    minSubtotalPaise: body.minSubtotalPaise,
    validFrom: body.validFrom,
    validTo: body.validTo,
    totalUses: body.totalUses,
    perCustomer: body.perCustomer,
    firstOrderOnly: body.firstOrderOnly,
    active: body.active,
    discountsShipping: body.discountsShipping,
    note: body.note ?? '',
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** POST /api/admin/coupons: 409 COUPON_TAKEN when the code exists (in any case). */
export async function createCoupon(database: Database, body: CouponBody & { code: string }): Promise<Coupon> {
  try {
    const [row] = await database.db
      .insert(coupons)
      .values({ id: randomUUID(), ...valuesOf(body) })
      .returning();
    return couponOut(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError('COUPON_TAKEN', undefined, { field: 'code' });
    throw error;
  }
}

/** PUT /api/admin/coupons/:id: every field; uses already counted stay. */
export async function updateCoupon(database: Database, id: string, body: CouponBody & { code: string }): Promise<Coupon> {
  try {
    const [row] = await database.db
      .update(coupons)
      .set({ ...valuesOf(body), updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning();
    if (!row) throw new ShopError('NOT_FOUND', 'This coupon does not exist.');
    return couponOut(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ShopError('COUPON_TAKEN', undefined, { field: 'code' });
    throw error;
  }
}
