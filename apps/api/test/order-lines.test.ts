/**
 * An order is a list of lines, read per line by everyone: a 2-line order (2 × 12×8 with a border + 1 × 11×14
 * portrait custom, no border) as the customer sees it (list and page), as the owner sees it (list row, page with each
 * line's photo, mock-up and print file, the mock-up and print file of line 2 by themselves), in the confirmation and
 * shipped e-mails (English and Hindi) and on the tax invoice. Also: a photo bought at once never touches the saved
 * cart, paying a cart order removes only its own lines from the cart, and retention keeps every line's photo.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mockupLayout, type AdminOrder, type AdminOrderSummary, type Cart, type OrderDetail, type OrderSummary } from '@framewala/domain';
import type { InvoiceData } from '../src/db/schema';
import { paymentSignature } from '../src/services/payments/signatures';
import { MOCKUP_BOX_PX } from '../src/services/print/mockup';
import type { AppContext } from '../src/context';
import { runRetention, uploadsHeldByOpenOrders } from '../src/services/uploads/retention';
import { DEFAULT_UPLOAD_OPTIONS } from '../src/services/uploads/service';
import { LocalStorage } from '../src/services/storage';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { outboxMails, type ReadMail } from './mail-helpers';
import { createOrder, expectedAmount, newKey, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let client: Client;
let dataDir: string;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
/** The 12×8 preset. */
let size12x8: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-order-lines-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
  const { rows } = await t.database.pool.query<{ id: string }>(
    'SELECT id FROM preset_sizes WHERE active AND width_in = 12 AND height_in = 8 ORDER BY sort LIMIT 1',
  );
  size12x8 = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

type Customer = Awaited<ReturnType<typeof signUpAndIn>>;

async function newCustomer(locale?: 'hi' | 'en'): Promise<Customer> {
  const customer = await signUpAndIn(client, locale ? { locale } : {});
  await saveAddress(t, customer.user._id);
  return customer;
}

const getCart = async (token: string) => (await client.get('/api/cart', { token })).json<{ cart: Cart }>().cart;

async function addToCart(token: string, body: object): Promise<string> {
  const res = await client.post('/api/cart/lines', body, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ line: { id: string } }>().line.id;
}

/** 2 × 12×8 with the level-2 border, then 1 × 11×14 (portrait, custom) without one. */
const twoLines = (photos: readonly string[]) => [
  { uploadId: photos[0], sizeId: size12x8, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 2 },
  { uploadId: photos[1], sizeId: null, customWidth: 11, customHeight: 14, selectedFrame: c.finishId, selectedMotifBorder: 0, quantity: 1 },
];

