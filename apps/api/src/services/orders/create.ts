import { createHash } from 'node:crypto';
import { TransactionRollbackError } from 'drizzle-orm';
import { ShopError, type CouponOrder, type OrderPayment } from '@framewala/domain';
import type { AppContext } from '../../context';
import { idempotencyKeys, orders, orderStatusHistory, type OrderAddressSnapshot, type OrderLine } from '../../db/schema';
import { SESSION_INVALID } from '../../plugins/auth';
import { readPricedLines } from '../cart';
import { holdCoupon, priceCoupon, releaseHold } from '../coupons';
import { paymentProviderFor } from '../payments/provider';
import { newOrderNumber } from './numbers';
import { canonicalSizeId, lineRowsSql, priceLine, shipLines, uploadJsonSql, type LineChoice, type LineRows } from './price-line';

/**
 * What POST /api/create-order is asked for: one photo bought at once ("buy now": a cart of one line that never
 * touches the saved cart), or every line of the customer's saved cart with the cart's coupon code. Either way the
 * order is a list of lines, priced, shipped, discounted, paid and stored the same way.
 */
export type OrderRequest = (
  { kind: 'photo'; amount: number; line: LineChoice; couponCode?: string | undefined } | { kind: 'cart'; amount: number }
) & {
  /** The address the order is asked from (request.ip): a limited code's holds are counted by it. */
  clientAddress?: string | null;
  /** 'on_approval': a manual-capture provider order, its payment held until the customer approves the proof. */
  payment?: OrderPayment;
};

export interface CreatedOrder {
  id: string;
  amount: number;
  currency: 'INR';
  orderId: string;
}

export interface ReplayRow {
  orderId: string;
  providerOrderId: string;
  amountPaise: number;
  /** null for keys stored before body hashes were kept. */
  bodyHash: string | null;
}

/** What create-order reads of the account: its session version, its saved address and an earlier order under the key. */
interface AccountRows {
  session_version: number | null;
  address: OrderAddressSnapshot | null;
  replay: ReplayRow | null;
}

const ADDRESS_JSON = `json_build_object('fullName', a.full_name, 'phone', a.phone, 'altPhone', a.alt_phone, 'email', a.email,
          'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city, 'state', a.state,
          'country', a.country, 'postalCode', a.postal_code, 'companyName', a.company_name, 'gstin', a.gstin)`;

const REPLAY_JSON = `json_build_object('orderId', o.id, 'providerOrderId', o.provider_order_id, 'amountPaise', o.amount_paise, 'bodyHash', k.body_hash)`;

/**
 * Everything create-order checks for one photo, in one round trip: the account's session version (the route checks
 * the token's here rather than in the auth plugin), an earlier order under the same Idempotency-Key, the line's rows
 * (the upload, the size, the finish with its set, the border) and the delivery address. A prepared statement:
 * PostgreSQL plans it once per connection.
 */
const READ_PHOTO_ORDER = {
  name: 'framewala-create-order-read',
  text: `SELECT
  (SELECT session_version FROM users WHERE id = $1) AS session_version,
  (SELECT ${REPLAY_JSON} FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.user_id = $1 AND k.key = $2::text) AS replay,
  ${lineRowsSql({ upload: `(SELECT ${uploadJsonSql('u')} FROM uploads u WHERE u.id = $3)`, sizeId: '$4::text', finishId: '$5', borderIn: '$6::float8' })},
  (SELECT ${ADDRESS_JSON} FROM addresses a WHERE a.user_id = $1 LIMIT 1) AS address`,
};

/** The same for the whole cart (its lines are read beside it, with the cart's own statement), with the cart's code. */
const READ_CART_ORDER = {
  name: 'framewala-create-cart-order-read',
  text: `SELECT
  (SELECT session_version FROM users WHERE id = $1) AS session_version,
  (SELECT ${REPLAY_JSON} FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.user_id = $1 AND k.key = $2::text) AS replay,
  (SELECT ${ADDRESS_JSON} FROM addresses a WHERE a.user_id = $1 LIMIT 1) AS address,
  (SELECT coupon_code FROM carts WHERE user_id = $1) AS coupon_code`,
};

