/**
 * Orders made from a cart, through the real app: one order and one payment for three lines of different sizes and
 * quantities, one print file per line, the cart emptied only once the order is paid, another customer's cart left
 * alone, a retired finish refused with a clear message, and the single-photo order still working beside it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder, type Cart } from '@framewala/domain';
import { paymentSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { outboxMessages, paidOrder, signInAdmin, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { newKey, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let client: Client;
let c: Catalogue;
let dataDir: string;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
let photos: string[];
let other: { id: string; widthIn: number; heightIn: number };

beforeAll(async () => {
  dataDir = await tempDir('framewala-cart-orders-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  const { rows } = await t.database.pool.query<{ id: string; width_in: number; height_in: number }>(
    'SELECT id, width_in, height_in FROM preset_sizes WHERE active AND width_in > height_in AND id <> $1 ORDER BY width_in * height_in LIMIT 1',
    [c.sizeId],
  );
  other = { id: rows[0]!.id, widthIn: rows[0]!.width_in, heightIn: rows[0]!.height_in };
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  admin = await signInAdmin(t, client);
  await saveAddress(t, asha.user._id);
  await saveAddress(t, ravi.user._id);
  photos = [await uploadPhoto(t, asha.token), await uploadPhoto(t, asha.token), await uploadPhoto(t, asha.token)];
  const raviPhoto = await uploadPhoto(t, ravi.token);
  const added = await client.post(
    '/api/cart/lines',
    { uploadId: raviPhoto, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: 0, quantity: 1 },
    { token: ravi.token },
  );
  expect(added.statusCode, added.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const getCart = async (token: string) => (await client.get('/api/cart', { token })).json<{ cart: Cart }>().cart;
const orderFromCart = (token: string, amount: number, key = newKey()) =>
  client.post('/api/create-order', { cart: true, amount, currency: 'INR' }, { token, headers: { 'idempotency-key': key } });
const count = async (sql: string, values: unknown[] = []) => Number((await t.database.pool.query(sql, values)).rows[0].count);

describe('an order from the cart', () => {
  it('is one order, one payment and one print file per line; the cart empties only when it is paid', async () => {
    const bodies = [
      { uploadId: photos[0], sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 2 },
      { uploadId: photos[1], sizeId: other.id, selectedFrame: c.finishId, selectedMotifBorder: 0, quantity: 3 },
      {
        uploadId: photos[2],
        sizeId: null,
        customWidth: 14,
        customHeight: 11,
        selectedFrame: c.finishId,
        selectedMotifBorder: 0,
        quantity: 1,
      },
    ];
    for (const body of bodies) expect((await client.post('/api/cart/lines', body, { token: asha.token })).statusCode).toBe(201);
    const cart = await getCart(asha.token);
    const linePaise = [
      priceOrder({ widthIn: c.widthIn, heightIn: c.heightIn, frameRatePaisePerSqIn: c.rate, borderPricePaise: c.borderPrice, quantity: 2 })
        .amountPaise,
      priceOrder({ widthIn: other.widthIn, heightIn: other.heightIn, frameRatePaisePerSqIn: c.rate, borderPricePaise: 0, quantity: 3 })
        .amountPaise,
      priceOrder({ widthIn: 14, heightIn: 11, frameRatePaisePerSqIn: c.rate, borderPricePaise: 0, quantity: 1 }).amountPaise,
    ];
    expect(cart.subtotalPaise).toBe(linePaise[0]! + linePaise[1]! + linePaise[2]!);
    expect(cart.shippingPaise).not.toBeNull();
    expect(cart.totalPaise).toBe(cart.subtotalPaise + cart.shippingPaise!);
    expect(cart.arrivesBy?.earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const ordersBefore = await count('SELECT count(*) FROM orders');
    const mismatch = expectError(await orderFromCart(asha.token, cart.totalPaise + 100), 409, 'PRICE_MISMATCH');
    expect(mismatch.amount).toBe(cart.totalPaise);
    expect(await count('SELECT count(*) FROM orders')).toBe(ordersBefore);

    const res = await orderFromCart(asha.token, cart.totalPaise);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; amount: number; orderId: string }>();
    expect(created.amount).toBe(cart.totalPaise);
    // Not paid yet: the cart keeps its lines.
    expect((await getCart(asha.token)).lines).toHaveLength(3);

    const detail = (await client.get(`/api/orders/${created.orderId}`, { token: asha.token })).json().order;
    expect(detail).toMatchObject({ totalPaise: cart.totalPaise, quantity: 6 });
    expect(detail.lines.map((l: { quantity: number; checkoutPaise: number }) => [l.quantity, l.checkoutPaise])).toEqual([
      [2, linePaise[0]],
      [3, linePaise[1]],
      [1, linePaise[2]],
    ]);
    expect(detail.lines[2]).toMatchObject({ widthIn: 14, heightIn: 11 });

    const paymentId = `pay_CART${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    const verified = await client.post(
      '/api/verify-payment',
      {
        razorpay_order_id: created.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(created.id, paymentId, testConfig().payments.keySecret),
      },
      { token: asha.token },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await count('SELECT count(*) FROM payments WHERE order_id = $1', [created.orderId])).toBe(1);
    expect((await getCart(asha.token)).lines).toEqual([]);
    expect((await getCart(ravi.token)).lines).toHaveLength(1);

    const files = await waitFor(
      'three print files',
      async () => {
        const { rows } = await t.database.pool.query<{ line_index: number; status: string; source_upload_id: string }>(
          'SELECT line_index, status, source_upload_id FROM print_files WHERE order_id = $1 ORDER BY line_index',
          [created.orderId],
        );
        return rows.length === 3 && rows.every((r) => r.status === 'ready') ? rows : undefined;
      },
      120_000,
    );
    expect(files.map((f) => f.source_upload_id)).toEqual(photos);

    const console = await client.get(`/api/admin/orders/${created.orderId}`, { token: admin.token });
    expect(console.statusCode, console.body).toBe(200);
    const lines = console.json().order.lines as { quantity: number; printFile: { downloadUrl: string } }[];
    expect(lines.map((l) => l.quantity)).toEqual([2, 3, 1]);
    const third = await client.get(lines[2]!.printFile.downloadUrl, { token: admin.token });
    expect(third.statusCode).toBe(200);
    expect(third.headers['content-disposition']).toContain(`${created.orderId}-line3-print`);

    const mail = await waitFor('the confirmation', async () => (await outboxMessages(dataDir)).find((m) => m.includes(created.orderId)));
    for (const n of ['1.', '2.', '3.']) expect(mail).toContain(`${n} `);
  }, 180_000);

  it('is refused with a clear message while a line has a retired finish, and for an empty cart', async () => {
    const ordersBefore = await count('SELECT count(*) FROM orders');
    expect(expectError(await orderFromCart(asha.token, 0), 422, 'RULE_BROKEN').message).toMatch(/cart is empty/);
    const cart = await getCart(ravi.token);
    await t.database.pool.query('UPDATE frame_finishes SET active = false WHERE id = $1', [c.finishId]);
    try {
      const refused = expectError(await orderFromCart(ravi.token, cart.totalPaise), 422, 'RULE_BROKEN');
      expect(refused.message).toBe(
        'Photo 1 in your cart cannot be ordered: This frame is not offered any more. Please choose another frame.',
      );
      expect(refused).toMatchObject({ lineId: cart.lines[0]!.id, problem: 'frame_retired' });
    } finally {
      await t.database.pool.query('UPDATE frame_finishes SET active = true WHERE id = $1', [c.finishId]);
    }
    expect(await count('SELECT count(*) FROM orders')).toBe(ordersBefore);
  });

  it('leaves the single-photo order as it was', async () => {
    const order = await paidOrder(client, asha.token, c, photos[0]!);
    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: asha.token })).json().order;
    expect(detail.lines).toHaveLength(1);
    expect(detail.lines[0]).toMatchObject({ quantity: 1, widthIn: c.widthIn });
    expect((await getCart(ravi.token)).lines).toHaveLength(1);
  });
});
