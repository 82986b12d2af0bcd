import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLD_PERIOD_MS, PAYMENT_AUTHORIZED_MESSAGE, PAYMENT_VERIFIED_MESSAGE, type OrderDetail } from '@framewala/domain';
import { releaseExpiredHolds } from '../src/services/orders/proof';
import { paymentProviderFor, SandboxProvider } from '../src/services/payments/provider';
import { runReconciliation } from '../src/services/payments/reconcile';
import { webhookSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

const config = testConfig();
let t: TestApp;
let client: Client;
let c: Catalogue;
let sandbox: SandboxProvider;
let admin: string;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;

beforeAll(async () => {
  t = await createTestApp({ config });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  const provider = paymentProviderFor(config, t.database);
  if (!(provider instanceof SandboxProvider)) throw new Error('the tests run on the sandbox');
  sandbox = provider;
  admin = (await signInAdmin(t, client)).token;
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterEach(() => {
  vi.restoreAllMocks();
  sandbox?.setClock();
});
afterAll(async () => {
  await t?.close();
});

const query = async <T>(sql: string, values: unknown[]) => (await t.database.pool.query(sql, values)).rows as T[];
const orderRow = async (id: string) =>
  (await query<{ status: string; held_payment_id: string | null; payment_mode: string }>('SELECT * FROM orders WHERE id = $1', [id]))[0]!;
const paidMoves = async (id: string) =>
  (await query<{ n: number }>(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [id]))[0]!
    .n;
const paymentRows = async (id: string) =>
  query<{ provider_payment_id: string; amount_paise: number }>('SELECT * FROM payments WHERE order_id = $1', [id]);
const invoiceCount = async (id: string) =>
  (await query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE order_id = $1', [id]))[0]!.n;

let codeCounter = 0;
async function newCoupon(): Promise<string> {
  codeCounter += 1;
  const code = `HOLD${codeCounter}${crypto.randomBytes(3).toString('hex')}`.toUpperCase();
  const res = await client.post(
    '/api/admin/coupons',
    {
      code,
      kind: 'percent',
      value: 10,
      minSubtotalPaise: 0,
      validFrom: null,
      validTo: null,
      totalUses: 5,
      perCustomer: null,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
    },
    { token: admin },
  );
  expect(res.statusCode, res.body).toBe(201);
  return code;
}

/** A pay-on-approval order of Asha's, its payment held in the sandbox and verified: the order is authorized. */
async function heldOrder(overrides: Record<string, unknown> = {}) {
  let body = orderBody(c, photo, { payment: 'on_approval', ...overrides });
  let res = await createOrder(client, asha.token, body);
  if (res.statusCode === 409) {
    // A coupon's discount: the server's total.
    body = { ...body, amount: res.json<{ amount: number }>().amount };
    res = await createOrder(client, asha.token, body);
  }
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ id: string; amount: number; orderId: string }>();
  const paid = await client.post('/api/sandbox/pay', { razorpay_order_id: created.id, card: 'success' }, { token: asha.token });
  expect(paid.statusCode, paid.body).toBe(200);
  const verified = await client.post('/api/verify-payment', paid.json(), { token: asha.token });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json()).toEqual({ message: PAYMENT_AUTHORIZED_MESSAGE, orderId: created.orderId });
  const paymentId = paid.json<{ razorpay_payment_id: string }>().razorpay_payment_id;
  return { ...created, paymentId };
}

const sendProof = (orderId: string, body: object = {}) => client.post(`/api/admin/orders/${orderId}/proof`, body, { token: admin });
const approve = (orderId: string, token = asha.token) => client.post(`/api/orders/${orderId}/proof/approve`, {}, { token });

function webhook(event: object, eventId: string) {
  const raw = JSON.stringify(event);
  return client.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(raw, config.payments.webhookSecret),
      'x-razorpay-event-id': eventId,
    },
  });
}

const capturedEvent = (providerOrderId: string, paymentId: string, amount: number) => ({
  entity: 'event',
  event: 'payment.captured',
  contains: ['payment'],
  payload: { payment: { entity: { id: paymentId, order_id: providerOrderId, amount, currency: 'INR', status: 'captured' } } },
  created_at: Math.floor(Date.now() / 1000),
});

