import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import {
  includedGstPaise,
  MAX_CART_LINES,
  normalizeCouponCode,
  PORTRAIT_ID_SUFFIX,
  ShopError,
  type AddCartLineBody,
  type Cart,
  type CartLine,
  type CartLineProblem,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { priceCoupon } from './coupons';
import { taxSettingsOf } from './invoices';
import { mediaUrl } from './media-access';
import type { OrderLineSnapshot } from '../db/schema';
import { lineRowsSql, priceLine, shipLines, uploadJsonSql, type LineRows } from './orders/price-line';

/** A cart line with what the catalogue says of it now (one row of READ_LINES). */
interface LineRow extends LineRows {
  id: string;
  client_line_id: string | null;
  upload_id: string;
  size_id: string | null;
  custom_width: number | null;
  custom_height: number | null;
  finish_id: string;
  border_in: number;
  quantity: number;
  thumbnail_key: string | null;
}

/**
 * Every line of a cart with the rows create-order reads for a photo (the upload, the size, the finish with its set,
 * the border), in one statement, oldest line first. `$2` is the portrait suffix of size ids.
 */
const READ_LINES = `SELECT l.id, l.client_line_id, l.upload_id, l.size_id, l.custom_width, l.custom_height, l.finish_id, l.border_in, l.quantity,
  CASE WHEN u.deleted_at IS NULL THEN u.thumbnail_key END AS thumbnail_key,
  ${lineRowsSql({
    upload: `CASE WHEN u.id IS NOT NULL THEN ${uploadJsonSql('u')} END`,
    sizeId: 'CASE WHEN right(l.size_id, length($2)) = $2 THEN left(l.size_id, -length($2)) ELSE l.size_id END',
    finishId: 'l.finish_id',
    borderIn: 'l.border_in',
  })}
FROM cart_lines l LEFT JOIN uploads u ON u.id = l.upload_id
WHERE l.user_id = $1
ORDER BY l.created_at, l.id`;

/** The saved delivery pincode (shipping and the estimate are for it) and the cart's applied coupon code. */
const READ_PINCODE = `SELECT (SELECT postal_code FROM addresses WHERE user_id = $1 LIMIT 1) AS postal_code,
  (SELECT coupon_code FROM carts WHERE user_id = $1) AS coupon_code`;

type Queryable = Pick<PoolClient, 'query'>;

/** What a pricing refusal's field says is wrong with a line. */
function problemOf(error: ShopError, row: LineRow): CartLineProblem {
  switch (error.details?.field) {
    case 'uploadId':
      if (!row.upload || error.code === 'NOT_FOUND') return 'photo_missing';
      return row.upload.expired ? 'photo_expired' : 'photo_not_ready';
    case 'selectedFrame':
      return 'frame_retired';
    case 'sizeId':
    case 'customSize':
      return 'size_retired';
    case 'selectedMotifBorder':
      return 'border_retired';
    default:
      return 'invalid';
  }
}

/** A cart line priced by the domain now, or marked with what stops it from being paid for. */
export interface PricedLine {
  line: CartLine;
  /** The pricing refusal, when the line cannot be paid for. */
  error: ShopError | null;
  /** The order snapshot of the line, when it can be paid for. */
  snapshot: OrderLineSnapshot | null;
}

function priceCartLine(ctx: AppContext, userId: string, row: LineRow): PricedLine {
  const base: CartLine = {
    id: row.id,
    clientLineId: row.client_line_id,
    uploadId: row.upload_id,
    sizeId: row.size_id,
    customWidth: row.custom_width,
    customHeight: row.custom_height,
    selectedFrame: row.finish_id,
    selectedMotifBorder: row.border_in,
    quantity: row.quantity,
    thumbnailUrl: row.thumbnail_key ? mediaUrl(ctx, row.thumbnail_key) : null,
    imageType: row.upload?.imageType ?? null,
    sizeName: null,
    widthIn: null,
    heightIn: null,
    frameSetName: row.frame?.setName ?? null,
    finishName: row.frame?.finishName ?? null,
    mouldingIn: row.frame?.mouldingIn ?? null,
    borderName: row.border?.name ?? null,
    frameSetNameHi: row.frame?.setNameHi ?? null,
    finishNameHi: row.frame?.finishNameHi ?? null,
    borderNameHi: row.border?.nameHi ?? null,
    borderIn: row.border_in,
    unitPaise: null,
    linePaise: null,
    problem: null,
    problemMessage: null,
  };
  try {
    const line = priceLine(
      userId,
      {
        uploadId: row.upload_id,
        sizeId: row.size_id,
        customWidth: row.custom_width ?? undefined,
        customHeight: row.custom_height ?? undefined,
        selectedFrame: row.finish_id,
        selectedMotifBorder: row.border_in,
        quantity: row.quantity,
      },
      row,
    );
    return {
      line: {
        ...base,
        sizeName: line.sizeName,
        widthIn: line.widthIn,
        heightIn: line.heightIn,
        unitPaise: line.unitPaise,
        linePaise: line.checkoutPaise,
      },
      error: null,
      snapshot: line,
    };
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    return { line: { ...base, problem: problemOf(error, row), problemMessage: error.message }, error, snapshot: null };
  }
}

/** Every line of a customer's cart, priced now. */
export async function readPricedLines(ctx: AppContext, userId: string, db: Queryable = ctx.database.pool): Promise<PricedLine[]> {
  const { rows } = await db.query<LineRow>(READ_LINES, [userId, PORTRAIT_ID_SUFFIX]);
  return rows.map((row) => priceCartLine(ctx, userId, row));
}

/**
 * The cart's totals from its priced lines, with shipping and the delivery window for the saved pincode, and the
 * applied code's discount (priced now; when it does not apply any more, the discount is 0 and `couponProblem` says why).
 */
async function cartOf(
  ctx: AppContext,
  userId: string,
  lines: PricedLine[],
  pincode: string | null,
  couponCode: string | null,
): Promise<Cart> {
  const subtotalPaise = lines.reduce((sum, l) => sum + (l.line.linePaise ?? 0), 0);
  const pieces = lines.flatMap((l) => (l.snapshot ? [l.snapshot] : []));
  const shipping = pincode !== null && pieces.length > 0 ? await shipLines(ctx, pincode, subtotalPaise, pieces) : null;
  const shippingPaise = shipping?.shippingPaise ?? null;
  let discountPaise = 0;
  let couponProblem: string | null = null;
  let couponProblemCode: string | null = null;
  let coupon: Cart['coupon'] = null;
  let discountCoversShipping = false;
  if (couponCode) {
    try {
      const priced = await priceCoupon(ctx.database.pool, userId, couponCode, { subtotalPaise, shippingPaise: shippingPaise ?? 0 });
      discountPaise = priced.discountPaise;
      discountCoversShipping = priced.coupon.discountsShipping;
      coupon = { code: priced.coupon.code, summary: priced.summary };
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      coupon = { code: couponCode, summary: '' };
      couponProblem = error.message;
      couponProblemCode = error.code;
    }
  }
  // The GST the order's invoice will show: its rows are the payable lines and the shipping, less the discount.
  const { settings } = await taxSettingsOf(ctx.database.db, ctx.config.tax);
  const gstPaise = includedGstPaise({
    linesPaise: lines.flatMap((l) => (l.line.linePaise === null ? [] : [l.line.linePaise])),
    shippingPaise: shippingPaise ?? 0,
    discountPaise,
    discountCoversShipping,
    rateBp: settings.rateBp,
  });
  return {
    lines: lines.map((l) => l.line),
    itemCount: lines.reduce((sum, l) => sum + l.line.quantity, 0),
    subtotalPaise,
    shippingPaise,
    discountPaise,
    coupon,
    couponProblem,
    couponProblemCode,
    totalPaise: subtotalPaise + (shippingPaise ?? 0) - discountPaise,
    gstPaise,
    arrivesBy: shipping?.arrivesBy ?? null,
    pincode,
    pincodeInDirectory: shipping?.inDirectory ?? true,
    payable: lines.length > 0 && lines.every((l) => l.error === null),
  };
}

async function readCartWith(ctx: AppContext, userId: string, db: Queryable): Promise<{ cart: Cart; priced: PricedLine[] }> {
  const [priced, address] = await Promise.all([
    readPricedLines(ctx, userId, db),
    db.query<{ postal_code: string | null; coupon_code: string | null }>(READ_PINCODE, [userId]),
  ]);
  const row = address.rows[0];
  return { cart: await cartOf(ctx, userId, priced, row?.postal_code ?? null, row?.coupon_code ?? null), priced };
}

/** GET /api/cart. */
export async function readCart(ctx: AppContext, userId: string): Promise<Cart> {
  return (await readCartWith(ctx, userId, ctx.database.pool)).cart;
}

async function inTransaction<T>(ctx: AppContext, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export const CART_FULL_MESSAGE = `A cart holds at most ${MAX_CART_LINES} framed photos. Please check out or remove one first.`;

/**
 * POST /api/cart/lines. In one transaction that first locks the customer's cart row (so concurrent adds queue and
 * cannot pass the line limit together): a line with a `clientLineId` already in the cart is answered as is
 * (`created` false); else the line is inserted and priced with the rest, and refused (rolled back) with create-order's
 * message when the photo is not the customer's, has expired, or a choice is not offered.
 */
export async function addCartLine(
  ctx: AppContext,
  userId: string,
  body: AddCartLineBody,
): Promise<{ line: CartLine; cart: Cart; created: boolean }> {
  // The transaction only writes and checks the line; the cart (with shipping, which reads through the pool) is read
  // after it commits, so a transaction never waits for a second connection.
  const { lineId, created } = await inTransaction(ctx, async (db) => {
    await db.query(`INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET updated_at = now()`, [userId]);
    if (body.clientLineId !== undefined) {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM cart_lines WHERE user_id = $1 AND client_line_id = $2`, [
        userId,
        body.clientLineId,
      ]);
      if (rows[0]) return { lineId: rows[0].id, created: false };
    }
    const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM cart_lines WHERE user_id = $1`, [userId]);
    if ((counted[0]?.n ?? 0) >= MAX_CART_LINES) throw new ShopError('RULE_BROKEN', CART_FULL_MESSAGE, { field: 'cart' });
    const id = randomUUID();
    const custom = body.sizeId === null;
    await db.query(
      `INSERT INTO cart_lines (id, user_id, client_line_id, upload_id, size_id, custom_width, custom_height, finish_id, border_in, quantity)
       SELECT $1, $2, $3, u.id, $5, $6, $7, $8, $9, $10 FROM uploads u WHERE u.id = $4`,
      [
        id,
        userId,
        body.clientLineId ?? null,
        body.uploadId,
        body.sizeId,
        custom ? (body.customWidth ?? null) : null,
        custom ? (body.customHeight ?? null) : null,
        body.selectedFrame,
        body.selectedMotifBorder,
        body.quantity,
      ],
    );
    const added = (await readPricedLines(ctx, userId, db)).find((l) => l.line.id === id);
    if (!added)
      throw new ShopError('NOT_FOUND', 'We could not find this photo in your account. Please upload it again.', { field: 'uploadId' });
    if (added.error) throw added.error;
    // The border is priced as the nearest of the catalogue's levels (within a thousandth of an inch): the line keeps
    // that level, not the inches as sent (0.4000001 is stored as 0.4, as create-order's snapshot has it).
    const level = added.snapshot?.borderIn;
    if (level !== undefined && level !== body.selectedMotifBorder) {
      await db.query(`UPDATE cart_lines SET border_in = $2 WHERE id = $1`, [id, level]);
    }
    return { lineId: id, created: true };
  });
  const cart = await readCart(ctx, userId);
  const line = cart.lines.find((l) => l.id === lineId);
  // Removed by a concurrent request between the commit and this read.
  if (!line) throw new ShopError('NOT_FOUND', LINE_NOT_FOUND);
  return { line, cart, created };
}

const LINE_NOT_FOUND = 'This line is not in your cart (it may have been removed or ordered already).';

/** PATCH /api/cart/lines/:id: a new quantity (1–50); another customer's line is 404. */
export async function updateCartLine(
  ctx: AppContext,
  userId: string,
  lineId: string,
  quantity: number,
): Promise<{ line: CartLine; cart: Cart }> {
  const { rowCount } = await ctx.database.pool.query(
    `UPDATE cart_lines SET quantity = $3, updated_at = now() WHERE id = $1 AND user_id = $2`,
    [lineId, userId, quantity],
  );
  if (!rowCount) throw new ShopError('NOT_FOUND', LINE_NOT_FOUND);
  const cart = await readCart(ctx, userId);
  const line = cart.lines.find((l) => l.id === lineId);
  if (!line) throw new ShopError('NOT_FOUND', LINE_NOT_FOUND);
  return { line, cart };
}

/** DELETE /api/cart/lines/:id; another customer's line is 404. */
export async function removeCartLine(ctx: AppContext, userId: string, lineId: string): Promise<Cart> {
  const { rowCount } = await ctx.database.pool.query(`DELETE FROM cart_lines WHERE id = $1 AND user_id = $2`, [lineId, userId]);
  if (!rowCount) throw new ShopError('NOT_FOUND', LINE_NOT_FOUND);
  return readCart(ctx, userId);
}

/**
 * POST /api/cart/coupon: checks the code against the cart now (422 with the code's reason when it does not apply:
 * unknown, paused, not started, expired, minimum not reached, first order only, already used, run out) and keeps it
 * with the cart. Create-order prices it again and holds a use.
 */
export async function applyCartCoupon(ctx: AppContext, userId: string, code: string): Promise<Cart> {
  const { cart } = await readCartWith(ctx, userId, ctx.database.pool);
  await priceCoupon(ctx.database.pool, userId, code, { subtotalPaise: cart.subtotalPaise, shippingPaise: cart.shippingPaise ?? 0 });
  await ctx.database.pool.query(
    `INSERT INTO carts (user_id, coupon_code) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET coupon_code = $2, updated_at = now()`,
    [userId, normalizeCouponCode(code)],
  );
  return readCart(ctx, userId);
}

/** DELETE /api/cart/coupon: the cart without a code (nothing to remove is fine). */
export async function removeCartCoupon(ctx: AppContext, userId: string): Promise<Cart> {
  await ctx.database.pool.query(`UPDATE carts SET coupon_code = NULL, updated_at = now() WHERE user_id = $1`, [userId]);
  return readCart(ctx, userId);
}
