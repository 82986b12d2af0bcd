import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_PERIOD_MS } from '@framewala/domain';
import {
  MANUAL_EXPIRY_MINUTES,
  paymentProviderFor,
  providerRefusalReason,
  RazorpayProvider,
  SandboxProvider,
  type PaymentProvider,
} from '../src/services/payments/provider';
import { Client, signUpAndIn } from './accounts-helpers';
import { createTestApp, eventually, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let sandbox: SandboxProvider;

beforeAll(async () => {
  t = await createTestApp();
  const provider = paymentProviderFor(testConfig(), t.database);
  if (!(provider instanceof SandboxProvider)) throw new Error('the tests run on the sandbox');
  sandbox = provider;
});
afterAll(async () => {
  sandbox?.setClock();
  await t?.close();
});

/** The reason a provider call was refused with (null: it was not refused, or failed another way). */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    return providerRefusalReason(err) ?? 'other error';
  }
  return null;
}

/** A manual-capture sandbox order with an authorized payment of `amount`, made at the sandbox's now. */
async function heldPayment(amount = 2_450_00) {
  const order = await sandbox.createOrder({ amountPaise: amount, capture: 'manual' });
  const id = `pay_Held${Math.random().toString(36).slice(2, 12)}`;
  await sandbox.record({ id, orderId: order.id, amount, status: 'authorized', errorCode: null, errorReason: null, errorDescription: null });
  return { order, id, amount };
}

describe('the sandbox holds a manual-capture payment', () => {
  it('records the capture mode of each order', async () => {
    const manual = await sandbox.createOrder({ amountPaise: 100_00, capture: 'manual' });
    const automatic = await sandbox.createOrder({ amountPaise: 100_00 });
    expect(await sandbox.captureModeOf(manual.id)).toBe('manual');
    expect(await sandbox.captureModeOf(automatic.id)).toBe('automatic');
    expect(await sandbox.captureModeOf('order_NeverMade000001')).toBe('automatic');
  });

  it('captures exactly the authorized amount, once', async () => {
    const held = await heldPayment();
    expect((await sandbox.fetchPayment(held.id)).status).toBe('authorized');
    expect(await refusal(sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount - 1 }))).toBe('amount_mismatch');
    expect(await refusal(sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount + 1 }))).toBe('amount_mismatch');
    expect((await sandbox.fetchPayment(held.id)).status).toBe('authorized');

    const captured = await sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount });
    expect(captured).toMatchObject({ id: held.id, orderId: held.order.id, amount: held.amount, status: 'captured' });
    expect(await refusal(sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount }))).toBe('already_captured');
    expect(await refusal(sandbox.releasePayment({ paymentId: held.id }))).toBe('already_captured');
    expect((await sandbox.fetchOrderPayments(held.order.id)).map((p) => p.status)).toEqual(['captured']);
    expect(await refusal(sandbox.capturePayment({ paymentId: 'pay_NoSuchPayment01', amountPaise: 1 }))).toBe('not_found');
  });

  it('two captures at once take the money once', async () => {
    const held = await heldPayment();
    const results = await Promise.allSettled([
      sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount }),
      sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(providerRefusalReason(refused?.reason)).toBe('already_captured');
  });

  it('releases a hold on request, and never captures it afterwards', async () => {
    const held = await heldPayment();
    expect(await sandbox.releasePayment({ paymentId: held.id })).toEqual({ releasedNow: true });
    expect((await sandbox.fetchPayment(held.id)).status).toBe('refunded');
    expect(await refusal(sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount }))).toBe('not_authorized');
    // Releasing again changes nothing.
    expect(await sandbox.releasePayment({ paymentId: held.id })).toEqual({ releasedNow: true });
  });

  it('releases a hold by itself once the hold period has passed on its clock', async () => {
    const start = new Date('2026-12-01T06:00:00Z');
    sandbox.setClock(() => start);
    try {
      const held = await heldPayment();
      const other = await heldPayment();
      sandbox.setClock(() => new Date(start.getTime() + HOLD_PERIOD_MS - 1000));
      expect((await sandbox.fetchPayment(held.id)).status).toBe('authorized');
      await sandbox.capturePayment({ paymentId: other.id, amountPaise: other.amount });

      sandbox.setClock(() => new Date(start.getTime() + HOLD_PERIOD_MS));
      expect((await sandbox.fetchOrderPayments(held.order.id)).map((p) => p.status)).toEqual(['refunded']);
      expect(await refusal(sandbox.capturePayment({ paymentId: held.id, amountPaise: held.amount }))).toBe('not_authorized');
      // A captured payment is not released by time.
      expect((await sandbox.fetchPayment(other.id)).status).toBe('captured');
      expect(await sandbox.releaseExpiredHolds()).toEqual([]);
    } finally {
      sandbox.setClock();
    }
  });
});

describe('the sandbox checkout', () => {
  let client: Client;
  let c: Catalogue;
  let asha: Awaited<ReturnType<typeof signUpAndIn>>;
  let photo: string;
  beforeAll(async () => {
    client = new Client(t.app);
    c = await pickCatalogue(t);
    asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    photo = await uploadPhoto(t, asha.token);
  });

  it("authorizes a manual-capture order's payment, and a held payment never pays the order by itself", async () => {
    const created = await createOrder(client, asha.token, orderBody(c, photo));
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, amount } = created.json<{ orderId: string; amount: number }>();
    const manual = await sandbox.createOrder({ amountPaise: amount, capture: 'manual' });
    await t.database.pool.query('UPDATE orders SET provider_order_id = $1 WHERE id = $2', [manual.id, orderId]);

    const pay = await client.post('/api/sandbox/pay', { razorpay_order_id: manual.id, card: 'success' }, { token: asha.token });
    expect(pay.statusCode, pay.body).toBe(200);
    const paymentId = pay.json<{ razorpay_payment_id: string }>().razorpay_payment_id;
    expect(await sandbox.fetchPayment(paymentId)).toMatchObject({ status: 'authorized', amount });

    const events = async () =>
      (await t.database.pool.query('SELECT event FROM webhook_events WHERE provider_order_id = $1', [manual.id])).rows.map(
        (r: { event: string }) => r.event,
      );
    await eventually('the payment.authorized webhook', async () => (await events()).length > 0);
    expect(await events()).toEqual(['payment.authorized']);
    const { rows } = await t.database.pool.query('SELECT status, payment_id FROM orders WHERE id = $1', [orderId]);
    expect(rows[0]).toEqual({ status: 'created', payment_id: null });
  });
});