describe('pay on approval', () => {
  it('holds the payment, sends a proof, and captures exactly the held amount once when two approvals come at once', async () => {
    const code = await newCoupon();
    const order = await heldOrder({ couponCode: code });
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'authorized',
      payment_mode: 'on_approval',
      held_payment_id: order.paymentId,
    });
    expect(await sandbox.captureModeOf(order.id)).toBe('manual');
    expect((await sandbox.fetchPayment(order.paymentId)).status).toBe('authorized');
    // The coupon's use is held, not counted, and outlasts the 30-minute checkout hold: it lasts as long as the payment's.
    const [redemption] = await query<{ status: string; held_until: Date }>('SELECT * FROM coupon_redemptions WHERE order_id = $1', [
      order.orderId,
    ]);
    expect(redemption!.status).toBe('held');
    expect(redemption!.held_until.getTime()).toBeGreaterThan(Date.now() + HOLD_PERIOD_MS - 60_000);
    expect((await query<{ used_count: number }>('SELECT used_count FROM coupons WHERE code = $1', [code]))[0]!.used_count).toBe(0);

    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json<{ order: OrderDetail }>().order;
    expect(detail.payment.mode).toBe('on_approval');
    expect(Date.parse(detail.holdEndsAt ?? '')).toBeGreaterThan(Date.now() + HOLD_PERIOD_MS - 60_000);
    expect(detail.proof).toBeNull();

    // Nothing to approve before a proof.
    expect(expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED').reason).toBe('PROOF_NOT_SENT');
    const sent = await sendProof(order.orderId, { note: 'Colours checked against your photo.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().order).toMatchObject({ status: 'proof_sent', payment: { mode: 'on_approval' }, proof: { round: 1 } });
    const proof = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json<{ order: OrderDetail }>().order.proof;
    expect(proof).toMatchObject({ round: 1, note: 'Colours checked against your photo.', changes: [] });
    expect(proof?.lines).toHaveLength(1);
    const [line] = proof!.lines;
    expect(line).toMatchObject({ widthIn: c.widthIn, heightIn: c.heightIn, quantity: 1 });
    expect(['excellent', 'good', 'low']).toContain(line!.quality?.rating);
    const mockup = await client.get(line!.mockupUrl, { token: asha.token });
    expect(mockup.statusCode).toBe(200);
    expect(mockup.headers['content-type']).toBe('image/jpeg');
    expect(mockup.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    const capture = vi.spyOn(SandboxProvider.prototype, 'capturePayment');
    const [a, b] = await Promise.all([approve(order.orderId), approve(order.orderId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const approved = (a.statusCode === 200 ? a : b).json<{ order: OrderDetail }>().order;
    expect(approved.status).toBe('paid');
    expect(approved.invoice).not.toBeNull();
    expect(capture).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledWith({ paymentId: order.paymentId, amountPaise: order.amount });
    expect((await sandbox.fetchPayment(order.paymentId)).status).toBe('captured');
    expect(await paymentRows(order.orderId)).toMatchObject([{ provider_payment_id: order.paymentId, amount_paise: order.amount }]);
    expect(await paidMoves(order.orderId)).toBe(1);
    expect(await invoiceCount(order.orderId)).toBe(1);
    expect((await query<{ status: string }>('SELECT status FROM coupon_redemptions WHERE order_id = $1', [order.orderId]))[0]!.status).toBe(
      'used',
    );
    expect((await query<{ used_count: number }>('SELECT used_count FROM coupons WHERE code = $1', [code]))[0]!.used_count).toBe(1);
    // Approving again is refused, and captures nothing.
    expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED');
    expect(capture).toHaveBeenCalledTimes(1);
  });

  it('a change request, then a new proof, then the approval', async () => {
    const order = await heldOrder();
    expect((await sendProof(order.orderId)).statusCode).toBe(200);
    // A finish of another price would change the held amount: refused, and the order stays as it was.
    const [other] = await query<{ id: string }>(
      `SELECT f.id FROM frame_finishes f JOIN frame_sets s ON s.id = f.set_id WHERE f.active AND s.rate_paise_per_sq_in <> $1 LIMIT 1`,
      [c.rate],
    );
    if (other) {
      expectError(
        await client.post(
          `/api/orders/${order.orderId}/proof/changes`,
          { message: 'Another frame', lines: [{ index: 0, finishId: other.id }] },
          { token: asha.token },
        ),
        422,
        'RULE_BROKEN',
      );
    }
    expectError(
      await client.post(
        `/api/orders/${order.orderId}/proof/changes`,
        { message: 'Line two', lines: [{ index: 1, finishId: c.finishId }] },
        { token: asha.token },
      ),
      400,
      'VALIDATION',
    );
    expect((await orderRow(order.orderId)).status).toBe('proof_sent');

    const changed = await client.post(
      `/api/orders/${order.orderId}/proof/changes`,
      { message: 'Please crop a little closer to the faces.', lines: [{ index: 0, uploadId: photo }] },
      { token: asha.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().order).toMatchObject({
      status: 'change_requested',
      proof: { round: 1, changes: [{ message: 'Please crop a little closer to the faces.', lines: [{ index: 0, uploadId: photo }] }] },
    });
    expect(expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED').reason).toBe('PROOF_NOT_SENT');

    const again = await sendProof(order.orderId, { note: 'Closer crop.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.proof).toMatchObject({ round: 2, note: 'Closer crop.' });
    const approved = await approve(order.orderId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order.status).toBe('paid');
    const history = await query<{ to_status: string; actor: string }>(
      'SELECT to_status, actor FROM order_status_history WHERE order_id = $1 ORDER BY at, id',
      [order.orderId],
    );
    expect(history.map((h) => `${h.to_status}:${h.actor}`)).toEqual([
      'created:customer',
      expect.stringMatching(/^authorized:(customer|webhook)$/),
      'proof_sent:admin',
      'change_requested:customer',
      'proof_sent:admin',
      'paid:customer',
    ]);
  });

  it('releases a hold once the clock passes its end: coupon freed, nothing captured, and a later approval is 409', async () => {
    const code = await newCoupon();
    const order = await heldOrder({ couponCode: code });
    expect((await sendProof(order.orderId)).statusCode).toBe(200);
    const capture = vi.spyOn(SandboxProvider.prototype, 'capturePayment');

    // Not yet over: the job leaves it.
    expect(await releaseExpiredHolds({ config, database: t.database })).toMatchObject({ released: 0 });
    expect((await orderRow(order.orderId)).status).toBe('proof_sent');

    const later = new Date(Date.now() + HOLD_PERIOD_MS + 60_000);
    sandbox.setClock(() => later);
    const result = await releaseExpiredHolds({ config, database: t.database }, { now: later });
    expect(result.released).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderId)).status).toBe('released');
    expect((await query<{ status: string }>('SELECT status FROM coupon_redemptions WHERE order_id = $1', [order.orderId]))[0]!.status).toBe(
      'released',
    );
    expect((await query<{ used_count: number }>('SELECT used_count FROM coupons WHERE code = $1', [code]))[0]!.used_count).toBe(0);
    expect(capture).not.toHaveBeenCalled();
    expect((await sandbox.fetchPayment(order.paymentId)).status).not.toBe('captured');
    expect(await paymentRows(order.orderId)).toEqual([]);

    const refused = expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED');
    expect(refused.reason).toBe('NOT_A_NEXT_STATUS');
    expect(capture).not.toHaveBeenCalled();
    expectError(await client.post(`/api/admin/orders/${order.orderId}/release`, {}, { token: admin }), 409, 'ORDER_TRANSITION_REFUSED');
    expect(await paidMoves(order.orderId)).toBe(0);
  });

  it('the owner releases a hold early; nothing is captured', async () => {
    const order = await heldOrder();
    const released = await client.post(
      `/api/admin/orders/${order.orderId}/release`,
      { message: 'We cannot make this size now.' },
      { token: admin },
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().order.status).toBe('released');
    expect((await sandbox.fetchPayment(order.paymentId)).status).toBe('refunded');
    expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED');
    expectError(await sendProof(order.orderId), 409, 'ORDER_TRANSITION_REFUSED');
  });

  it("another customer's order is 404 for every proof call", async () => {
    const order = await heldOrder();
    expect((await sendProof(order.orderId)).statusCode).toBe(200);
    expectError(await approve(order.orderId, ravi.token), 404, 'NOT_FOUND');
    expectError(
      await client.post(`/api/orders/${order.orderId}/proof/changes`, { message: 'mine now' }, { token: ravi.token }),
      404,
      'NOT_FOUND',
    );
    expectError(await client.get(`/api/orders/${order.orderId}/proof/mockup`, { token: ravi.token }), 404, 'NOT_FOUND');
    expectError(await approve(order.orderId, ''), 401);
    expect((await orderRow(order.orderId)).status).toBe('proof_sent');
  });

  it('a payment.captured webhook arriving before the approval call settles the order once', async () => {
    const order = await heldOrder();
    expect((await sendProof(order.orderId)).statusCode).toBe(200);
    await sandbox.capturePayment({ paymentId: order.paymentId, amountPaise: order.amount });
    const event = capturedEvent(order.id, order.paymentId, order.amount);
    const first = await webhook(event, `evt_${crypto.randomBytes(6).toString('hex')}`);
    expect(first.statusCode, first.body).toBe(200);
    expect((await orderRow(order.orderId)).status).toBe('paid');
    // Redelivered under another event id, then the customer's approval: nothing more.
    expect((await webhook(event, `evt_${crypto.randomBytes(6).toString('hex')}`)).statusCode).toBe(200);
    expectError(await approve(order.orderId), 409, 'ORDER_TRANSITION_REFUSED');
    expect(await paidMoves(order.orderId)).toBe(1);
    expect(await paymentRows(order.orderId)).toHaveLength(1);
    expect(await invoiceCount(order.orderId)).toBe(1);
  });

  it('a hold is never paid by an authorized payment; pay now still answers as before', async () => {
    const order = await heldOrder();
    const authorized = {
      entity: 'event',
      event: 'payment.authorized',
      contains: ['payment'],
      payload: {
        payment: { entity: { id: order.paymentId, order_id: order.id, amount: order.amount, currency: 'INR', status: 'authorized' } },
      },
      created_at: Math.floor(Date.now() / 1000),
    };
    expect((await webhook(authorized, `evt_${crypto.randomBytes(6).toString('hex')}`)).statusCode).toBe(200);
    expect((await orderRow(order.orderId)).status).toBe('authorized');
    expect(await paymentRows(order.orderId)).toEqual([]);

    const now = await createOrder(client, asha.token, orderBody(c, photo));
    expect(now.statusCode, now.body).toBe(201);
    const created = now.json<{ id: string; orderId: string }>();
    expect(await sandbox.captureModeOf(created.id)).toBe('automatic');
    const paid = await client.post('/api/sandbox/pay', { razorpay_order_id: created.id, card: 'success' }, { token: asha.token });
    const verified = await client.post('/api/verify-payment', paid.json(), { token: asha.token });
    expect(verified.json()).toEqual({ message: PAYMENT_VERIFIED_MESSAGE, orderId: created.orderId });
    expectError(await sendProof(created.orderId), 409, 'ORDER_TRANSITION_REFUSED');
    expect(expectError(await approve(created.orderId), 409, 'ORDER_TRANSITION_REFUSED').reason).toBe('PAY_NOW_ORDER');
  });

  it('a whole cart is held too; approving pays it and only then empties the cart', async () => {
    const meera = await signUpAndIn(client);
    await saveAddress(t, meera.user._id);
    const meeraPhoto = await uploadPhoto(t, meera.token);
    const line = { uploadId: meeraPhoto, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 2 };
    expect((await client.post('/api/cart/lines', line, { token: meera.token })).statusCode).toBe(201);
    const cart = (await client.get('/api/cart', { token: meera.token })).json<{ cart: { totalPaise: number; lines: unknown[] } }>().cart;
    const res = await client.post(
      '/api/create-order',
      { cart: true, amount: cart.totalPaise, currency: 'INR', payment: 'on_approval' },
      { token: meera.token, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string; amount: number }>();
    expect(await sandbox.captureModeOf(created.id)).toBe('manual');
    const paid = await client.post('/api/sandbox/pay', { razorpay_order_id: created.id, card: 'success' }, { token: meera.token });
    const verified = await client.post('/api/verify-payment', paid.json(), { token: meera.token });
    expect(verified.json()).toEqual({ message: PAYMENT_AUTHORIZED_MESSAGE, orderId: created.orderId });
    // Held, not paid: the cart keeps its line.
    expect((await client.get('/api/cart', { token: meera.token })).json<{ cart: { lines: unknown[] } }>().cart.lines).toHaveLength(1);

    expect((await sendProof(created.orderId)).statusCode).toBe(200);
    const approved = await approve(created.orderId, meera.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ order: OrderDetail }>().order).toMatchObject({ status: 'paid', payment: { mode: 'on_approval' } });
    expect(await paymentRows(created.orderId)).toMatchObject([{ amount_paise: created.amount }]);
    expect((await client.get('/api/cart', { token: meera.token })).json<{ cart: { lines: unknown[] } }>().cart.lines).toHaveLength(0);
  });

  it('reconciliation records a held payment the browser and webhooks missed as a hold, never as paid', async () => {
    const res = await createOrder(client, asha.token, orderBody(c, photo, { payment: 'on_approval' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string; amount: number }>();
    const paymentId = `pay_Recon${crypto.randomBytes(5).toString('hex')}`;
    await sandbox.record({
      id: paymentId,
      orderId: created.id,
      amount: created.amount,
      currency: 'INR',
      status: 'authorized',
      errorCode: null,
      errorReason: null,
      errorDescription: null,
    });
    const paid: string[] = [];
    await runReconciliation(
      { config, database: t.database },
      { now: new Date(Date.now() + 16 * 60 * 1000), onPaid: async (o) => void paid.push(o.id) },
    );
    expect(paid).not.toContain(created.orderId);
    expect(await orderRow(created.orderId)).toMatchObject({ status: 'authorized', held_payment_id: paymentId });
    expect(await paymentRows(created.orderId)).toEqual([]);
    expect(await paidMoves(created.orderId)).toBe(0);
  });
});
