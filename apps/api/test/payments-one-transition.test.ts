import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, type Guard } from '@framewala/domain';
import { confirmationJobId } from '../src/services/orders/confirmation';
import { paymentProviderFor, SandboxProvider } from '../src/services/payments/provider';
import { runReconciliation } from '../src/services/payments/reconcile';
import { paymentSignature, webhookSignature } from '../src/services/payments/signatures';
import { PRINT_FILE_QUEUE } from '../src/services/print/service';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { unpaidOrder } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

// Verify, webhook and reconciliation mark an order paid through one transition that asks the domain's transitions
// table. The first tests change the table's created → paid guard while they run: a payment path that wrote the
// move itself would still pay the order, and is caught here. The last runs verify and webhook for the same order at
// once: the order is paid once, with one history row, one confirmation e-mail and one print-file job.

const config = testConfig();
const { keySecret, webhookSecret } = config.payments;
let t: TestApp;
let client: Client;
let c: Catalogue;
let customer: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;

beforeAll(async () => {
  t = await createTestApp({ config });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  customer = await signUpAndIn(client);
  await saveAddress(t, customer.user._id);
  photo = await uploadPhoto(t, customer.token);
});
afterAll(async () => {
  await t?.close();
});

/** The domain's reason while the test closes payments, and the English the API words it with. */
const REASON = 'NOT_A_NEXT_STATUS';
const REFUSAL = 'An order that is created cannot become paid.';

/** Runs `work` with the domain refusing created → paid to everyone, then puts the table back. */
async function withPaymentRefused<T>(work: () => Promise<T>): Promise<T> {
  const allowed = ORDER_TRANSITIONS.created.paid;
  const refuse: Guard = () => REASON;
  ORDER_TRANSITIONS.created.paid = refuse;
  try {
    return await work();
  } finally {
    ORDER_TRANSITIONS.created.paid = allowed;
  }
}

const newOrder = () => unpaidOrder(client, customer.token, c, photo);
const verify = (providerOrderId: string, paymentId: string) =>
  client.post(
    '/api/verify-payment',
    {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(providerOrderId, paymentId, keySecret),
    },
    { token: customer.token },
  );
function webhook(order: { id: string; amount: number }, paymentId: string, eventId: string) {
  const raw = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' } } },
  });
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

const query = async <T = Record<string, unknown>>(text: string, values: unknown[]) =>
  (await t.database.pool.query(text, values)).rows as T[];
const orderRow = async (orderId: string) => (await query('SELECT status, payment_id, paid_at FROM orders WHERE id = $1', [orderId]))[0];
const paymentsOf = (orderId: string) => query('SELECT provider_payment_id, source FROM payments WHERE order_id = $1', [orderId]);
const paidMoves = async (orderId: string) =>
  (await query<{ actor: string }>(`SELECT actor FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [orderId])).map(
    (r) => r.actor,
  );
const mailJobs = async (orderId: string) =>
  (
    await query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND id = $1`, [
      confirmationJobId(orderId),
    ])
  )[0]!.n;
const printJobs = async (orderId: string) =>
  (
    await query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'orderId' = $2`, [
      PRINT_FILE_QUEUE,
      orderId,
    ])
  )[0]!.n;

/** The order as it was created: unpaid, no payment, no paid move, no confirmation, no print file. */
async function expectUntouched(orderId: string) {
  expect(await orderRow(orderId)).toMatchObject({ status: 'created', payment_id: null, paid_at: null });
  expect(await paymentsOf(orderId)).toEqual([]);
  expect(await paidMoves(orderId)).toEqual([]);
  expect(await mailJobs(orderId)).toBe(0);
  expect(await printJobs(orderId)).toBe(0);
}

describe("every payment path asks the domain's guard", () => {
  it('verify: a refused move answers 409 ORDER_TRANSITION_REFUSED with the reason and writes nothing; allowed again, it pays', async () => {
    const order = await newOrder();
    const refused = await withPaymentRefused(() => verify(order.id, 'pay_GuardVerify001'));
    expect(expectError(refused, 409, 'ORDER_TRANSITION_REFUSED')).toMatchObject({
      message: REFUSAL,
      from: 'created',
      to: 'paid',
      reason: REASON,
    });
    await expectUntouched(order.orderId);

    const paid = await verify(order.id, 'pay_GuardVerify001');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_GuardVerify001' });
    expect(await paidMoves(order.orderId)).toEqual(['customer']);
  });

  it('webhook: a refused move is not acknowledged (so the provider delivers it again) and writes nothing; the redelivery pays', async () => {
    const order = await newOrder();
    const refused = await withPaymentRefused(() => webhook(order, 'pay_GuardWebhook01', 'evt_guard_1'));
    expect(expectError(refused, 409, 'ORDER_TRANSITION_REFUSED').message).toBe(REFUSAL);
    await expectUntouched(order.orderId);
    expect(await query('SELECT 1 FROM webhook_events WHERE event_id = $1', ['evt_guard_1'])).toEqual([]);

    const redelivered = await webhook(order, 'pay_GuardWebhook01', 'evt_guard_1');
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toEqual({ status: 'processed' });
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_GuardWebhook01' });
    expect(await paidMoves(order.orderId)).toEqual(['webhook']);
  });

  it('reconciliation: a refused move counts as an error for that order and writes nothing; allowed again, it pays', async () => {
    const order = await newOrder();
    const provider = paymentProviderFor(config, t.database);
    expect(provider).toBeInstanceOf(SandboxProvider);
    await (provider as SandboxProvider).record({
      id: 'pay_GuardReconcile',
      orderId: order.id,
      amount: order.amount,
      status: 'captured',
      errorCode: null,
      errorReason: null,
      errorDescription: null,
    });
    const later = new Date(Date.now() + 16 * 60 * 1000);
    const refused = await withPaymentRefused(() => runReconciliation({ config, database: t.database }, { now: later }));
    expect(refused).toMatchObject({ paid: 0, errors: 1 });
    await expectUntouched(order.orderId);

    const paid: string[] = [];
    const allowed = await runReconciliation({ config, database: t.database }, { now: later, onPaid: async (o) => void paid.push(o.id) });
    expect(allowed).toMatchObject({ paid: 1, errors: 0 });
    expect(paid).toEqual([order.orderId]);
    expect(await paidMoves(order.orderId)).toEqual(['system']);
  });
});

describe('verify and webhook for the same order at once', () => {
  it('pay it exactly once: one paid move, one payment row, one confirmation e-mail, one print-file job', async () => {
    const orders = await Promise.all(Array.from({ length: 5 }, () => newOrder()));
    await Promise.all(
      orders.flatMap((order, i) => {
        const paymentId = `pay_Together${String(i).padStart(5, '0')}`;
        return [verify(order.id, paymentId), webhook(order, paymentId, `evt_together_${i}`), verify(order.id, paymentId)];
      }),
    ).then((answers) => answers.forEach((a) => expect(a.statusCode, a.body).toBe(200)));

    for (const [i, order] of orders.entries()) {
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid', payment_id: `pay_Together${String(i).padStart(5, '0')}` });
      expect(await paidMoves(order.orderId)).toHaveLength(1);
      expect(await paymentsOf(order.orderId)).toHaveLength(1);
      expect(await mailJobs(order.orderId)).toBe(1);
      expect(await printJobs(order.orderId)).toBe(1);
    }
  });
});