/** A stand-in for api.razorpay.com: records each request, answers from `reply`. */
async function fakeRazorpay(reply: (method: string, path: string, body: Record<string, unknown>) => { status: number; body: object }) {
  const requests: { method: string; path: string; body: Record<string, unknown>; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, auth: req.headers.authorization });
      const answer = reply(req.method ?? '', req.url ?? '', body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const entity = (status: string, amount = 2_450_00) => ({
  id: 'pay_RzpHeld0000001',
  entity: 'payment',
  amount,
  currency: 'INR',
  status,
  order_id: 'order_RzpHeld000001',
  captured: status === 'captured',
});

const badRequest = (description: string) => ({
  status: 400,
  body: {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
  },
});

describe('the Razorpay adapter', () => {
  let server: Awaited<ReturnType<typeof fakeRazorpay>>;
  let rzp: PaymentProvider;
  let captured = false;
  beforeAll(async () => {
    server = await fakeRazorpay((method, path, body) => {
      if (method === 'POST' && path === '/v1/orders') {
        return {
          status: 200,
          body: { id: 'order_RzpHeld000001', entity: 'order', amount: body.amount, currency: 'INR', status: 'created' },
        };
      }
      if (method === 'POST' && path === '/v1/payments/pay_RzpHeld0000001/capture') {
        if (body.amount !== 2_450_00) return badRequest('Capture amount must be equal to the amount authorized');
        if (captured) return badRequest('This payment has already been captured');
        captured = true;
        return { status: 200, body: entity('captured') };
      }
      if (method === 'POST' && path.endsWith('/capture')) return badRequest('The id provided does not exist');
      if (method === 'GET' && path === '/v1/payments/pay_RzpHeld0000001')
        return { status: 200, body: entity(captured ? 'captured' : 'authorized') };
      return { status: 500, body: {} };
    });
    rzp = new RazorpayProvider('rzp_test_Key0001', 'secret-for-the-fake', { hostUrl: server.url });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("creates a manual-capture order with Razorpay's documented capture settings, and a pay-now order without them", async () => {
    const order = await rzp.createOrder({
      amountPaise: 2_450_00,
      receipt: 'FW-2612-HOLD01',
      notes: { order: 'FW-2612-HOLD01' },
      capture: 'manual',
    });
    expect(order).toEqual({ id: 'order_RzpHeld000001', amount: 2_450_00, currency: 'INR' });
    const sent = server.requests.at(-1)!;
    expect(sent.auth).toBe(`Basic ${Buffer.from('rzp_test_Key0001:secret-for-the-fake').toString('base64')}`);
    expect(sent.body).toEqual({
      amount: 2_450_00,
      currency: 'INR',
      receipt: 'FW-2612-HOLD01',
      notes: { order: 'FW-2612-HOLD01' },
      payment: { capture: 'manual', capture_options: { manual_expiry_period: 3 * 24 * 60, refund_speed: 'normal' } },
    });
    expect(MANUAL_EXPIRY_MINUTES).toBe(4320);

    await rzp.createOrder({ amountPaise: 1_000_00, receipt: 'FW-2612-NOW001', notes: {} });
    expect(server.requests.at(-1)!.body).not.toHaveProperty('payment');
  });

  it('captures through the payments API with the authorized amount, and sorts its refusals', async () => {
    expect(await refusal(rzp.capturePayment({ paymentId: 'pay_RzpHeld0000001', amountPaise: 2_000_00 }))).toBe('amount_mismatch');
    expect(await rzp.releasePayment({ paymentId: 'pay_RzpHeld0000001' })).toEqual({ releasedNow: false });

    const payment = await rzp.capturePayment({ paymentId: 'pay_RzpHeld0000001', amountPaise: 2_450_00 });
    expect(payment).toMatchObject({ id: 'pay_RzpHeld0000001', orderId: 'order_RzpHeld000001', amount: 2_450_00, status: 'captured' });
    const sent = server.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payments/pay_RzpHeld0000001/capture',
      body: { amount: 2_450_00, currency: 'INR' },
    });

    expect(await refusal(rzp.capturePayment({ paymentId: 'pay_RzpHeld0000001', amountPaise: 2_450_00 }))).toBe('already_captured');
    expect(await refusal(rzp.capturePayment({ paymentId: 'pay_RzpUnknown00001', amountPaise: 2_450_00 }))).toBe('not_found');
    expect(await refusal(rzp.releasePayment({ paymentId: 'pay_RzpHeld0000001' }))).toBe('already_captured');
    expect((await rzp.fetchPayment('pay_RzpHeld0000001')).status).toBe('captured');
  });

  it('a provider that does not answer is a plain provider error, never a refusal', async () => {
    const down = new RazorpayProvider('rzp_test_Key0001', 'secret-for-the-fake', { hostUrl: 'http://127.0.0.1:9' });
    expect(await refusal(down.capturePayment({ paymentId: 'pay_RzpHeld0000001', amountPaise: 2_450_00 }))).toBe('other error');
  });
});
