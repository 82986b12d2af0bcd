import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  checkCoupon,
  couponSummary,
  normalizeCouponCode,
  ShopError,
  type Coupon,
  type CouponBody,
  type CouponKind,
  type CouponOrder,
  type CouponRule,
  type CouponUsage,
} from '@framewala/domain';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/client';
import { couponRedemptions, coupons, type CouponRow, type OrderRow } from '../db/schema';

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
    await client.query(
      `INSERT INTO coupon_redemptions (coupon_id, order_id, user_id, status, discount_paise, held_until)
       VALUES ($1, $2, $3, 'held', $4, now() + $5 * interval '1 millisecond')`,
      [coupon.id, orderId, userId, check.discountPaise, COUPON_HOLD_MS],
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
 * coupon row locked. Only paid uses are counted here, so a coupon is never used more than its limits allow; false
 * when none is left for this order (its hold expired and others paid meanwhile): the caller refunds the payment.
 */
export async function redeemForPaidOrder(tx: Tx, order: OrderRow): Promise<boolean> {
  if (!order.couponCode) return true;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, order.couponCode)).for('update').limit(1);
  if (!coupon) return false;
  const rule = ruleOf(coupon);
  // Only paid uses count here: a payment settles against these, under the coupon row's lock.
  const [usage] = await tx
    .select({
      usedTotal: sql<number>`count(*)::int`,
      usedByCustomer: sql<number>`(count(*) FILTER (WHERE ${couponRedemptions.userId} = ${order.userId}))::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.status, 'used'), ne(couponRedemptions.orderId, order.id)));
  const overTotal = rule.totalUses !== null && usage!.usedTotal >= rule.totalUses;
  const overCustomer = rule.perCustomer !== null && usage!.usedByCustomer >= rule.perCustomer;
  if (overTotal || overCustomer) {
    await tx.update(couponRedemptions).set({ status: 'released' }).where(eq(couponRedemptions.orderId, order.id));
    return false;
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
  return true;
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
