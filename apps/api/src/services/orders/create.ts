import { createHash } from 'node:crypto';
import {
  customSizeName,
  isValidQuantity,
  longestOuterSide,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orientSize,
  PORTRAIT_ID_SUFFIX,
  priceOrder,
  ShopError,
  validateCustomSize,
  type CouponOrder,
  type ImageType,
  type SizeFormat,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import type { OrderAddressSnapshot, OrderLineSnapshot } from '../../db/schema';
import { SESSION_INVALID } from '../../plugins/auth';
import { holdCoupon, priceCoupon, releaseHold } from '../coupons';
import { paymentProviderFor } from '../payments/provider';
import { priceShipping } from '../shipping';
import { newOrderNumber } from './numbers';

export interface CreateOrderInput {
  amount: number;
  uploadId: string;
  sizeId: string | null;
  customWidth?: number | undefined;
  customHeight?: number | undefined;
  selectedFrame: string;
  selectedMotifBorder: number;
  quantity: number;
  /** A coupon code; the server checks and prices it. */
  couponCode?: string | undefined;
}

export interface CreatedOrder {
  id: string;
  amount: number;
  currency: 'INR';
  orderId: string;
}

/** What one statement reads for a draft (docs/decisions/032-checkout-round-trips.md); null where a row is missing. */
export interface DraftRows {
  session_version: number | null;
  replay: ReplayRow | null;
  upload: { id: string; ownerUserId: string | null; deleted: boolean; expired: boolean; status: string; imageType: string } | null;
  size: { id: string; format: string; widthIn: number; heightIn: number; sort: number; label: string | null } | null;
  frame: {
    finishId: string;
    finishName: string;
    finishNameHi: string | null;
    setId: string;
    setName: string;
    setNameHi: string | null;
    mouldingIn: number;
    ratePaisePerSqIn: number;
  } | null;
  border: { id: string; name: string; nameHi: string | null; sizeIn: number; pricePaise: number } | null;
  address: OrderAddressSnapshot | null;
}

/**
 * Everything create-order checks, in one round trip: the account's session version (the route checks the token's
 * here rather than in the auth plugin), an earlier order under the same Idempotency-Key, the upload, the size, the
 * finish with its set, the border and the delivery address. A prepared statement: PostgreSQL plans it once per
 * connection.
 */
const READ_DRAFT = {
  name: 'framewala-create-order-read',
  text: `SELECT
  (SELECT session_version FROM users WHERE id = $1) AS session_version,
  (SELECT json_build_object('orderId', o.id, 'providerOrderId', o.provider_order_id, 'amountPaise', o.amount_paise, 'bodyHash', k.body_hash)
     FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.user_id = $1 AND k.key = $2::text) AS replay,
  (SELECT json_build_object('id', u.id, 'ownerUserId', u.owner_user_id, 'deleted', u.deleted_at IS NOT NULL,
          'expired', u.expires_at <= now(), 'status', u.status, 'imageType', u.image_type)
     FROM uploads u WHERE u.id = $3) AS upload,
  (SELECT json_build_object('id', s.id, 'format', s.format, 'widthIn', s.width_in, 'heightIn', s.height_in, 'sort', s.sort, 'label', s.label)
     FROM preset_sizes s WHERE s.id = $4::text AND s.active) AS size,
  (SELECT json_build_object('finishId', f.id, 'finishName', f.name, 'finishNameHi', f.name_hi, 'setId', fs.id, 'setName', fs.name, 'setNameHi', fs.name_hi,
          'mouldingIn', fs.moulding_in, 'ratePaisePerSqIn', fs.rate_paise_per_sq_in)
     FROM frame_finishes f JOIN frame_sets fs ON fs.id = f.set_id WHERE f.id = $5 AND f.active AND fs.active) AS frame,
  (SELECT json_build_object('id', b.id, 'name', b.name, 'nameHi', b.name_hi, 'sizeIn', b.size_in, 'pricePaise', b.price_paise)
     FROM white_borders b WHERE abs(b.size_in - $6::float8) < 0.001 ORDER BY b.level LIMIT 1) AS border,
  (SELECT json_build_object('fullName', a.full_name, 'phone', a.phone, 'altPhone', a.alt_phone, 'email', a.email,
          'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city, 'state', a.state,
          'country', a.country, 'postalCode', a.postal_code, 'companyName', a.company_name, 'gstin', a.gstin)
     FROM addresses a WHERE a.user_id = $1 LIMIT 1) AS address`,
};

/**
 * The order, its first history row and the Idempotency-Key in one statement (one implicit transaction; the foreign
 * keys are checked at its end). With a key, the key's row goes first with ON CONFLICT DO NOTHING: a concurrent
 * request with the same key waits on it and then inserts nothing, and reads the winner's order afterwards.
 */
const INSERT_ORDER = {
  name: 'framewala-create-order-insert',
  text: `WITH k AS (
  INSERT INTO idempotency_keys (user_id, key, order_id, body_hash) SELECT $1, $2::text, $3, $12::text WHERE $2::text IS NOT NULL
  ON CONFLICT DO NOTHING RETURNING order_id
), o AS (
  INSERT INTO orders (id, user_id, status, provider, provider_order_id, amount_paise, shipping_paise, currency, quantity, upload_id, line,
                      address, status_changed_at, created_at, updated_at, discount_paise, coupon_code, discount_covers_shipping)
  SELECT $3, $1, 'created', $4, $5, $6, $13, 'INR', $7, $8, $9::jsonb, $10::jsonb, $11::timestamptz, $11::timestamptz, $11::timestamptz,
         $14, $15::text, $16
  WHERE $2::text IS NULL OR EXISTS (SELECT 1 FROM k)
  RETURNING id
), h AS (
  INSERT INTO order_status_history (order_id, from_status, to_status, actor, at) SELECT id, NULL, 'created', 'customer', $11::timestamptz FROM o
)
SELECT count(*)::int AS inserted FROM o`,
};

export const REPLAY = {
  name: 'framewala-create-order-replay',
  text: `SELECT o.id AS "orderId", o.provider_order_id AS "providerOrderId", o.amount_paise AS "amountPaise", k.body_hash AS "bodyHash"
  FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.user_id = $1 AND k.key = $2`,
};

export interface ReplayRow {
  orderId: string;
  providerOrderId: string;
  amountPaise: number;
  /** null for keys stored before body hashes were kept. */
  bodyHash: string | null;
}

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

/** Checks the draft's rows and prices it with the domain. Throws a 4xx ShopError on any problem (the cart prices its lines with it too). */
export function priceDraft(
  userId: string,
  input: Omit<CreateOrderInput, 'amount'>,
  rows: Pick<DraftRows, 'upload' | 'size' | 'frame' | 'border'>,
): { line: OrderLineSnapshot; amountPaise: number; uploadId: string } {
  const portrait = Boolean(input.sizeId?.endsWith(PORTRAIT_ID_SUFFIX));
  const { upload, size: sizeRow, frame, border } = rows;
  if (!upload || upload.ownerUserId !== userId || upload.deleted) {
    throw new ShopError('NOT_FOUND', 'We could not find this photo in your account. Please upload it again.', { field: 'uploadId' });
  }
  if (upload.expired) {
    throw new ShopError('RULE_BROKEN', 'This photo has expired (photos are kept 90 days). Please upload it again.', { field: 'uploadId' });
  }
  if (upload.status !== 'ready') {
    throw new ShopError(
      'RULE_BROKEN',
      'This photo is still being prepared (or could not be processed). Please wait a moment or upload it again.',
      {
        field: 'uploadId',
      },
    );
  }

  if (!isValidQuantity(input.quantity)) {
    throw new ShopError('RULE_BROKEN', `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`, { field: 'quantity' });
  }

  let size: { id: string | null; sizeName: string; widthIn: number; heightIn: number; custom: boolean };
  if (input.sizeId) {
    const row = sizeRow;
    if (!row || (portrait && row.widthIn === row.heightIn))
      throw new ShopError('RULE_BROKEN', 'This print size is not offered. Please choose another size.', { field: 'sizeId' });
    const oriented = orientSize(
      {
        id: row.id,
        format: row.format as SizeFormat,
        width: row.widthIn,
        height: row.heightIn,
        sort: row.sort,
        ...(row.label ? { label: row.label } : {}),
      },
      portrait ? 'portrait' : 'landscape',
    );
    size = { id: oriented.id, sizeName: oriented.sizeName, widthIn: oriented.width, heightIn: oriented.height, custom: false };
  } else {
    const check = validateCustomSize(input.customWidth, input.customHeight);
    if (!check.ok) {
      const message = [check.errors.width, check.errors.height].filter(Boolean).join(' ') || 'Please choose a print size.';
      throw new ShopError('RULE_BROKEN', message, { field: 'customSize' });
    }
    size = { id: null, sizeName: customSizeName(check.width, check.height), widthIn: check.width, heightIn: check.height, custom: true };
  }

  if (!frame)
    throw new ShopError('RULE_BROKEN', 'This frame is not offered any more. Please choose another frame.', { field: 'selectedFrame' });

  if (!border)
    throw new ShopError('RULE_BROKEN', 'This white border is not offered. Please choose another border.', { field: 'selectedMotifBorder' });

  const price = priceOrder({
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    frameRatePaisePerSqIn: frame.ratePaisePerSqIn,
    borderPricePaise: border.pricePaise,
    quantity: input.quantity,
  });

  const line: OrderLineSnapshot = {
    sizeId: size.id,
    sizeName: size.sizeName,
    widthIn: size.widthIn,
    heightIn: size.heightIn,
    custom: size.custom,
    frameSetId: frame.setId,
    frameSetName: frame.setName,
    finishId: frame.finishId,
    finishName: frame.finishName,
    mouldingIn: frame.mouldingIn,
    frameRatePaisePerSqIn: frame.ratePaisePerSqIn,
    borderId: border.id,
    borderName: border.name,
    borderIn: border.sizeIn,
    borderPricePaise: border.pricePaise,
    // The names in Hindi as they are now, so the order reads in Hindi later whatever the catalogue becomes.
    frameSetNameHi: frame.setNameHi ?? null,
    finishNameHi: frame.finishNameHi ?? null,
    borderNameHi: border.nameHi ?? null,
    fspPaise: price.fspPaise,
    wbpPaise: price.wbpPaise,
    unitPaise: price.unitPaise,
    checkoutPaise: price.checkoutPaise,
    imageType: upload.imageType as ImageType,
  };
  return { line, amountPaise: price.amountPaise, uploadId: upload.id };
}

/**
 * Shipping for an order's lines to its delivery address (the directory's zone; a saved pincode the directory lacks
 * ships at the elsewhere rate, since the address check accepted it). The amount charged is the subtotal plus this.
 */
export function shipOrder(
  ctx: AppContext,
  address: OrderAddressSnapshot,
  subtotalPaise: number,
  lines: readonly Pick<OrderLineSnapshot, 'widthIn' | 'heightIn' | 'borderIn' | 'mouldingIn'>[],
) {
  const maxOuterInches = longestOuterSide(
    lines.map(({ widthIn, heightIn, borderIn, mouldingIn }) => ({ widthIn, heightIn, borderIn, mouldingIn })),
  );
  return priceShipping(ctx.database, address.postalCode, subtotalPaise, maxOuterInches, { unknownPincode: 'elsewhere' });
}

/**
 * POST /api/create-order in two statements: one read of everything the draft names (plus the session check and an
 * earlier order under the same Idempotency-Key), then one insert of the order, its history row and the key. A second
 * request with the same key answers with the first one's order (`replayed`); two at the very same instant make two
 * provider orders, of which the loser's is never used (provider orders that are never paid expire).
 *
 * `sessionVersion`: the token's, checked against the account here (401 when it no longer matches); null when the
 * auth plugin has already checked it.
 */
export async function createOrder(
  ctx: AppContext,
  userId: string,
  input: CreateOrderInput,
  idempotencyKey: string | undefined,
  sessionVersion: number | null = null,
  bodyHash: string | null = null,
): Promise<{ order: CreatedOrder; replayed: boolean }> {
  const { pool } = ctx.database;
  const provider = paymentProviderFor(ctx.config, ctx.database);
  let providerOrderId = '';
  const portrait = Boolean(input.sizeId?.endsWith(PORTRAIT_ID_SUFFIX));
  const canonicalId = input.sizeId ? (portrait ? input.sizeId.slice(0, -PORTRAIT_ID_SUFFIX.length) : input.sizeId) : null;

  const {
    rows: [rows],
  } = await pool.query<DraftRows>({
    ...READ_DRAFT,
    values: [userId, idempotencyKey ?? null, input.uploadId, canonicalId, input.selectedFrame, input.selectedMotifBorder],
  });
  if (!rows || rows.session_version === null || (sessionVersion !== null && rows.session_version !== sessionVersion)) {
    throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
  }
  if (rows.replay) return replayed(rows.replay, bodyHash);
  const { line, amountPaise: subtotalPaise, uploadId } = priceDraft(userId, input, rows);
  const { address } = rows;
  if (!address) throw new ShopError('RULE_BROKEN', 'Please add a delivery address before paying.', { field: 'address' });
  const { shippingPaise } = await shipOrder(ctx, address, subtotalPaise, [line]);
  const orderNumber = newOrderNumber();
  const coupon = await couponForOrder(ctx, userId, orderNumber, input.couponCode ?? null, { subtotalPaise, shippingPaise }, input.amount);
  const amountPaise = subtotalPaise + shippingPaise - coupon.discountPaise;

  const {
    rows: [inserted],
  } = await withHoldReleasedOnFailure(ctx, orderNumber, coupon, async () => {
    const providerOrder = await provider.createOrder({
      amountPaise,
      receipt: orderNumber,
      notes: { orderNumber, size: line.sizeName, frame: `${line.finishName} (${line.frameSetName})`, quantity: String(input.quantity) },
    });
    if (providerOrder.amount !== amountPaise) throw new ShopError('PAYMENT_PROVIDER_ERROR');
    providerOrderId = providerOrder.id;
    return pool.query<{ inserted: number }>({
      ...INSERT_ORDER,
      values: [
        userId,
        idempotencyKey ?? null,
        orderNumber,
        provider.name,
        providerOrder.id,
        amountPaise,
        input.quantity,
        uploadId,
        JSON.stringify(line),
        JSON.stringify(address),
        new Date().toISOString(),
        bodyHash,
        shippingPaise,
        coupon.discountPaise,
        coupon.code,
        coupon.coversShipping,
      ],
    });
  });
  if (!inserted?.inserted) {
    if (coupon.code) await releaseHold(ctx, orderNumber);
    // The same Idempotency-Key won by a concurrent request (which has committed by now).
    const {
      rows: [winner],
    } = await pool.query<ReplayRow>({
      ...REPLAY,
      values: [userId, idempotencyKey],
    });
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
 * went to someone else meanwhile). No code: no discount, and only the total is checked.
 */
export async function couponForOrder(
  ctx: AppContext,
  userId: string,
  orderNumber: string,
  code: string | null,
  order: CouponOrder,
  clientAmount: number,
): Promise<OrderCoupon> {
  const priced = code ? await priceCoupon(ctx.database.pool, userId, code, order) : null;
  const amountPaise = order.subtotalPaise + order.shippingPaise - (priced?.discountPaise ?? 0);
  if (clientAmount !== amountPaise) throw new ShopError('PRICE_MISMATCH', undefined, { amount: amountPaise });
  if (!code) return { code: null, discountPaise: 0, coversShipping: false };
  const held = await holdCoupon(ctx, userId, orderNumber, code, order);
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
