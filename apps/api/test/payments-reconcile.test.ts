import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviderFor, SandboxProvider } from '../src/services/payments/provider';
import { runReconciliation } from '../src/services/payments/reconcile';
import { uploadsHeldByOpenOrders } from '../src/services/uploads/retention';
import { Client, signUpAndIn } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

const config = testConfig();
let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;

beforeAll(async () => {
  t = await createTestApp({ config });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterAll(async () => {
  await t?.close();
});

async function newOrder() {
  const res = await createOrder(client, asha.token, orderBody(c, photo));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; amount: number; orderId: string }>();
}
const statusOf = async (id: string) =>
  (await t.database.pool.query('SELECT status FROM orders WHERE id = $1', [id])).rows[0].status as string;

describe('reconciliation', () => {
  it('settles an order the browser and webhooks left created, and cancels an abandoned one after 24 hours', async () => {
    const provider = paymentProviderFor(config, t.database);
    expect(provider).toBeInstanceOf(SandboxProvider);
    const paidAtProvider = await newOrder();
    const neverPaid = await newOrder();
    await (provider as SandboxProvider).record({
      id: 'pay_RECONCILED0001',
      orderId: paidAtProvider.id,
      amount: paidAtProvider.amount,
      status: 'captured',
      errorCode: null,
      errorReason: null,
      errorDescription: null,
    });

    // Too early: nothing is checked.
    expect(await runReconciliation({ config, database: t.database })).toMatchObject({ checked: 0 });

    const paidOrders: string[] = [];
    const later = new Date(Date.now() + 16 * 60 * 1000);
    const first = await runReconciliation(
      { config, database: t.database },
      { now: later, onPaid: async (o) => void paidOrders.push(o.id) },
    );
    expect(first).toMatchObject({ paid: 1, cancelled: 0, errors: 0 });
    expect(paidOrders).toEqual([paidAtProvider.orderId]);
    expect(await statusOf(paidAtProvider.orderId)).toBe('paid');
    expect(await statusOf(neverPaid.orderId)).toBe('created');
    const history = (
      await t.database.pool.query('SELECT to_status, actor FROM order_status_history WHERE order_id = $1 ORDER BY id', [
        paidAtProvider.orderId,
      ])
    ).rows;
    expect(history.at(-1)).toEqual({ to_status: 'paid', actor: 'system' });

    const nextDay = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const second = await runReconciliation({ config, database: t.database }, { now: nextDay });
    expect(second).toMatchObject({ paid: 0, cancelled: 1 });
    expect(await statusOf(neverPaid.orderId)).toBe('cancelled');
  });
});

describe('retention seam', () => {
  it('holds the photos of orders not yet delivered', async () => {
    const order = await newOrder();
    expect((await uploadsHeldByOpenOrders(t.database.db)).has(photo)).toBe(true);
    await t.database.pool.query(
      `UPDATE orders SET status = 'delivered' WHERE lines @> jsonb_build_array(jsonb_build_object('uploadId', $1::text)) AND status IN ('created', 'paid')`,
      [photo],
    );
    expect((await uploadsHeldByOpenOrders(t.database.db)).has(photo)).toBe(false);
    expect(order.orderId).toBeTruthy();
  });
});
