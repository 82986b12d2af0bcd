import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@framewala/domain';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, type TestApp } from './helpers';
import {
  createOrder,
  expectedAmount,
  expectedShipping,
  expectedSubtotal,
  newKey,
  orderBody,
  pickCatalogue,
  saveAddress,
  uploadPhoto,
  type Catalogue,
} from './orders-helpers';

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let ashaPhoto: string;
let raviPhoto: string;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  await saveAddress(t, asha.user._id);
  ashaPhoto = await uploadPhoto(t, asha.token);
  raviPhoto = await uploadPhoto(t, ravi.token);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

const count = async (table: string) => Number((await t.database.pool.query(`SELECT count(*) FROM ${table}`)).rows[0].count);

describe('POST /api/create-order', () => {
  it('prices the order on the server and creates the provider order', async () => {
    const res = await createOrder(client, asha.token, orderBody(c, ashaPhoto, { quantity: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: string; amount: number; currency: string; orderId: string }>();
    expect(body.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(body.orderId).toMatch(/^FW-\d{4}-[A-Z0-9]{6}$/);
    expect(body).toMatchObject({ amount: expectedAmount(c, 2), currency: 'INR' });

    const detail = await client.get(`/api/orders/${body.orderId}`, { token: asha.token });
    expect(detail.statusCode, detail.body).toBe(200);
    const { order } = detail.json();
    expect(order).toMatchObject({
      _id: body.orderId,
      status: 'created',
      totalPaise: body.amount,
      shippingPaise: expectedShipping(c, 2),
      quantity: 2,
    });
    expect(body.amount).toBe(expectedSubtotal(c, 2) + order.shippingPaise);
    expect(order.payment).toEqual({ mode: 'now', providerOrderId: body.id, paymentId: null, failureReason: null, failureCode: null });
    expect(order).toMatchObject({ holdEndsAt: null, proof: null });
    expect(order.line).toMatchObject({
      widthIn: c.widthIn,
      heightIn: c.heightIn,
      borderIn: c.borderIn,
      wbpPaise: c.borderPrice,
      checkoutPaise: expectedSubtotal(c, 2),
    });
    expect(order.address).toMatchObject({ fullName: 'Asha Rao', postalCode: '560001' });
    expect(order.history).toEqual([{ status: 'created', at: expect.any(String), actor: 'customer' }]);
    expect(order.thumbnailUrl).toMatch(/thumb|\.webp|\.jpg/);
  });

  it('answers 409 with the server amount when the client amount is tampered', async () => {
    const before = await count('orders');
    const res = await createOrder(client, asha.token, orderBody(c, ashaPhoto, { amount: 100 }));
    const body = expectError(res, 409, 'PRICE_MISMATCH');
    expect(body.amount).toBe(expectedAmount(c));
    expect(await count('orders')).toBe(before);
  });

  it('creates a pay-on-approval order as a manual-capture provider order, and refuses an unknown way to pay', async () => {
    const before = await count('orders');
    expectError(await createOrder(client, asha.token, { ...orderBody(c, ashaPhoto), payment: 'later' }), 400, 'VALIDATION');
    expect(await count('orders')).toBe(before);
    const held = await createOrder(client, asha.token, { ...orderBody(c, ashaPhoto), payment: 'on_approval' });
    expect(held.statusCode, held.body).toBe(201);
    const created = held.json<{ id: string; orderId: string; amount: number }>();
    expect(created.amount).toBe(orderBody(c, ashaPhoto).amount);
    const { rows } = await t.database.pool.query('SELECT status, payment_mode, hold_ends_at FROM orders WHERE id = $1', [created.orderId]);
    expect(rows[0]).toEqual({ status: 'created', payment_mode: 'on_approval', hold_ends_at: null });
    const { rows: sandboxOrders } = await t.database.pool.query('SELECT capture FROM payment_sandbox.orders WHERE id = $1', [created.id]);
    expect(sandboxOrders[0]).toEqual({ capture: 'manual' });
    const detail = (await client.get(`/api/orders/${created.orderId}`, { token: asha.token })).json<{ order: OrderDetail }>().order;
    expect(detail.payment.mode).toBe('on_approval');
    expect(detail).toMatchObject({ holdEndsAt: null, proof: null });
    const paid = await createOrder(client, asha.token, { ...orderBody(c, ashaPhoto), payment: 'now' });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('refuses bad drafts with a clear 4xx and writes nothing', async () => {
    const before = await count('orders');
    expectError(await client.post('/api/create-order', orderBody(c, ashaPhoto)), 401, 'UNAUTHORIZED');
    expectError(await createOrder(client, asha.token, orderBody(c, raviPhoto)), 404, 'NOT_FOUND');
    expectError(await createOrder(client, asha.token, orderBody(c, 'no-such-upload')), 404, 'NOT_FOUND');
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { sizeId: 'no-such-size' })), 422, 'RULE_BROKEN');
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { selectedFrame: 'no-such-finish' })), 422, 'RULE_BROKEN');
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { selectedMotifBorder: 0.5 })), 422, 'RULE_BROKEN');
    expect(expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { quantity: 0 })), 422, 'RULE_BROKEN').field).toBe(
      'quantity',
    );
    expect(expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { quantity: 51 })), 422, 'RULE_BROKEN').field).toBe(
      'quantity',
    );
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { quantity: 1.5 })), 422, 'RULE_BROKEN');
    expectError(
      await createOrder(client, asha.token, orderBody(c, ashaPhoto, { sizeId: null, customWidth: 2, customHeight: 90 })),
      422,
      'RULE_BROKEN',
    );
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto, { currency: 'USD' })), 400);
    expectError(await createOrder(client, asha.token, orderBody(c, ashaPhoto), 'bad key!'), 400, 'VALIDATION');
    // Ravi has a photo but no saved address.
    expect(expectError(await createOrder(client, ravi.token, orderBody(c, raviPhoto)), 422, 'RULE_BROKEN').message).toMatch(/address/);
    expect(await count('orders')).toBe(before);
  });

  it('refuses an expired photo', async () => {
    const photo = await uploadPhoto(t, asha.token);
    await t.database.pool.query(`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [photo]);
    expect(expectError(await createOrder(client, asha.token, orderBody(c, photo)), 422, 'RULE_BROKEN').message).toMatch(/expired/);
  });

  it('prices a custom size', async () => {
    const amount = expectedAmount({ ...c, widthIn: 10, heightIn: 12 });
    const res = await createOrder(
      client,
      asha.token,
      orderBody(c, ashaPhoto, { sizeId: null, customWidth: 10, customHeight: 12, customSize: '12 X 10', amount }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amount).toBe(amount);
  });

  it('gives one order for the same Idempotency-Key, even at once', async () => {
    const before = await count('orders');
    const key = newKey();
    const [a, b] = await Promise.all([
      createOrder(client, asha.token, orderBody(c, ashaPhoto), key),
      createOrder(client, asha.token, orderBody(c, ashaPhoto), key),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 201]);
    expect(a.json().orderId).toBe(b.json().orderId);
    const again = await createOrder(client, asha.token, orderBody(c, ashaPhoto), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(a.json());
    expect(await count('orders')).toBe(before + 1);
    // The same key of another customer is another order.
    await saveAddress(t, ravi.user._id).catch(() => undefined);
    const other = await createOrder(client, ravi.token, orderBody(c, raviPhoto), key);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().orderId).not.toBe(a.json().orderId);
  });
});

describe('GET /api/orders', () => {
  it("lists only the customer's own orders, newest first, and hides another's", async () => {
    const res = await client.get('/api/orders', { token: asha.token });
    expect(res.statusCode).toBe(200);
    const { orders } = res.json<{ orders: { _id: string; createdAt: string; status: string }[] }>();
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const times = orders.map((o) => Date.parse(o.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const { rows } = await t.database.pool.query('SELECT id FROM orders WHERE user_id = $1', [ravi.user._id]);
    for (const row of rows) expect(orders.map((o) => o._id)).not.toContain(row.id);
    expectError(await client.get(`/api/orders/${orders[0]!._id}`, { token: ravi.token }), 404, 'NOT_FOUND');
    expectError(await client.get('/api/orders'), 401, 'UNAUTHORIZED');
  });
});
