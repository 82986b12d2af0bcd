import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type Cart } from '@framewala/domain';
import { HOLDS_FROM_ADDRESS_MESSAGE } from '../src/services/coupons';
import { signSessionToken } from '../src/services/auth/tokens';
import { paymentSignature, webhookSignature } from '../src/services/payments/signatures';
import { Client, expectError } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { expectedAmount, expectedSubtotal, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';
import { newClaim, twoToneJpeg, uploadRequest } from './upload-fixtures';

// Coupons, the cart and the AR model as a second probe used them: a first-order code on two paid orders, a
// one-per-customer code paid from two tabs, a cart line raised after its order was made, a small limited code held
// by many sign-ups from one address, loose cart bodies, and models built without a limit.

const { keySecret, webhookSecret } = testConfig().payments;

let t: TestApp;
let client: Client;
let c: Catalogue;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { arModelPerAccount: { limit: 3, windowSeconds: 600 } } });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = (await signInAdmin(t, client)).token;
}, 120_000);
afterAll(async () => t?.close());

/** A customer with a saved Bengaluru address and a photo of their own, without a password hash. */
async function buyer(): Promise<{ userId: string; token: string; uploadId: string }> {
  const userId = crypto.randomUUID();
  await t.database.pool.query(
    `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash) VALUES ($1, $2, 'Buyer', 'Probe', '+919876543210', 'x')`,
    [userId, `buyer.${userId}@example.in`],
  );
  await saveAddress(t, userId);
  const token = await signSessionToken(testConfig().auth.jwtSecret, { userId, role: 'customer' });
  return { userId, token, uploadId: await uploadPhoto(t, token) };
}

async function newCoupon(over: Record<string, unknown>) {
  const res = await client.post(
    '/api/admin/coupons',
    {
      code: `probe${crypto.randomBytes(4).toString('hex')}`,
      kind: 'percent',
      value: 10,
      minSubtotalPaise: 0,
      validFrom: null,
      validTo: null,
      totalUses: null,
      perCustomer: null,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
      ...over,
    },
    { token: admin },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coupon: { id: string; code: string } }>().coupon;
}

const tenPercent = () => Math.floor((expectedSubtotal(c) * 10) / 100 / 100) * 100;