async function orderCart(token: string): Promise<{ id: string; amount: number; orderId: string }> {
  const cart = await getCart(token);
  const res = await client.post(
    '/api/create-order',
    { cart: true, amount: cart.totalPaise, currency: 'INR' },
    { token, headers: { 'idempotency-key': newKey() } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function pay(token: string, providerOrderId: string): Promise<void> {
  const paymentId = `pay_LINES${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const res = await client.post(
    '/api/verify-payment',
    {
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(providerOrderId, paymentId, testConfig().payments.keySecret),
    },
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
}

const move = (orderId: string, body: object) => client.post(`/api/admin/orders/${orderId}/status`, body, { token: admin.token });

/** A customer's paid 2-line cart order, shipped by the owner, with its two photos. */
async function shippedTwoLineOrder(locale?: 'hi' | 'en') {
  const customer = await newCustomer(locale);
  const photos = [await uploadPhoto(t, customer.token), await uploadPhoto(t, customer.token)];
  for (const body of twoLines(photos)) await addToCart(customer.token, body);
  const order = await orderCart(customer.token);
  await pay(customer.token, order.id);
  expect((await move(order.orderId, { status: 'in_production' })).statusCode).toBe(200);
  expect((await move(order.orderId, { status: 'shipped', carrier: 'India Post', trackingNumber: 'EK123456789IN' })).statusCode).toBe(200);
  return { customer, photos, order };
}

/** The customer's confirmation and shipped e-mails of an order. */
async function mailsOf(customer: Customer, orderId: string): Promise<{ confirmation: ReadMail; shipped: ReadMail }> {
  const mails = await waitFor('the confirmation and the shipped e-mail', async () => {
    const mine = (await outboxMails(dataDir)).filter((m) => m.to === customer.body.email && m.subject.includes(orderId));
    return mine.length >= 2 ? mine : undefined;
  });
  return { confirmation: mails[0]!, shipped: mails[1]! };
}

describe('a 2-line order (2 × 12×8 + 1 × 11×14 portrait custom)', () => {
  let english: Awaited<ReturnType<typeof shippedTwoLineOrder>>;

  beforeAll(async () => {
    english = await shippedTwoLineOrder();
  }, 120_000);

  it('reads every line in the customer’s order list and on the order page', async () => {
    const { customer, order } = english;
    const list = (await client.get('/api/orders', { token: customer.token })).json<{ orders: OrderSummary[] }>().orders;
    const row = list.find((o) => o._id === order.orderId)!;
    expect(row).toMatchObject({ quantity: 3, sizeName: '12x8', frameName: expect.stringContaining(' (') });
    expect(row.lines.map((l) => [l.quantity, l.sizeName, l.widthIn, l.heightIn, l.borderIn])).toEqual([
      [2, '12x8', 12, 8, c.borderIn],
      [1, '11x14', 11, 14, 0],
    ]);
    expect(row.lines.every((l) => l.thumbnailUrl)).toBe(true);
    expect(row.lines[0]!.thumbnailUrl).not.toBe(row.lines[1]!.thumbnailUrl);
    expect(row.thumbnailUrl).toBe(row.lines[0]!.thumbnailUrl);

    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: customer.token })).json<{ order: OrderDetail }>().order;
    expect(detail.lines).toEqual(row.lines);
    expect(detail.line).toMatchObject({ sizeName: '12x8', widthIn: 12, heightIn: 8 });
    expect(detail.lines[1]).toMatchObject({ widthIn: 11, heightIn: 14, quantity: 1, borderIn: 0 });
    expect(detail.lines[0]!.checkoutPaise + detail.lines[1]!.checkoutPaise + detail.shippingPaise).toBe(detail.totalPaise);
  });

  it('reads every line in the console: the list row, and each line’s photo, mock-up and print file', async () => {
    const { order, photos } = english;
    const list = (await client.get(`/api/admin/orders?q=${order.orderId}`, { token: admin.token })).json<{ orders: AdminOrderSummary[] }>();
    const row = list.orders.find((o) => o.id === order.orderId)!;
    expect(row.quantity).toBe(3);
    expect(row.lines).toEqual([
      {
        quantity: 2,
        sizeName: '12x8',
        widthIn: 12,
        heightIn: 8,
        finishName: row.finishName,
        borderIn: c.borderIn,
        thumbnailUrl: expect.any(String),
      },
      {
        quantity: 1,
        sizeName: '11x14',
        widthIn: 11,
        heightIn: 14,
        finishName: row.finishName,
        borderIn: 0,
        thumbnailUrl: expect.any(String),
      },
    ]);
    expect(row.thumbnailUrl).toBe(row.lines[0]!.thumbnailUrl);

    const detail = await waitFor(
      'both print files',
      async () => {
        const res = await client.get(`/api/admin/orders/${order.orderId}`, { token: admin.token });
        const got = res.json<{ order: AdminOrder }>().order;
        return got.lines.every((l) => l.printFile?.status === 'ready') ? got : undefined;
      },
      120_000,
    );
    expect(detail.quantity).toBe(3);
    expect(detail.lines.map((l) => [l.uploadId, l.quantity, l.line.widthIn, l.line.heightIn])).toEqual([
      [photos[0], 2, 12, 8],
      [photos[1], 1, 11, 14],
    ]);
    expect(detail.lines.map((l) => l.photo?.uploadId)).toEqual(photos);
    expect(detail.lines.map((l) => l.printFile?.source.uploadId)).toEqual(photos);
    expect(detail.lines.map((l) => l.mockupUrl)).toEqual([
      `/api/admin/orders/${order.orderId}/mockup`,
      `/api/admin/orders/${order.orderId}/mockup?line=2`,
    ]);
    expect(detail.lines.map((l) => l.printFile?.downloadUrl)).toEqual([
      `/api/admin/orders/${order.orderId}/print-file`,
      `/api/admin/orders/${order.orderId}/print-file?line=2`,
    ]);
    // The top-level fields are the first line's, as before.
    expect(detail).toMatchObject({ line: detail.lines[0]!.line, photo: detail.lines[0]!.photo, mockupUrl: detail.lines[0]!.mockupUrl });
    expect(detail.printFile).toEqual(detail.lines[0]!.printFile);
    // A portrait line's print file is portrait.
    expect(detail.lines[1]!.printFile!.heightPx!).toBeGreaterThan(detail.lines[1]!.printFile!.widthPx!);
    expect(detail.lines[0]!.printFile!.widthPx!).toBeGreaterThan(detail.lines[0]!.printFile!.heightPx!);

    // Each line's mock-up is drawn from its own snapshot: line 2 is the portrait 11×14 without a border.
    for (const [i, line] of detail.lines.entries()) {
      const res = await client.get(line.mockupUrl, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      const layout = mockupLayout({ ...line.line, maxWidthPx: MOCKUP_BOX_PX, maxHeightPx: MOCKUP_BOX_PX });
      expect([meta.width, meta.height], `line ${i + 1}`).toEqual([layout.outerWidthPx, layout.outerHeightPx]);
    }
    const second = await sharp(
      (await client.get(`/api/admin/orders/${order.orderId}/mockup?line=2`, { token: admin.token })).rawPayload,
    ).metadata();
    expect(second.height!).toBeGreaterThan(second.width!);
    expectError(await client.get(`/api/admin/orders/${order.orderId}/mockup?line=3`, { token: admin.token }), 404, 'NOT_FOUND');
    expectError(await client.get(`/api/admin/orders/${order.orderId}/mockup?line=0`, { token: admin.token }), 400, 'VALIDATION');

    const download = await client.get(detail.lines[1]!.printFile!.downloadUrl!, { token: admin.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(`${order.orderId}-line2-print`);
    expectError(await client.get(`/api/admin/orders/${order.orderId}/print-file?line=3`, { token: admin.token }), 404, 'NOT_FOUND');

    // Rebuilding line 2 queues line 2's file only.
    const rebuilt = await client.post(`/api/admin/orders/${order.orderId}/print-file`, { line: 2 }, { token: admin.token });
    expect(rebuilt.statusCode, rebuilt.body).toBe(202);
    expect(rebuilt.json().printFile).toMatchObject({ status: 'queued', source: { uploadId: photos[1] } });
    const { rows } = await t.database.pool.query<{ line_index: number; status: string }>(
      'SELECT line_index, status FROM print_files WHERE order_id = $1 ORDER BY line_index',
      [order.orderId],
    );
    expect(rows[0]).toEqual({ line_index: 0, status: 'ready' });
    expect(rows[1]!.status).not.toBe('ready');
    expectError(await client.post(`/api/admin/orders/${order.orderId}/print-file`, { line: 3 }, { token: admin.token }), 404, 'NOT_FOUND');
  }, 180_000);

  it('lists each line in the confirmation and the shipped e-mail, in English', async () => {
    const { customer, order } = english;
    const { confirmation, shipped } = await mailsOf(customer, order.orderId);
    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: customer.token })).json<{ order: OrderDetail }>().order;
    const [one, two] = detail.lines;
    const frame = `${one!.finishName} (${one!.frameSetName})`;
    expect(confirmation.text).toMatch(
      new RegExp(`^1\\. 12x8 in, ${escape(frame)}, white border ${escape(one!.borderName)}, quantity 2: ₹`, 'm'),
    );
    expect(confirmation.text).toMatch(
      new RegExp(`^2\\. 11x14 in, ${escape(frame)}, white border ${escape(two!.borderName)}, quantity 1: ₹`, 'm'),
    );
    expect(shipped.text).toContain(`1. 12x8 in, ${frame}, white border ${one!.borderName}, quantity 2`);
    expect(shipped.text).toContain(`2. 11x14 in, ${frame}, no white border, quantity 1`);
    expect(shipped.text).not.toContain('pieces');
    expect(shipped.html).toContain(`2. 11x14 in, ${escapeHtml(frame)}, no white border, quantity 1`);

    expect((await move(order.orderId, { status: 'delivered' })).statusCode).toBe(200);
    const delivered = await waitFor('the delivered e-mail', async () =>
      (await outboxMails(dataDir)).find((m) => m.to === customer.body.email && /was delivered/.test(m.subject)),
    );
    expect(delivered.text).toContain(`1. 12x8 in, ${frame}, white border ${one!.borderName}, quantity 2`);
    expect(delivered.text).toContain(`2. 11x14 in, ${frame}, no white border, quantity 1`);
  });

  it('lists each line in the confirmation and the shipped e-mail, in Hindi', async () => {
    const { customer, order } = await shippedTwoLineOrder('hi');
    const { confirmation, shipped } = await mailsOf(customer, order.orderId);
    const detail = (await client.get(`/api/orders/${order.orderId}`, { token: customer.token })).json<{ order: OrderDetail }>().order;
    const one = detail.lines[0]!;
    const frame = `${one.finishNameHi || one.finishName} (${one.frameSetNameHi || one.frameSetName})`;
    expect(confirmation.text).toMatch(new RegExp(`^1\\. 12 × 8 इंच, ${escape(frame)}, सफ़ेद बॉर्डर .+, मात्रा 2: ₹`, 'm'));
    expect(confirmation.text).toMatch(new RegExp(`^2\\. 11 × 14 इंच, ${escape(frame)}, बिना सफ़ेद बॉर्डर, मात्रा 1: ₹`, 'm'));
    expect(shipped.text).toMatch(new RegExp(`^1\\. 12 × 8 इंच, ${escape(frame)}, सफ़ेद बॉर्डर .+, मात्रा 2$`, 'm'));
    expect(shipped.text).toMatch(new RegExp(`^2\\. 11 × 14 इंच, ${escape(frame)}, बिना सफ़ेद बॉर्डर, मात्रा 1$`, 'm'));
    expect(shipped.text).not.toContain('पीस');
  }, 120_000);

  it('has a row per line on the tax invoice', async () => {
    const { order } = english;
    const { rows } = await t.database.pool.query<{ data: InvoiceData }>('SELECT data FROM invoices WHERE order_id = $1', [order.orderId]);
    const frames = rows[0]!.data.rows.filter((r) => r.description.startsWith('Framed print'));
    expect(frames.map((r) => [r.description.split(',')[0], r.quantity])).toEqual([
      ['Framed print 12x8', 2],
      ['Framed print 11x14', 1],
    ]);
  });
});

describe('the saved cart', () => {
  it('is never touched by a photo bought at once, even with the cart’s own code', async () => {
    const customer = await newCustomer();
    const [inCart, bought] = [await uploadPhoto(t, customer.token), await uploadPhoto(t, customer.token)];
    const lineId = await addToCart(customer.token, twoLines([inCart, inCart])[0]!);
    const code = await newCoupon();
    expect((await client.post('/api/cart/coupon', { code }, { token: customer.token })).statusCode).toBe(200);
    const before = await getCart(customer.token);

    const res = await createOrder(client, customer.token, orderBody(c, bought, { couponCode: code, amount: expectedAmount(c) - FLAT_OFF }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string }>();
    const { rows } = await t.database.pool.query('SELECT lines FROM orders WHERE id = $1', [created.orderId]);
    expect(rows[0].lines).toEqual([
      { cartLineId: null, uploadId: bought, quantity: 1, line: expect.objectContaining({ sizeId: c.sizeId }) },
    ]);
    await pay(customer.token, created.id);

    const after = await getCart(customer.token);
    expect(after.lines.map((l) => l.id)).toEqual([lineId]);
    expect(after.coupon?.code).toBe(code);
    expect(after.totalPaise).toBe(before.totalPaise);
  });

  it('loses only the lines of the cart order that is paid: a line added after the order stays', async () => {
    const customer = await newCustomer();
    const photos = [await uploadPhoto(t, customer.token), await uploadPhoto(t, customer.token), await uploadPhoto(t, customer.token)];
    const ordered = [];
    for (const body of twoLines(photos)) ordered.push(await addToCart(customer.token, body));
    const order = await orderCart(customer.token);
    const { rows } = await t.database.pool.query('SELECT lines FROM orders WHERE id = $1', [order.orderId]);
    expect(rows[0].lines.map((l: { cartLineId: string; uploadId: string }) => [l.cartLineId, l.uploadId])).toEqual([
      [ordered[0], photos[0]],
      [ordered[1], photos[1]],
    ]);
    const later = await addToCart(customer.token, { ...twoLines(photos)[0]!, uploadId: photos[2] });

    await pay(customer.token, order.id);
    expect((await getCart(customer.token)).lines.map((l) => l.id)).toEqual([later]);
  });
});

describe('retention', () => {
  it('holds the photo of every line of an order not yet delivered', async () => {
    const customer = await newCustomer();
    const photos = [await uploadPhoto(t, customer.token), await uploadPhoto(t, customer.token)];
    for (const body of twoLines(photos)) await addToCart(customer.token, body);
    const order = await orderCart(customer.token);
    const held = await uploadsHeldByOpenOrders(t.database.db);
    expect(held.has(photos[0]!)).toBe(true);
    expect(held.has(photos[1]!)).toBe(true);
    // Past their 90 days, both photos stay while the order is open, and go once it is delivered.
    const deps = {
      ctx: {
        config: testConfig({ DATA_DIR: dataDir }),
        database: t.database,
        storage: new LocalStorage(inject('storageRoot')),
        jobs: undefined,
      } as unknown as AppContext,
      options: DEFAULT_UPLOAD_OPTIONS,
      tmpDir: dataDir,
    };
    const deletedAt = async () =>
      (await t.database.pool.query('SELECT deleted_at FROM uploads WHERE id = ANY($1) ORDER BY id', [photos])).rows.map(
        (r) => r.deleted_at,
      );
    await t.database.pool.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [photos]);
    await runRetention(deps);
    expect(await deletedAt()).toEqual([null, null]);

    await t.database.pool.query(`UPDATE orders SET status = 'delivered' WHERE id = $1`, [order.orderId]);
    const after = await uploadsHeldByOpenOrders(t.database.db);
    expect(after.has(photos[0]!)).toBe(false);
    expect(after.has(photos[1]!)).toBe(false);
    await runRetention(deps);
    expect(await deletedAt()).toEqual([expect.any(Date), expect.any(Date)]);
  });
});

/** The test coupons' discount: ₹100 off the frames. */
const FLAT_OFF = 10_000;
let coupons = 0;
async function newCoupon(): Promise<string> {
  coupons += 1;
  const res = await client.post(
    '/api/admin/coupons',
    {
      code: `LINES${coupons}${Date.now().toString(36).toUpperCase()}`,
      kind: 'flat',
      value: FLAT_OFF,
      minSubtotalPaise: 0,
      validFrom: null,
      validTo: null,
      totalUses: null,
      perCustomer: null,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
    },
    { token: admin.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coupon: { code: string } }>().coupon.code;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
