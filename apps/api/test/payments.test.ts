import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSignature, webhookSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;
const { keySecret, webhookSecret, keyId } = testConfig().payments;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

async function newOrder() {
  const res = await createOrder(client, asha.token, orderBody(c, photo));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; amount: number; orderId: string }>();
}

const verify = (body: object, token = asha.token) => client.post('/api/verify-payment', body, { token });

async function paymentsOf(orderId: string) {
  return (await t.database.pool.query('SELECT * FROM payments WHERE order_id = $1', [orderId])).rows;
}
async function orderRow(orderId: string) {
  return (await t.database.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
}

function webhook(event: object, opts: { eventId?: string; secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(event);
  return client.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': opts.signature ?? webhookSignature(raw, opts.secret ?? webhookSecret),
      ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
    },
  });
}

const captured = (orderId: string, paymentId: string, amount: number) => ({
  entity: 'event',
  event: 'payment.captured',
  payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
});

describe('payment config', () => {
  it('names the sandbox and the public key id, never a secret', async () => {
    const res = await client.get('/api/payment-config');
    expect(res.json()).toEqual({ provider: 'sandbox', keyId, name: 'Framewala', themeColor: '#F37254' });
    expect(res.body).not.toContain(keySecret);
  });
});

describe('the OpenAPI document', () => {
  it('describes the order and payment routes', async () => {
    const res = await client.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/create-order',
      '/api/verify-payment',
      '/api/webhooks/razorpay',
      '/api/orders',
      '/api/orders/{id}',
      '/api/payment-config',
      '/api/sandbox/pay',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('verify-payment', () => {
  it('marks the order paid once, and a replay answers success without a second payment', async () => {
    const order = await newOrder();
    const pay = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: '4111 1111 1111 1111' }, { token: asha.token });
    expect(pay.statusCode, pay.body).toBe(200);
    const result = pay.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
    expect(result.razorpay_signature).toBe(paymentSignature(order.id, result.razorpay_payment_id, keySecret));

    const first = await verify(result);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Payment verified successfully', orderId: order.orderId });
    const replay = await verify(result);
    expect(replay.json()).toEqual({ message: 'Payment verified successfully', orderId: order.orderId });
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.payment_id).toBe(result.razorpay_payment_id);
    // The order confirmation is queued once (the e-mail job), however many times the payment is reported; when the
    // sandbox's webhook job won the race it queues the e-mail just after its commit, so wait a moment for it.
    const mailJobs = async () =>
      (await t.database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email'`)).rows[0].n as number;
    const until = Date.now() + 5000;
    while ((await mailJobs()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailJobs()).toBe(1);
    expect((await orderRow(order.orderId)).confirmation_sent_at).toBeInstanceOf(Date);

    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    // One move to paid: by this verify, or by the sandbox's own webhook job when it got there first.
    const history = detail.history.map((h: { status: string; actor: string }) => `${h.status}:${h.actor}`);
    expect(history).toHaveLength(2);
    expect(history[0]).toBe('created:customer');
    expect(['paid:customer', 'paid:webhook']).toContain(history[1]);
    expect(detail.payment.paymentId).toBe(result.razorpay_payment_id);
  });

  it('refuses a tampered signature, and another customer', async () => {
    const order = await newOrder();
    const paymentId = 'pay_TAMPERED000001';
    const good = paymentSignature(order.id, paymentId, keySecret);
    const bad = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expectError(
      await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: bad }),
      400,
      'PAYMENT_NOT_VERIFIED',
    );
    expectError(
      await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: good.slice(0, 10) }),
      400,
      'PAYMENT_NOT_VERIFIED',
    );
    expectError(
      await verify({
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(order.id, paymentId, 'wrong secret'),
      }),
      400,
      'PAYMENT_NOT_VERIFIED',
    );
    expectError(
      await verify({ razorpay_order_id: order.id, razorpay_payment_id: paymentId, razorpay_signature: good }, ravi.token),
      404,
      'NOT_FOUND',
    );
    expectError(
      await verify({ razorpay_order_id: 'order_unknown', razorpay_payment_id: paymentId, razorpay_signature: good }),
      404,
      'NOT_FOUND',
    );
    expect((await orderRow(order.orderId)).status).toBe('created');
    expect(await paymentsOf(order.orderId)).toHaveLength(0);
  });
});