export const REPLAY = {
  name: 'framewala-create-order-replay',
  text: `SELECT o.id AS "orderId", o.provider_order_id AS "providerOrderId", o.amount_paise AS "amountPaise", k.body_hash AS "bodyHash"
  FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.user_id = $1 AND k.key = $2`,
};

/**
 * The SHA-256 of a create-order body as the schema parsed it (its keys in the schema's order), stored with the
 * Idempotency-Key: a retry sends the same body; a different body under the same key is a client bug, refused.
 */
export function idempotencyBodyHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

/** The earlier order under the same key, when the body is the same; 422 IDEMPOTENCY_KEY_REUSED when it is not. */
export function replayed(row: ReplayRow, bodyHash: string | null) {
  if (row.bodyHash !== null && bodyHash !== null && row.bodyHash !== bodyHash) throw new ShopError('IDEMPOTENCY_KEY_REUSED');
  return {
    order: { id: row.providerOrderId, amount: row.amountPaise, currency: 'INR' as const, orderId: row.orderId },
    replayed: true,
  };
}

/** What an order request reads before anything is decided. `lines` throws the request's 4xx when a line cannot be ordered. */
interface OrderReading {
  account: AccountRows | undefined;
  couponCode: string | null;
  lines: () => OrderLine[];
}

/** One photo: its line is priced from the rows read with the account, and never names a cart line. */
async function readPhotoOrder(
  ctx: AppContext,
  userId: string,
  request: Extract<OrderRequest, { kind: 'photo' }>,
  idempotencyKey: string | undefined,
): Promise<OrderReading> {
  const { line } = request;
  const {
    rows: [rows],
  } = await ctx.database.pool.query<AccountRows & LineRows>({
    ...READ_PHOTO_ORDER,
    values: [userId, idempotencyKey ?? null, line.uploadId, canonicalSizeId(line.sizeId), line.selectedFrame, line.selectedMotifBorder],
  });
  return {
    account: rows,
    couponCode: request.couponCode ?? null,
    lines: () => {
      const snapshot = priceLine(userId, line, rows!);
      return [{ cartLineId: null, uploadId: rows!.upload!.id, quantity: line.quantity, line: snapshot }];
    },
  };
}

/** The whole cart: every line priced as one photo is; one that cannot be ordered refuses the order, naming it. */
async function readCartOrder(ctx: AppContext, userId: string, idempotencyKey: string | undefined): Promise<OrderReading> {
  const [account, priced] = await Promise.all([
    ctx.database.pool.query<AccountRows & { coupon_code: string | null }>({ ...READ_CART_ORDER, values: [userId, idempotencyKey ?? null] }),
    readPricedLines(ctx, userId),
  ]);
  const rows = account.rows[0];
  return {
    account: rows,
    // The cart's applied code, priced again now (the cart may have changed since it was applied).
    couponCode: rows?.coupon_code ?? null,
    lines: () => {
      if (priced.length === 0)
        throw new ShopError('RULE_BROKEN', 'Your cart is empty. Please add a framed photo first.', { field: 'cart' });
      const blocked = priced.findIndex((p) => p.error !== null);
      if (blocked >= 0) {
        const { line, error } = priced[blocked]!;
        throw new ShopError('RULE_BROKEN', `Photo ${blocked + 1} in your cart cannot be ordered: ${error!.message}`, {
          field: 'cart',
          lineId: line.id,
          problem: line.problem,
        });
      }
      return priced.map((p) => ({ cartLineId: p.line.id, uploadId: p.line.uploadId, quantity: p.line.quantity, line: p.snapshot! }));
    },
  };
}

