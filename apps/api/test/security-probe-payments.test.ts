import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@framewala/domain';
import { confirmationJobId, sweepUnsentConfirmations } from '../src/services/orders/confirmation';
import { SANDBOX_PAYMENTS } from '../src/services/payments/provider';
import { paymentSignature, webhookSignature } from '../src/services/payments/signatures';
import type { AppContext } from '../src/context';
import { Jobs } from '../src/services/jobs';
import { LocalStorage } from '../src/services/storage';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin, unpaidOrder } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

// Payments as an attacker or an unlucky customer would make them: a payment for a cancelled order, a webhook that
// captured too little, one payment id used for two orders, and the confirmation e-mail across a failure.

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;
const { keySecret, webhookSecret } = testConfig().payments;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  admin = await signInAdmin(t, client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterAll(async () => {
  await t?.close();
});

const newOrder = () => unpaidOrder(client, asha.token, c, photo);
const signed = (providerOrderId: string, paymentId: string) => ({
  razorpay_order_id: providerOrderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(providerOrderId, paymentId, keySecret),
});
const verify = (body: object) => client.post('/api/verify-payment', body, { token: asha.token });
const orderRow = async (orderId: string) => (await t.database.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
const paymentRows = async (orderId: string) =>
  (await t.database.pool.query('SELECT * FROM payments WHERE order_id = $1 ORDER BY id', [orderId])).rows;
const adminOrder = async (orderId: string) => {
  const res = await client.get(`/api/admin/orders/${orderId}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
};
const flaggedList = async () => {
  const res = await client.get('/api/admin/orders?flagged=true&pageSize=100', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orders: { id: string; paymentFlag: { code: string; note: string } | null }[] }>().orders;
};
const mailJobs = async (orderId: string) =>
  (
    await t.database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND id = $1`, [
      confirmationJobId(orderId),
    ])
  ).rows[0].n as number;

function webhook(entity: Record<string, unknown>, eventId: string) {
  const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity } } });
  return client.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(raw, webhookSecret),
      'x-razorpay-event-id': eventId,
    },
  });
}