describe('webhooks', () => {
  it('refuses a bad signature', async () => {
    const order = await newOrder();
    expectError(
      await webhook(captured(order.id, 'pay_BADSIG00000001', order.amount), { secret: 'not the secret' }),
      400,
      'PAYMENT_NOT_VERIFIED',
    );
    expectError(await webhook(captured(order.id, 'pay_BADSIG00000001', order.amount), { signature: 'abc' }), 400, 'PAYMENT_NOT_VERIFIED');
    expect((await orderRow(order.orderId)).status).toBe('created');
  });

  it('pays the order before verify, drops a duplicate, and a later verify succeeds without a second payment', async () => {
    const order = await newOrder();
    const paymentId = 'pay_WEBHOOKFIRST01';
    const first = await webhook(captured(order.id, paymentId, order.amount), { eventId: 'evt_dup_1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'processed' });
    const dup = await webhook(captured(order.id, paymentId, order.amount), { eventId: 'evt_dup_1' });
    expect(dup.json()).toEqual({ status: 'duplicate' });
    // order.paid for the same payment (another event id): nothing new.
    const orderPaid = await webhook(
      {
        event: 'order.paid',
        payload: {
          order: { entity: { id: order.id } },
          payment: { entity: { id: paymentId, order_id: order.id, amount: order.amount, currency: 'INR' } },
        },
      },
      { eventId: 'evt_dup_2' },
    );
    expect(orderPaid.json()).toEqual({ status: 'processed' });
    expect((await orderRow(order.orderId)).status).toBe('paid');

    const late = await verify({
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(order.id, paymentId, keySecret),
    });
    expect(late.statusCode).toBe(200);
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    const history = (
      await t.database.pool.query('SELECT to_status, actor FROM order_status_history WHERE order_id = $1 ORDER BY id', [order.orderId])
    ).rows;
    expect(history).toEqual([
      { to_status: 'created', actor: 'customer' },
      { to_status: 'paid', actor: 'webhook' },
    ]);

    // A failure reported afterwards never moves a paid order back.
    const failed = await webhook(
      {
        event: 'payment.failed',
        payload: {
          payment: {
            entity: { id: 'pay_LATEFAIL000001', order_id: order.id, error_code: 'BAD_REQUEST_ERROR', error_reason: 'card_declined' },
          },
        },
      },
      { eventId: 'evt_dup_3' },
    );
    expect(failed.statusCode).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.failure_reason).toBeNull();
  });

  it('answers 200 and ignores an unknown order', async () => {
    const res = await webhook(captured('order_DOESNOTEXIST1', 'pay_UNKNOWNORDER1', 100), { eventId: 'evt_unknown' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(
      (await t.database.pool.query(`SELECT count(*) FROM payments WHERE provider_payment_id = 'pay_UNKNOWNORDER1'`)).rows[0].count,
    ).toBe('0');
  });

  it('records the reason and code of payment.failed', async () => {
    const order = await newOrder();
    const res = await webhook(
      {
        event: 'payment.failed',
        payload: {
          payment: {
            entity: {
              id: 'pay_FAILED0000001',
              order_id: order.id,
              status: 'failed',
              error_code: 'GATEWAY_ERROR',
              error_reason: 'payment_timed_out',
            },
          },
        },
      },
      { eventId: 'evt_failed_1' },
    );
    expect(res.json()).toEqual({ status: 'processed' });
    const { payment, status } = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    expect(status).toBe('created');
    expect(payment).toMatchObject({ failureReason: 'payment_timed_out', failureCode: 'GATEWAY_ERROR', paymentId: null });
  });
});

describe('sandbox checkout', () => {
  it('fails a declined card like Razorpay checkout and records it on the order', async () => {
    const order = await newOrder();
    const res = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: '4000 0000 0000 0002' }, { token: asha.token });
    expect(res.statusCode, res.body).toBe(200);
    const { error } = res.json();
    expect(error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'card_declined', metadata: { order_id: order.id } });
    expect(error.metadata.payment_id).toMatch(/^pay_/);
    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    expect(detail.payment).toMatchObject({ failureReason: 'card_declined', failureCode: 'BAD_REQUEST_ERROR' });
    expectError(
      await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: '1234' }, { token: asha.token }),
      400,
      'VALIDATION',
    );
    expectError(
      await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: 'success' }, { token: ravi.token }),
      404,
      'NOT_FOUND',
    );
  });

  it('pays an order after a declined attempt through the same provider order: one payment, the failure cleared', async () => {
    const order = await newOrder();
    const declined = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: 'failure' }, { token: asha.token });
    expect(declined.json().error).toMatchObject({ reason: 'payment_failed', metadata: { order_id: order.id } });
    expect((await orderRow(order.orderId)).status).toBe('created');

    // 'Try again' pays the order it made: no new order, the same provider order id.
    const paid = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: 'success' }, { token: asha.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().razorpay_order_id).toBe(order.id);
    const verified = await verify(paid.json());
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: 'Payment verified successfully', orderId: order.orderId });
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.failure_reason).toBeNull();
    expect(row.failure_code).toBeNull();
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    expect(detail.payment).toMatchObject({ paymentId: paid.json().razorpay_payment_id, failureReason: null, failureCode: null });
  });

  it('ends paid through its own signed webhook even when the browser never verifies', async () => {
    const order = await newOrder();
    const res = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: 'success' }, { token: asha.token });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await orderRow(order.orderId)).status !== 'paid' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const row = await orderRow(order.orderId);
    expect(row.status).toBe('paid');
    expect(row.payment_id).toBe(res.json().razorpay_payment_id);
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
  });
});

describe('snapshot', () => {
  it('keeps a paid order as bought when the catalogue changes', async () => {
    const order = await newOrder();
    const pay = (await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: 'success' }, { token: asha.token })).json();
    expect((await verify(pay)).statusCode).toBe(200);
    const before = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    await t.database.pool.query('UPDATE frame_sets SET rate_paise_per_sq_in = rate_paise_per_sq_in * 3, name = name || $1', [' (renamed)']);
    await t.database.pool.query('UPDATE white_borders SET price_paise = price_paise + 10000');
    await t.database.pool.query('UPDATE frame_finishes SET name = name || $1', [' v2']);
    const after = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    expect(after.line).toEqual(before.line);
    expect(after.totalPaise).toBe(order.amount);
    expect(after.frameName).toBe(before.frameName);
  });
});
