import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, type TestApp } from './helpers';
import { createOrder, expectedAmount, newKey, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

// What an outside probe found: reusing an Idempotency-Key with a different body (quantity 3 after quantity 1)
// silently answered the earlier order.

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let photo: string;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
});
afterAll(async () => {
  await t?.close();
});

const ordersOf = async (userId: string) =>
  Number((await t.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [userId])).rows[0]?.n);

describe('Idempotency-Key', () => {
  it('with a different body answers 422 and makes no order', async () => {
    const key = newKey();
    const first = await createOrder(client, asha.token, orderBody(c, photo, { quantity: 1 }), key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await ordersOf(asha.user._id);

    const other = await createOrder(client, asha.token, orderBody(c, photo, { quantity: 3, amount: expectedAmount(c, 3) }), key);
    const body = expectError(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(body.message).toMatch(/Idempotency-Key/);
    expect(await ordersOf(asha.user._id)).toBe(before);
  });

  it('with the same body still answers the same order (a retry)', async () => {
    const key = newKey();
    const body = orderBody(c, photo, { quantity: 2, amount: expectedAmount(c, 2) });
    const first = await createOrder(client, asha.token, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await createOrder(client, asha.token, { ...body }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('with a different body at the very same time: one order, the other request 201/200 or 422, never a wrong order', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([
      createOrder(client, asha.token, orderBody(c, photo, { quantity: 1 }), key),
      createOrder(client, asha.token, orderBody(c, photo, { quantity: 4, amount: expectedAmount(c, 4) }), key),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const winner = a.statusCode === 201 ? a : b;
    const { rows } = await t.database.pool.query<{ quantity: number }>(
      `SELECT (lines->0->>'quantity')::int AS quantity FROM orders WHERE id = $1`,
      [winner.json<{ orderId: string }>().orderId],
    );
    expect(rows[0]?.quantity).toBe(winner === a ? 1 : 4);
  });
});