async function cancel(orderId: string) {
  const res = await client.post(`/api/admin/orders/${orderId}/status`, { status: 'cancelled' }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a payment for a cancelled order', () => {
  it('verify answers 409 with a clear message, keeps the payment marked for refund (refunded by the sandbox) and flags the order', async () => {
    const order = await newOrder();
    await cancel(order.orderId);
    // The sandbox takes the payment as Razorpay would have before the cancellation reached it.
    await t.database.pool.query(
      `CREATE SCHEMA IF NOT EXISTS payment_sandbox;
       CREATE TABLE IF NOT EXISTS ${SANDBOX_PAYMENTS} (seq bigserial UNIQUE, id text PRIMARY KEY, order_id text NOT NULL, amount bigint NOT NULL,
         status text NOT NULL, error_code text, error_reason text, error_description text, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await t.database.pool.query(`INSERT INTO ${SANDBOX_PAYMENTS} (id, order_id, amount, status) VALUES ($1, $2, $3, 'captured')`, [
      'pay_LateForCancel1',
      order.id,
      order.amount,
    ]);

    const res = await verify(signed(order.id, 'pay_LateForCancel1'));
    const body = expectError(res, 409, 'PAID_ORDER_CANCELLED');
    expect(body.message).toBe(ERROR_CATALOGUE.PAID_ORDER_CANCELLED.message);
    expect(body.message).toMatch(/cancelled.*refunded/);

    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'cancelled', payment_flag: 'paid_after_cancel', confirmation_sent_at: null });
    const [payment] = await paymentRows(order.orderId);
    expect(payment).toMatchObject({ provider_payment_id: 'pay_LateForCancel1', refund_status: 'refunded' });
    expect(payment.refund_id).toMatch(/^rfnd_/);
    const sandbox = await t.database.pool.query(`SELECT status FROM ${SANDBOX_PAYMENTS} WHERE id = 'pay_LateForCancel1'`);
    expect(sandbox.rows[0].status).toBe('refunded');
    expect(await mailJobs(order.orderId)).toBe(0);

    // A replay says the same and refunds nothing twice.
    expectError(await verify(signed(order.id, 'pay_LateForCancel1')), 409, 'PAID_ORDER_CANCELLED');
    expect(await paymentRows(order.orderId)).toHaveLength(1);

    // The owner sees it: in the order and as a flagged order in the list.
    const detail = await adminOrder(order.orderId);
    expect(detail.paymentFlag).toEqual({ code: 'paid_after_cancel', note: expect.stringMatching(/cancelled.*refunded/) });
    expect(detail.payment.payments[0]).toMatchObject({
      providerPaymentId: 'pay_LateForCancel1',
      refund: { status: 'refunded', refundId: expect.stringMatching(/^rfnd_/) },
    });
    expect((await flaggedList()).find((o) => o.id === order.orderId)?.paymentFlag?.code).toBe('paid_after_cancel');
  });

  it('a captured webhook for a cancelled order stores the payment for refund and flags it, never paying the order', async () => {
    const order = await newOrder();
    await cancel(order.orderId);
    const res = await webhook(
      { id: 'pay_LateWebhook001', order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' },
      'evt_late_1',
    );
    expect(res.json()).toEqual({ status: 'processed' });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'cancelled', payment_flag: 'paid_after_cancel' });
    const [payment] = await paymentRows(order.orderId);
    expect(payment).toMatchObject({ provider_payment_id: 'pay_LateWebhook001', source: 'webhook', refund_status: 'refunded' });
  });

  it('a refund the provider refuses stays pending for the reconciliation job, and is shown as such', async () => {
    const order = await newOrder();
    await cancel(order.orderId);
    const { paymentProviderFor } = await import('../src/services/payments/provider');
    const provider = paymentProviderFor(testConfig(), t.database);
    const spy = vi.spyOn(provider, 'refundPayment').mockRejectedValueOnce(new Error('provider down'));
    try {
      expectError(await verify(signed(order.id, 'pay_RefundRefused1')), 409, 'PAID_ORDER_CANCELLED');
    } finally {
      spy.mockRestore();
    }
    expect((await paymentRows(order.orderId))[0]).toMatchObject({ refund_status: 'pending', refund_id: null });
    expect((await adminOrder(order.orderId)).payment.payments[0].refund.status).toBe('pending');
    const { retryPendingRefunds } = await import('../src/services/payments/refunds');
    expect(await retryPendingRefunds({ config: testConfig(), database: t.database })).toBeGreaterThanOrEqual(1);
    expect((await paymentRows(order.orderId))[0]).toMatchObject({ refund_status: 'refunded' });
  });
});

describe('the webhook pays only what was captured', () => {
  it('100 paise captured for a larger order does not pay it: the order is flagged for the owner', async () => {
    const order = await newOrder();
    expect(order.amount).toBeGreaterThan(100);
    const res = await webhook(
      { id: 'pay_TooLittle00001', order_id: order.id, amount: 100, currency: 'INR', status: 'captured' },
      'evt_little',
    );
    expect(res.statusCode).toBe(200);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'created', payment_id: null, payment_flag: 'amount_mismatch' });
    expect(row.payment_flag_note).toContain('₹1.00');
    expect((await paymentRows(order.orderId))[0]).toMatchObject({ amount_paise: 100, currency: 'INR' });
    expect((await adminOrder(order.orderId)).paymentFlag.code).toBe('amount_mismatch');
    expect((await flaggedList()).some((o) => o.id === order.orderId)).toBe(true);
  });

  it('the full amount in another currency, or with no amount, does not pay it either; the full amount in rupees does', async () => {
    const order = await newOrder();
    await webhook({ id: 'pay_InDollars00001', order_id: order.id, amount: order.amount, currency: 'USD', status: 'captured' }, 'evt_usd');
    await webhook({ id: 'pay_NoAmount000001', order_id: order.id, currency: 'INR', status: 'captured' }, 'evt_noamount');
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'created', payment_flag: 'amount_mismatch' });
    await webhook({ id: 'pay_RightAmount001', order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' }, 'evt_ok');
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_RightAmount001' });
  });
});

describe('a payment id pays one order only', () => {
  it("verify of order 2 with order 1's payment id is refused with 409 and order 2 stays unpaid", async () => {
    const first = await newOrder();
    const second = await newOrder();
    expect((await verify(signed(first.id, 'pay_OneForTwo00001'))).statusCode).toBe(200);
    const res = await verify(signed(second.id, 'pay_OneForTwo00001'));
    expect(expectError(res, 409, 'PAYMENT_OF_ANOTHER_ORDER').message).toBe(ERROR_CATALOGUE.PAYMENT_OF_ANOTHER_ORDER.message);
    expect(await orderRow(second.orderId)).toMatchObject({ status: 'created', payment_id: null });
    expect(await paymentRows(second.orderId)).toHaveLength(0);
    expect((await orderRow(first.orderId)).status).toBe('paid');
  });

  it("a webhook for order 2 with order 1's payment id pays nothing", async () => {
    const first = await newOrder();
    const second = await newOrder();
    expect((await verify(signed(first.id, 'pay_OneForTwo00002'))).statusCode).toBe(200);
    const res = await webhook(
      { id: 'pay_OneForTwo00002', order_id: second.id, amount: second.amount, currency: 'INR', status: 'captured' },
      'evt_two',
    );
    expect(res.json()).toEqual({ status: 'ignored' });
    expect(await orderRow(second.orderId)).toMatchObject({ status: 'created', payment_id: null });
  });
});

describe('the confirmation e-mail across a failure', () => {
  it('a queue failure just after the order is marked paid leaves it for the sweep, which queues it exactly once', async () => {
    const order = await newOrder();
    // The queue refuses every job while the payment is verified (a database blip, or kill -9 between the two).
    const spy = vi.spyOn(Jobs.prototype, 'send').mockRejectedValue(new Error('connection terminated'));
    let res;
    try {
      res = await verify(signed(order.id, 'pay_MailLost000001'));
    } finally {
      spy.mockRestore();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', confirmation_sent_at: null });
    expect(await mailJobs(order.orderId)).toBe(0);

    // The reconciliation job's sweep, on a context of its own (a pg-boss that only sends).
    const jobs = await Jobs.start(t.database, { info() {}, error() {} }, { workers: false });
    try {
      const ctx: AppContext = { config: testConfig(), database: t.database, storage: new LocalStorage(os.tmpdir()), jobs };
      // Too early: a payment of a moment ago is still the verify's own to send.
      expect(await sweepUnsentConfirmations(ctx)).toBe(0);
      const later = new Date(Date.now() + 2 * 60_000);
      expect(await sweepUnsentConfirmations(ctx, { now: later })).toBeGreaterThanOrEqual(1);
      expect(await mailJobs(order.orderId)).toBe(1);
      expect((await orderRow(order.orderId)).confirmation_sent_at).toBeInstanceOf(Date);
      // Another server's sweep, or the verify's own late send: still one job.
      await t.database.pool.query('UPDATE orders SET confirmation_sent_at = NULL WHERE id = $1', [order.orderId]);
      await sweepUnsentConfirmations(ctx, { now: later });
      expect(await mailJobs(order.orderId)).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
