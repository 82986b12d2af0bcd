import { longestOuterSide, ShopError } from '@framewala/domain';
import type { AppContext } from '../../context';
import type { OrderAddressSnapshot, OrderCartLine } from '../../db/schema';
import { SESSION_INVALID } from '../../plugins/auth';
import { readPricedLines } from '../cart';
import { paymentProviderFor } from '../payments/provider';
import { priceShipping } from '../shipping';
import { releaseHold } from '../coupons';
import { couponForOrder, REPLAY, replayed, withHoldReleasedOnFailure, type CreatedOrder, type ReplayRow } from './create';
import { newOrderNumber } from './numbers';

const READ_ACCOUNT = `SELECT
  (SELECT session_version FROM users WHERE id = $1) AS session_version,
  (SELECT json_build_object('fullName', a.full_name, 'phone', a.phone, 'altPhone', a.alt_phone, 'email', a.email,
          'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city, 'state', a.state,
          'country', a.country, 'postalCode', a.postal_code, 'companyName', a.company_name, 'gstin', a.gstin)
     FROM addresses a WHERE a.user_id = $1 LIMIT 1) AS address,
  (SELECT coupon_code FROM carts WHERE user_id = $1) AS coupon_code`;

/** The order (first line in `line`, every line in `lines`), its first history row and the Idempotency-Key, as create-order's. */
const INSERT_CART_ORDER = `WITH k AS (
  INSERT INTO idempotency_keys (user_id, key, order_id, body_hash) SELECT $1, $2::text, $3, $13::text WHERE $2::text IS NOT NULL
  ON CONFLICT DO NOTHING RETURNING order_id
), o AS (
  INSERT INTO orders (id, user_id, status, provider, provider_order_id, amount_paise, shipping_paise, currency, quantity, upload_id, line, lines, address,
                      status_changed_at, created_at, updated_at, discount_paise, coupon_code, discount_covers_shipping)
  SELECT $3, $1, 'created', $4, $5, $6, $7, 'INR', $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $14::timestamptz, $14::timestamptz, $14::timestamptz,
         $15, $16::text, $17
  WHERE $2::text IS NULL OR EXISTS (SELECT 1 FROM k)
  RETURNING id
), h AS (
  INSERT INTO order_status_history (order_id, from_status, to_status, actor, at) SELECT id, NULL, 'created', 'customer', $14::timestamptz FROM o
)
SELECT count(*)::int AS inserted FROM o`;

/**
 * POST /api/create-order with `{cart: true}`: one order for every line of the customer's cart, priced by the server
 * (each line as create-order prices one photo, plus shipping to the saved address), and one provider order for the
 * total. The cart is left as it is: its lines are removed when this order is paid (settlePaid). Refused with 422 when
 * the cart is empty or a line cannot be paid for (its message says which and why), 409 PRICE_MISMATCH `{amount}` when
 * the client's total differs.
 */
export async function createOrderFromCart(
  ctx: AppContext,
  userId: string,
  amount: number,
  idempotencyKey: string | undefined,
  sessionVersion: number | null,
  bodyHash: string | null,
): Promise<{ order: CreatedOrder; replayed: boolean }> {
  const { pool } = ctx.database;
  const [account, replay, priced] = await Promise.all([
    pool.query<{ session_version: number | null; address: OrderAddressSnapshot | null; coupon_code: string | null }>(READ_ACCOUNT, [
      userId,
    ]),
    idempotencyKey === undefined ? Promise.resolve(null) : pool.query<ReplayRow>({ ...REPLAY, values: [userId, idempotencyKey] }),
    readPricedLines(ctx, userId),
  ]);
  const rows = account.rows[0];
  if (!rows || rows.session_version === null || (sessionVersion !== null && rows.session_version !== sessionVersion)) {
    throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
  }
  if (replay?.rows[0]) return replayed(replay.rows[0], bodyHash);
  if (priced.length === 0) throw new ShopError('RULE_BROKEN', 'Your cart is empty. Please add a framed photo first.', { field: 'cart' });
  const blocked = priced.findIndex((p) => p.error !== null);
  if (blocked >= 0) {
    const { line, error } = priced[blocked]!;
    throw new ShopError('RULE_BROKEN', `Photo ${blocked + 1} in your cart cannot be ordered: ${error!.message}`, {
      field: 'cart',
      lineId: line.id,
      problem: line.problem,
    });
  }
  const { address } = rows;
  if (!address) throw new ShopError('RULE_BROKEN', 'Please add a delivery address before paying.', { field: 'address' });

  const lines: OrderCartLine[] = priced.map((p) => ({
    cartLineId: p.line.id,
    uploadId: p.line.uploadId,
    quantity: p.line.quantity,
    line: p.snapshot!,
  }));
  const subtotalPaise = lines.reduce((sum, l) => sum + l.line.checkoutPaise, 0);
  const shipping = await priceShipping(
    ctx.database,
    address.postalCode,
    subtotalPaise,
    longestOuterSide(
      lines.map((l) => ({ widthIn: l.line.widthIn, heightIn: l.line.heightIn, borderIn: l.line.borderIn, mouldingIn: l.line.mouldingIn })),
    ),
    { unknownPincode: 'elsewhere' },
  );
  const orderNumber = newOrderNumber();
  // The cart's applied code, priced again now (the cart may have changed since it was applied).
  const coupon = await couponForOrder(
    ctx,
    userId,
    orderNumber,
    rows.coupon_code,
    { subtotalPaise, shippingPaise: shipping.shippingPaise },
    amount,
  );
  const amountPaise = subtotalPaise + shipping.shippingPaise - coupon.discountPaise;

  const quantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  const provider = paymentProviderFor(ctx.config, ctx.database);
  let providerOrderId = '';
  const {
    rows: [inserted],
  } = await withHoldReleasedOnFailure(ctx, orderNumber, coupon, async () => {
    const providerOrder = await provider.createOrder({
      amountPaise,
      receipt: orderNumber,
      notes: { orderNumber, lines: String(lines.length), quantity: String(quantity) },
    });
    if (providerOrder.amount !== amountPaise) throw new ShopError('PAYMENT_PROVIDER_ERROR');
    providerOrderId = providerOrder.id;
    return pool.query<{ inserted: number }>(INSERT_CART_ORDER, [
      userId,
      idempotencyKey ?? null,
      orderNumber,
      provider.name,
      providerOrder.id,
      amountPaise,
      shipping.shippingPaise,
      quantity,
      lines[0]!.uploadId,
      JSON.stringify(lines[0]!.line),
      JSON.stringify(lines),
      JSON.stringify(address),
      bodyHash,
      new Date().toISOString(),
      coupon.discountPaise,
      coupon.code,
      coupon.coversShipping,
    ]);
  });
  if (!inserted?.inserted) {
    if (coupon.code) await releaseHold(ctx, orderNumber);
    const {
      rows: [winner],
    } = await pool.query<ReplayRow>({ ...REPLAY, values: [userId, idempotencyKey] });
    if (!winner) throw new Error('create-order: the Idempotency-Key is taken but its order is not found');
    return replayed(winner, bodyHash);
  }
  return { order: { id: providerOrderId, amount: amountPaise, currency: 'INR' as const, orderId: orderNumber }, replayed: false };
}