/** An order of the buyer's photo with the code, from `ip`. */
async function orderWithCode(who: { token: string; uploadId: string }, code: string, ip = '127.0.0.1') {
  return client.post('/api/create-order', orderBody(c, who.uploadId, { couponCode: code, amount: expectedAmount(c) - tenPercent() }), {
    token: who.token,
    ip,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

function verify(token: string, providerOrderId: string, paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`) {
  return client.post(
    '/api/verify-payment',
    {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(providerOrderId, paymentId, keySecret),
    },
    { token },
  );
}

function capturedWebhook(providerOrderId: string, paymentId: string, amount: number) {
  const raw = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: providerOrderId, amount, currency: 'INR', status: 'captured' } } },
  });
  return client.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, webhookSecret) },
  });
}

const orderRow = async (orderId: string) => (await t.database.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
const usedCount = async (couponId: string) =>
  (await t.database.pool.query<{ used_count: number }>('SELECT used_count FROM coupons WHERE id = $1', [couponId])).rows[0]!.used_count;

describe('coupon rules at payment', () => {
  it('a first-order-only code is checked again when the payment arrives: the second first order is refunded with the code’s reason', async () => {
    const coupon = await newCoupon({ firstOrderOnly: true });
    const x = await buyer();
    const a = await orderWithCode(x, coupon.code);
    const b = await orderWithCode(x, coupon.code);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect((await verify(x.token, a.json<{ id: string }>().id)).statusCode).toBe(200);
    const second = await verify(x.token, b.json<{ id: string }>().id);
    const body = expectError(second, 422, 'COUPON_FIRST_ORDER_REFUNDED');
    expect(body.message).toBe(ERROR_CATALOGUE.COUPON_FIRST_ORDER_REFUNDED.message);
    const refused = await orderRow(b.json<{ orderId: string }>().orderId);
    expect(refused).toMatchObject({ status: 'cancelled', payment_flag: 'coupon_first_order' });
    expect(await usedCount(coupon.id)).toBe(1);
    const { rows } = await t.database.pool.query('SELECT refund_status FROM payments WHERE order_id = $1', [refused.id]);
    expect(['refunded', 'requesting', 'pending']).toContain(rows[0].refund_status);
  });

  it('a one-per-customer code paid from two tabs: the second is refunded with the coupon’s message, whether its webhook or the browser comes first', async () => {
    for (const webhookFirst of [true, false]) {
      const coupon = await newCoupon({ perCustomer: 1 });
      const x = await buyer();
      const a = (await orderWithCode(x, coupon.code)).json<{ id: string; orderId: string; amount: number }>();
      const b = (await orderWithCode(x, coupon.code)).json<{ id: string; orderId: string; amount: number }>();
      expect((await verify(x.token, a.id)).statusCode).toBe(200);
      const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
      if (webhookFirst) expect((await capturedWebhook(b.id, paymentId, b.amount)).statusCode).toBe(200);
      const second = await verify(x.token, b.id, paymentId);
      const body = expectError(second, 422, 'COUPON_ALREADY_USED_REFUNDED');
      expect(body.message).toBe(ERROR_CATALOGUE.COUPON_ALREADY_USED_REFUNDED.message);
      expect(body.message).not.toBe(ERROR_CATALOGUE.PAID_ORDER_CANCELLED.message);
      expect(await orderRow(b.orderId)).toMatchObject({ status: 'cancelled', payment_flag: 'coupon_already_used' });
      expect(await usedCount(coupon.id)).toBe(1);
    }
  });

  it('a limited code is held at most twice at once by other customers’ checkouts from one address', async () => {
    const coupon = await newCoupon({ totalUses: 5 });
    const [first, second, third] = [await buyer(), await buyer(), await buyer()];
    const ip = '203.0.113.50';
    expect((await orderWithCode(first!, coupon.code, ip)).statusCode).toBe(201);
    expect((await orderWithCode(second!, coupon.code, ip)).statusCode).toBe(201);
    const refused = expectError(await orderWithCode(third!, coupon.code, ip), 429, 'RATE_LIMITED');
    expect(refused.message).toBe(HOLDS_FROM_ADDRESS_MESSAGE);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30 * 60);
    // A customer's own new checkout replaces their hold; another address is not affected.
    expect((await orderWithCode(first!, coupon.code, ip)).statusCode).toBe(201);
    expect((await orderWithCode(third!, coupon.code, '198.51.100.60')).statusCode).toBe(201);
    // A code without a total limit cannot be blocked by holds, so it is not counted by address.
    const open = await newCoupon({});
    for (const who of [first!, second!, third!]) expect((await orderWithCode(who, open.code, ip)).statusCode).toBe(201);
  });
});

describe('the cart', () => {
  const line = (uploadId: string, over: Record<string, unknown> = {}) => ({
    uploadId,
    sizeId: c.sizeId,
    selectedFrame: c.finishId,
    selectedMotifBorder: c.borderIn,
    quantity: 2,
    ...over,
  });
  const cartOf = async (token: string) => (await client.get('/api/cart', { token })).json<{ cart: Cart }>().cart;

  it('a line whose quantity was raised after the order keeps the pieces that were not ordered when the order is paid', async () => {
    const x = await buyer();
    const second = await uploadPhoto(t, x.token);
    const raised = (await client.post('/api/cart/lines', line(x.uploadId), { token: x.token })).json<{ line: { id: string } }>().line.id;
    const kept = (await client.post('/api/cart/lines', line(second, { quantity: 1 }), { token: x.token })).json<{ line: { id: string } }>()
      .line.id;
    const cart = await cartOf(x.token);
    const order = await client.post(
      '/api/create-order',
      { cart: true, amount: cart.totalPaise, currency: 'INR' },
      {
        token: x.token,
        headers: { 'idempotency-key': crypto.randomUUID() },
      },
    );
    expect(order.statusCode, order.body).toBe(201);
    // In another tab, after the order was made: 2 → 5.
    expect(
      (
        await client.inject({
          method: 'PATCH',
          url: `/api/cart/lines/${raised}`,
          payload: { quantity: 5 },
          headers: { authorization: `Bearer ${x.token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await verify(x.token, order.json<{ id: string }>().id)).statusCode).toBe(200);
    const after = await cartOf(x.token);
    expect(after.lines.map((l) => [l.id, l.quantity])).toEqual([[raised, 3]]);
    expect(after.lines.some((l) => l.id === kept)).toBe(false);
  });

  it('refuses a line body with a field the contract does not name, and stores a border as the catalogue’s level', async () => {
    const x = await buyer();
    const extra = await client.post('/api/cart/lines', { ...line(x.uploadId), price: 1 }, { token: x.token });
    expect(expectError(extra, 400, 'VALIDATION').message).toMatch(/price|unrecognized|Unrecognized/);
    const nudged = await client.post('/api/cart/lines', line(x.uploadId, { selectedMotifBorder: c.borderIn + 0.0000001 }), {
      token: x.token,
    });
    expect(nudged.statusCode, nudged.body).toBe(201);
    expect(nudged.json<{ line: { selectedMotifBorder: number } }>().line.selectedMotifBorder).toBe(c.borderIn);
    const { rows } = await t.database.pool.query('SELECT border_in FROM cart_lines WHERE user_id = $1', [x.userId]);
    expect(rows.map((r) => r.border_in)).toEqual([c.borderIn]);
    const patched = await client.inject({
      method: 'PATCH',
      url: `/api/cart/lines/${nudged.json<{ line: { id: string } }>().line.id}`,
      payload: { quantity: 3, uploadId: 'someone-else' },
      headers: { authorization: `Bearer ${x.token}` },
    });
    expectError(patched, 400, 'VALIDATION');
  });
});

describe('the framed model for AR', () => {
  it('is limited like crops, per account or address, signed links included', async () => {
    const claim = newClaim();
    const uploaded = await t.app.inject({ ...uploadRequest(await twoToneJpeg(1200, 800), { claim }), remoteAddress: '192.0.2.44' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ _id: string }>()._id;
    const sets = (await client.get('/api/get-frame')).json<{ getFrameSize: { frames: { _id: string }[] }[] }>().getFrameSize;
    const query = { width: 12, height: 8, frameId: sets[0]!.frames[0]!._id, border: 2 };
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const url = `/api/uploads/${id}/framed.glb?${search.toString()}`;
    const get = (target: string, headers: Record<string, string> = { 'x-upload-claim': claim }) =>
      t.app.inject({ method: 'GET', url: target, headers, remoteAddress: '192.0.2.44' });
    for (let i = 0; i < 3; i++) expect((await get(url)).statusCode).toBe(200);
    const refused = await get(url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBeDefined();
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${id}/ar-link`,
      headers: { 'x-upload-claim': claim },
      payload: query,
      remoteAddress: '192.0.2.44',
    });
    expect(link.statusCode, link.body).toBe(200);
    expect((await get(link.json<{ glbUrl: string }>().glbUrl, {})).statusCode).toBe(429);
    // Another address is counted on its own.
    const elsewhere = await t.app.inject({ method: 'GET', url: link.json<{ glbUrl: string }>().glbUrl, remoteAddress: '192.0.2.45' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
