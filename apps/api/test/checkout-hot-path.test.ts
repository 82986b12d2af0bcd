import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, newKey, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

// create-order and verify-payment check the token's session version inside their own statements (decision 032),
// not in the auth plugin: these tests hold them to the same rules as every other route.

let t: TestApp;
let client: Client;
let c: Catalogue;
const { keySecret } = testConfig().payments;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
});
afterAll(async () => {
  await t?.close();
});

async function customer() {
  const who = await signUpAndIn(client);
  await saveAddress(t, who.user._id);
  const photo = await uploadPhoto(t, who.token);
  return { ...who, photo };
}

const count = async (sql: string, values: unknown[]) => (await t.database.pool.query(sql, values)).rows[0].n as number;
const ordersOf = (userId: string) => count('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [userId]);
const verifyBody = (providerOrderId: string, paymentId: string) => ({
  razorpay_order_id: providerOrderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(providerOrderId, paymentId, keySecret),
});

describe('session check inside create-order and verify-payment', () => {
  it('refuses a token from before a password reset with 401 and writes nothing', async () => {
    const asha = await customer();
    const created = await createOrder(client, asha.token, orderBody(c, asha.photo));
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ id: string; orderId: string }>();

    // What a password reset does to the account: older tokens end.
    await t.database.pool.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [asha.user._id]);

    const again = await createOrder(client, asha.token, orderBody(c, asha.photo));
    expect(expectError(again, 401, 'UNAUTHORIZED').message).toMatch(/sign in again/);
    expect(await ordersOf(asha.user._id)).toBe(1);

    expectError(
      await client.post('/api/verify-payment', verifyBody(order.id, 'pay_StaleSession01'), { token: asha.token }),
      401,
      'UNAUTHORIZED',
    );
    const row = (await t.database.pool.query('SELECT status, confirmation_sent_at FROM orders WHERE id = $1', [order.orderId])).rows[0];
    expect(row).toMatchObject({ status: 'created', confirmation_sent_at: null });
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [order.orderId])).toBe(0);
    // A bad signature with a stale token is also 401 first.
    expectError(
      await client.post(
        '/api/verify-payment',
        { ...verifyBody(order.id, 'pay_StaleSession02'), razorpay_signature: 'ab'.repeat(32) },
        { token: asha.token },
      ),
      401,
      'UNAUTHORIZED',
    );
  });

  it('refuses the token of an account that no longer exists', async () => {
    const gone = await signUpAndIn(client);
    await t.database.pool.query('DELETE FROM users WHERE id = $1', [gone.user._id]);
    expectError(await createOrder(client, gone.token, orderBody(c, 'whatever')), 401, 'UNAUTHORIZED');
    expectError(
      await client.post('/api/verify-payment', verifyBody('order_Nope1234567890', 'pay_Nope1234567890'), { token: gone.token }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('create-order in two statements', () => {
  it('gives one order to concurrent requests with the same Idempotency-Key', async () => {
    const ravi = await customer();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createOrder(client, ravi.token, orderBody(c, ravi.photo), key)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json<{ orderId: string }>().orderId));
    const providerIds = new Set(answers.map((a) => a.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    expect(providerIds.size).toBe(1);
    expect(await ordersOf(ravi.user._id)).toBe(1);
    const [orderId] = [...ids];
    const history = (
      await t.database.pool.query('SELECT from_status, to_status, actor FROM order_status_history WHERE order_id = $1', [orderId])
    ).rows;
    expect(history).toEqual([{ from_status: null, to_status: 'created', actor: 'customer' }]);
  });

  it('stores the priced snapshot and the saved address', async () => {
    const meera = await customer();
    const res = await createOrder(client, meera.token, orderBody(c, meera.photo, { quantity: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, amount } = res.json<{ orderId: string; amount: number }>();
    const row = (await t.database.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
    expect(row).toMatchObject({ user_id: meera.user._id, status: 'created', amount_paise: amount });
    // One line, bought at once: it names no cart line.
    expect(row.lines).toEqual([{ cartLineId: null, uploadId: meera.photo, quantity: 3, line: expect.any(Object) }]);
    expect(row.lines[0].line).toMatchObject({
      sizeId: c.sizeId,
      finishId: c.finishId,
      borderIn: c.borderIn,
      borderPricePaise: c.borderPrice,
    });
    expect(row.address).toMatchObject({ fullName: 'Asha Rao', city: 'Bangalore', postalCode: '560001', country: 'IN' });
    expect(row.status_changed_at).toEqual(row.created_at);
  });
});

describe('verify-payment through the one paid transition', () => {
  it('marks paid with history, claims and queues the confirmation once; a replay and a second payment add no e-mail', async () => {
    const dev = await customer();
    const order = (await createOrder(client, dev.token, orderBody(c, dev.photo))).json<{ id: string; orderId: string }>();
    const mails = () =>
      count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND data::text LIKE '%' || $1 || '%'`, [dev.user.email]);
    const before = await count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email'`, []);

    const first = await client.post('/api/verify-payment', verifyBody(order.id, 'pay_HotPathFirst01'), { token: dev.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Payment verified successfully', orderId: order.orderId });
    const replay = await client.post('/api/verify-payment', verifyBody(order.id, 'pay_HotPathFirst01'), { token: dev.token });
    expect(replay.statusCode).toBe(200);
    const second = await client.post('/api/verify-payment', verifyBody(order.id, 'pay_HotPathOther02'), { token: dev.token });
    expect(second.statusCode).toBe(200);

    const row = (await t.database.pool.query('SELECT * FROM orders WHERE id = $1', [order.orderId])).rows[0];
    expect(row).toMatchObject({ status: 'paid', payment_id: 'pay_HotPathFirst01' });
    expect(row.paid_at).toBeInstanceOf(Date);
    expect(row.confirmation_sent_at).toBeInstanceOf(Date);
    const payments = (
      await t.database.pool.query('SELECT provider_payment_id, source FROM payments WHERE order_id = $1 ORDER BY id', [order.orderId])
    ).rows;
    expect(payments).toEqual([
      { provider_payment_id: 'pay_HotPathFirst01', source: 'verify' },
      { provider_payment_id: 'pay_HotPathOther02', source: 'verify' },
    ]);
    const history = (
      await t.database.pool.query('SELECT from_status, to_status FROM order_status_history WHERE order_id = $1 ORDER BY id', [
        order.orderId,
      ])
    ).rows;
    expect(history).toEqual([
      { from_status: null, to_status: 'created' },
      { from_status: 'created', to_status: 'paid' },
    ]);
    // The job's payload is sealed, so it is counted rather than read: exactly one more send-email job.
    expect(await count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email'`, [])).toBe(before + 1);
    expect(await mails()).toBe(0); // and it carries no readable customer data
  });

  it("answers 404 for another customer's order (signed or not) and 400 for a bad signature on one's own, writing nothing", async () => {
    const owner = await customer();
    const other = await customer();
    const order = (await createOrder(client, owner.token, orderBody(c, owner.photo))).json<{ id: string; orderId: string }>();
    expectError(
      await client.post('/api/verify-payment', verifyBody(order.id, 'pay_NotYours00001'), { token: other.token }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await client.post(
        '/api/verify-payment',
        { ...verifyBody(order.id, 'pay_NotYours00002'), razorpay_signature: 'cd'.repeat(32) },
        { token: other.token },
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await client.post(
        '/api/verify-payment',
        { ...verifyBody(order.id, 'pay_BadSignature1'), razorpay_signature: 'ef'.repeat(32) },
        { token: owner.token },
      ),
      400,
      'PAYMENT_NOT_VERIFIED',
    );
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [order.orderId])).toBe(0);
    expect((await t.database.pool.query('SELECT status FROM orders WHERE id = $1', [order.orderId])).rows[0].status).toBe('created');
  });
});