/** What the provider's dashboard shows of the order: its number, its pieces and each line in a few words. */
function providerNotes(orderNumber: string, lines: readonly OrderLine[]): Record<string, string> {
  const items = lines.map((l) => `${l.quantity} × ${l.line.sizeName} in ${l.line.finishName} (${l.line.frameSetName})`).join('; ');
  return {
    orderNumber,
    lines: String(lines.length),
    quantity: String(lines.reduce((sum, l) => sum + l.quantity, 0)),
    // The provider keeps at most 256 characters a note.
    items: items.length > 256 ? `${items.slice(0, 255)}…` : items,
  };
}

/**
 * Stores the order, its `created` history row and the Idempotency-Key in one transaction. The key's row goes last with
 * ON CONFLICT DO NOTHING: a concurrent request with the same key waits on the winner's row, inserts nothing, and this
 * transaction is rolled back (false): the caller answers with the winner's order.
 */
async function insertOrder(
  ctx: AppContext,
  order: typeof orders.$inferInsert & { id: string },
  key: { key: string; bodyHash: string | null } | null,
): Promise<boolean> {
  const at = order.createdAt;
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(orders).values(order);
      await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: 'created', actor: 'customer', at });
      if (!key) return;
      const kept = await tx
        .insert(idempotencyKeys)
        .values({ userId: order.userId, key: key.key, orderId: order.id, bodyHash: key.bodyHash })
        .onConflictDoNothing()
        .returning({ orderId: idempotencyKeys.orderId });
      if (kept.length === 0) tx.rollback();
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/**
 * POST /api/create-order, for one photo or for the whole cart: the account and an earlier order under the same
 * Idempotency-Key are read with the lines' rows (one statement for a photo; the cart's lines beside it), every line is
 * priced by {@link priceLine}, shipping to the saved address and the coupon are added, the client's total is checked
 * (409 PRICE_MISMATCH `{amount}`), the provider order is made, and the order is stored with its history row and key.
 * A second request with the same key answers with the first one's order (`replayed`); two at the very same instant
 * make two provider orders, of which the loser's is never used (provider orders that are never paid expire). A cart
 * order leaves the cart as it is: its lines are removed when the order is paid (settlePaid).
 *
 * The checks answer in this order: 401 when the account is gone or `sessionVersion` (the token's; null when the auth
 * plugin has checked it) is no longer the account's; the earlier order under the key; 422 (404 for a photo that is
 * not the customer's) when a line cannot be ordered; 422 without a saved address; the coupon's 422; 409 for the total.
 */
export async function createOrder(
  ctx: AppContext,
  userId: string,
  request: OrderRequest,
  idempotencyKey: string | undefined,
  sessionVersion: number | null = null,
  bodyHash: string | null = null,
): Promise<{ order: CreatedOrder; replayed: boolean }> {
  const reading =
    request.kind === 'photo'
      ? await readPhotoOrder(ctx, userId, request, idempotencyKey)
      : await readCartOrder(ctx, userId, idempotencyKey);
  const { account } = reading;
  if (!account || account.session_version === null || (sessionVersion !== null && account.session_version !== sessionVersion)) {
    throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
  }
  if (account.replay) return replayed(account.replay, bodyHash);
  const lines = reading.lines();
  const { address } = account;
  if (!address) throw new ShopError('RULE_BROKEN', 'Please add a delivery address before paying.', { field: 'address' });

  const subtotalPaise = lines.reduce((sum, l) => sum + l.line.checkoutPaise, 0);
  const { shippingPaise } = await shipLines(
    ctx,
    address.postalCode,
    subtotalPaise,
    lines.map((l) => l.line),
  );
  const orderNumber = newOrderNumber();
  const coupon = await couponForOrder(
    ctx,
    userId,
    orderNumber,
    reading.couponCode,
    { subtotalPaise, shippingPaise },
    request.amount,
    request.clientAddress ?? null,
  );
  const amountPaise = subtotalPaise + shippingPaise - coupon.discountPaise;

  const provider = paymentProviderFor(ctx.config, ctx.database);
  const { providerOrderId, inserted } = await withHoldReleasedOnFailure(ctx, orderNumber, coupon, async () => {
    const paymentMode = request.payment ?? 'now';
    const providerOrder = await provider.createOrder({
      amountPaise,
      receipt: orderNumber,
      notes: providerNotes(orderNumber, lines),
      capture: paymentMode === 'on_approval' ? 'manual' : 'automatic',
    });
    if (providerOrder.amount !== amountPaise) throw new ShopError('PAYMENT_PROVIDER_ERROR');
    const now = new Date();
    const stored = await insertOrder(
      ctx,
      {
        id: orderNumber,
        userId,
        status: 'created',
        provider: provider.name,
        providerOrderId: providerOrder.id,
        amountPaise,
        shippingPaise,
        discountPaise: coupon.discountPaise,
        couponCode: coupon.code,
        discountCoversShipping: coupon.coversShipping,
        currency: 'INR',
        paymentMode,
        lines,
        address,
        statusChangedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      idempotencyKey === undefined ? null : { key: idempotencyKey, bodyHash },
    );
    return { providerOrderId: providerOrder.id, inserted: stored };
  });
  if (!inserted) {
    if (coupon.code) await releaseHold(ctx, orderNumber);
    // The same Idempotency-Key won by a concurrent request (which has committed by now).
    const {
      rows: [winner],
    } = await ctx.database.pool.query<ReplayRow>({ ...REPLAY, values: [userId, idempotencyKey] });
    if (!winner) throw new Error('create-order: the Idempotency-Key is taken but its order is not found');
    return replayed(winner, bodyHash);
  }
  return { order: { id: providerOrderId, amount: amountPaise, currency: 'INR' as const, orderId: orderNumber }, replayed: false };
}

export interface OrderCoupon {
  code: string | null;
  discountPaise: number;
  coversShipping: boolean;
}

/**
 * The order's coupon: priced first (a 422 with the code's reason when it does not apply), then the client's total is
 * checked (409 PRICE_MISMATCH `{amount}`), then one use is held for this order (422 COUPON_USED_UP when the last use
 * went to someone else meanwhile; 429 when other customers' checkouts from `clientAddress` already hold a limited code
 * twice). No code: no discount, and only the total is checked.
 */
export async function couponForOrder(
  ctx: AppContext,
  userId: string,
  orderNumber: string,
  code: string | null,
  order: CouponOrder,
  clientAmount: number,
  clientAddress: string | null = null,
): Promise<OrderCoupon> {
  const priced = code ? await priceCoupon(ctx.database.pool, userId, code, order) : null;
  const amountPaise = order.subtotalPaise + order.shippingPaise - (priced?.discountPaise ?? 0);
  if (clientAmount !== amountPaise) throw new ShopError('PRICE_MISMATCH', undefined, { amount: amountPaise });
  if (!code) return { code: null, discountPaise: 0, coversShipping: false };
  const held = await holdCoupon(ctx, userId, orderNumber, code, order, clientAddress);
  if (held.discountPaise !== priced!.discountPaise) {
    await releaseHold(ctx, orderNumber);
    throw new ShopError('PRICE_MISMATCH', undefined, { amount: order.subtotalPaise + order.shippingPaise - held.discountPaise });
  }
  return { code: held.coupon.code, discountPaise: held.discountPaise, coversShipping: held.coupon.discountsShipping };
}

/** Runs the steps after a coupon hold; when one fails, the hold is given back before the error goes on. */
export async function withHoldReleasedOnFailure<T>(
  ctx: AppContext,
  orderNumber: string,
  coupon: OrderCoupon,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (coupon.code) await releaseHold(ctx, orderNumber).catch(() => undefined);
    throw error;
  }
}
