import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, includedGstPaise, type Cart, type OrderDetail, type ShippingQuote } from '@framewala/domain';
import { DEMO_GSTIN } from '../src/config/env';
import { signSessionToken } from '../src/services/auth/tokens';
import { paymentSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import {
  createOrder,
  expectedAmount,
  expectedSubtotal,
  orderBody,
  pickCatalogue,
  saveAddress,
  uploadPhoto,
  type Catalogue,
} from './orders-helpers';

const run = promisify(execFile);

let t: TestApp;
let client: Client;
let c: Catalogue;
let admin: string;
let customer: { token: string; userId: string; uploadId: string };

const BUYER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka, as the saved address

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = (await signInAdmin(t, client)).token;
  customer = await newBuyer();
}, 120_000);
afterAll(async () => t?.close());

/** A signed-up customer with a saved Bengaluru address and a photo of their own (a copy of one upload: no decoding). */
let template: string | null = null;
async function newBuyer(): Promise<{ token: string; userId: string; uploadId: string }> {
  const { token, user } = await signUpAndIn(client);
  await saveAddress(t, user._id);
  if (!template) {
    template = await uploadPhoto(t, token);
    return { token, userId: user._id, uploadId: template };
  }
  return { token, userId: user._id, uploadId: await copyUpload(user._id) };
}

async function copyUpload(ownerUserId: string): Promise<string> {
  const id = `up_${crypto.randomUUID()}`;
  await t.database.pool.query(
    `INSERT INTO uploads SELECT (jsonb_populate_record(u, jsonb_build_object('id', $2::text, 'owner_user_id', $3::text))).* FROM uploads u WHERE u.id = $1`,
    [template, id, ownerUserId],
  );
  return id;
}

/** Many customers at once without 50 password hashes: account rows, their address and photo, and a signed token. */
async function quickBuyers(n: number) {
  const secret = testConfig().auth.jwtSecret;
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const userId = crypto.randomUUID();
      await t.database.pool.query(
        `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash) VALUES ($1, $2, 'Buyer', $3, '+919876543210', 'x')`,
        [userId, `buyer.${userId}@example.in`, String(i)],
      );
      await saveAddress(t, userId);
      return { userId, token: await signSessionToken(secret, { userId, role: 'customer' }), uploadId: await copyUpload(userId) };
    }),
  );
}

let codeCounter = 0;
async function newCoupon(over: Record<string, unknown> = {}) {
  codeCounter += 1;
  const res = await client.post(
    '/api/admin/coupons',
    {
      code: `test${codeCounter}${crypto.randomBytes(3).toString('hex')}`,
      kind: 'percent',
      value: 10,
      minSubtotalPaise: 0,
      validFrom: null,
      validTo: null,
      totalUses: null,
      perCustomer: null,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
      ...over,
    },
    { token: admin },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coupon: { id: string; code: string } }>().coupon;
}

/** 10 % off the frames, rounded down to the rupee. */
const tenPercent = (q = 1) => Math.floor((expectedSubtotal(c, q) * 10) / 100 / 100) * 100;

async function pay(token: string, providerOrderId: string) {
  const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
  const signature = paymentSignature(providerOrderId, paymentId, testConfig().payments.keySecret);
  const res = await client.post(
    '/api/verify-payment',
    { razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature },
    { token },
  );
  return { res, paymentId };
}

async function orderOf(token: string, orderId: string): Promise<OrderDetail> {
  const res = await client.get(`/api/orders/${orderId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: OrderDetail }>().order;
}

/** The GST the order's issued invoice shows (CGST + SGST + IGST). */
async function invoiceGst(orderId: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ gst: string }>(
    `SELECT (data->>'cgstPaise')::int + (data->>'sgstPaise')::int + (data->>'igstPaise')::int AS gst FROM invoices WHERE order_id = $1`,
    [orderId],
  );
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.gst);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-invoice-'));
  try {
    await fs.writeFile(path.join(dir, 'invoice.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'invoice.pdf'), '-']).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new Error('pdftotext is missing: install poppler-utils (apt-get install -y poppler-utils)');
      throw error;
    });
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const rupees = (paise: number) => `Rs. ${Math.floor(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`;

describe('the owner’s coupons', () => {
  it('are for the staff only, stored upper case, and a code is unique in any case', async () => {
    const body = {
      code: 'Diwali25',
      kind: 'percent',
      value: 25,
      minSubtotalPaise: 0,
      validFrom: '2026-10-20',
      validTo: '2026-11-05',
      totalUses: 100,
      perCustomer: 1,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
    };
    expectError(await client.post('/api/admin/coupons', body, { token: customer.token }), 403, 'FORBIDDEN');
    expectError(await client.get('/api/admin/coupons'), 401);
    const created = await client.post('/api/admin/coupons', body, { token: admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ coupon: { code: 'DIWALI25', summary: '25% off', usedCount: 0 } });
    expectError(await client.post('/api/admin/coupons', { ...body, code: 'diwali25' }, { token: admin }), 409, 'COUPON_TAKEN');
    expectError(await client.post('/api/admin/coupons', { ...body, code: 'X1Y2', value: 150 }, { token: admin }), 400, 'VALIDATION');
    const list = await client.get('/api/admin/coupons', { token: admin });
    expect(list.json<{ coupons: { code: string }[] }>().coupons.map((x) => x.code)).toContain('DIWALI25');
  });
});

describe('a code on the cart', () => {
  it('is priced by the server, says why it does not apply, and can be removed', async () => {
    const buyer = await newBuyer();
    const added = await client.post(
      '/api/cart/lines',
      { uploadId: buyer.uploadId, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 1 },
      { token: buyer.token },
    );
    expect(added.statusCode, added.body).toBe(201);
    const coupon = await newCoupon();
    const high = await newCoupon({ minSubtotalPaise: expectedSubtotal(c) + 50_000 });

    const applied = await client.post('/api/cart/coupon', { code: ` ${coupon.code.toLowerCase()} ` }, { token: buyer.token });
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = applied.json<{ cart: Cart }>().cart;
    expect(cart.discountPaise).toBe(tenPercent());
    expect(cart.coupon).toEqual({ code: coupon.code, summary: '10% off' });
    expect(cart.totalPaise).toBe(expectedAmount(c) - tenPercent());

    const unknown = expectError(
      await client.post('/api/cart/coupon', { code: 'NOSUCHCODE' }, { token: buyer.token }),
      422,
      'COUPON_UNKNOWN',
    );
    expect(unknown.message).toBe('We do not know the code NOSUCHCODE. Please check the spelling.');
    const short = expectError(
      await client.post('/api/cart/coupon', { code: high.code }, { token: buyer.token }),
      422,
      'COUPON_MIN_SUBTOTAL',
    );
    expect(short.message).toMatch(/Add ₹500\.00 more to use it\.$/);
    // A refused code leaves the applied one in place.
    expect((await client.get('/api/cart', { token: buyer.token })).json<{ cart: Cart }>().cart.coupon?.code).toBe(coupon.code);

    const removed = await client.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: { authorization: `Bearer ${buyer.token}` } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ cart: Cart }>().cart).toMatchObject({ discountPaise: 0, coupon: null, totalPaise: expectedAmount(c) });
    expectError(await client.post('/api/cart/coupon', { code: coupon.code }), 401);
  });

  it('quotes a code for a single photo’s checkout, with the same reasons', async () => {
    const coupon = await newCoupon({ kind: 'flat', value: 50_000, discountsShipping: true, minSubtotalPaise: 100_000 });
    const quote = await client.post(
      '/api/coupon-quote',
      { code: coupon.code.toLowerCase(), subtotalPaise: 120_000, shippingPaise: 9_900 },
      { token: customer.token },
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({
      coupon: { code: coupon.code, summary: '₹500.00 off, shipping included' },
      discountPaise: 50_000,
      discountsShipping: true,
    });
    const framesOnly = await newCoupon();
    const plain = await client.post(
      '/api/coupon-quote',
      { code: framesOnly.code, subtotalPaise: 120_000, shippingPaise: 9_900 },
      { token: customer.token },
    );
    expect(plain.json()).toMatchObject({ discountPaise: 12_000, discountsShipping: false });
    const short = expectError(
      await client.post('/api/coupon-quote', { code: coupon.code, subtotalPaise: 90_000, shippingPaise: 0 }, { token: customer.token }),
      422,
      'COUPON_MIN_SUBTOTAL',
    );
    expect(short.message).toMatch(/Add ₹100\.00 more/);
    expectError(await client.post('/api/coupon-quote', { code: coupon.code, subtotalPaise: 1, shippingPaise: 0 }), 401);
  });

  it('pays the whole cart with the discount, and the invoice spreads it over the lines', async () => {
    const buyer = await newBuyer();
    await client.post(
      '/api/cart/lines',
      { uploadId: buyer.uploadId, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 2 },
      { token: buyer.token },
    );
    const coupon = await newCoupon();
    const cart = (await client.post('/api/cart/coupon', { code: coupon.code }, { token: buyer.token })).json<{ cart: Cart }>().cart;
    expect(cart.discountPaise).toBe(tenPercent(2));
    expectError(
      await createOrder(client, buyer.token, { cart: true, amount: cart.totalPaise + cart.discountPaise, currency: 'INR' }),
      409,
      'PRICE_MISMATCH',
    );
    const res = await createOrder(client, buyer.token, { cart: true, amount: cart.totalPaise, currency: 'INR' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string; amount: number }>();
    expect((await pay(buyer.token, created.id)).res.statusCode).toBe(200);
    const order = await orderOf(buyer.token, created.orderId);
    expect(order).toMatchObject({ status: 'paid', discountPaise: tenPercent(2), totalPaise: cart.totalPaise });
    // The checkout showed the GST the invoice shows, and the order page shows the invoice's.
    const gst = await invoiceGst(created.orderId);
    expect(gst).toBeGreaterThan(0);
    expect(cart.gstPaise).toBe(gst);
    expect(order.gstPaise).toBe(gst);
    expect(order.invoice?.number).toMatch(/^FW\/\d{4}-\d{2}\/\d{6}$/);
    // The code was spent: the cart keeps no code.
    expect((await client.get('/api/cart', { token: buyer.token })).json<{ cart: Cart }>().cart.coupon).toBeNull();
  });
});

describe('a code on a single photo, and its tax invoice', () => {
  it('prices the discount on the server, and the invoice PDF says everything a business buyer needs', async () => {
    const buyer = await newBuyer();
    await t.database.pool.query(`UPDATE addresses SET gstin = $2, company_name = 'Bluebird Studio LLP' WHERE user_id = $1`, [
      buyer.userId,
      BUYER_GSTIN,
    ]);
    const coupon = await newCoupon({ kind: 'flat', value: 20_000 });
    // The client's total without the discount is refused with the server's.
    const wrong = expectError(
      await createOrder(client, buyer.token, orderBody(c, buyer.uploadId, { couponCode: coupon.code.toLowerCase() })),
      409,
      'PRICE_MISMATCH',
    );
    expect(wrong.amount).toBe(expectedAmount(c) - 20_000);
    expectError(await createOrder(client, buyer.token, orderBody(c, buyer.uploadId, { couponCode: 'NOPE-NOPE' })), 422, 'COUPON_UNKNOWN');

    const res = await createOrder(
      client,
      buyer.token,
      orderBody(c, buyer.uploadId, { couponCode: coupon.code, amount: expectedAmount(c) - 20_000 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string; amount: number }>();
    expect(created.amount).toBe(expectedAmount(c) - 20_000);
    // No invoice before payment, for anyone.
    expectError(await client.get(`/api/orders/${created.orderId}/invoice.pdf`, { token: buyer.token }), 404, 'NOT_FOUND');
    // Before payment: the GST the invoice will show, from the order (paying it again) and from the quotes the checkout
    // of the editor's frame reads (the shop's rate with the shipping quote, whether the code covers shipping).
    const unpaid = await orderOf(buyer.token, created.orderId);
    const quoteRes = await client.get(
      `/api/shipping-quote?pincode=${unpaid.address.postalCode}&subtotalPaise=${expectedSubtotal(c)}&maxOuterInches=0`,
    );
    const quote = quoteRes.json<ShippingQuote>();
    expect(quote.gstRateBp).toBe(1800);
    const couponQuote = await client.post(
      '/api/coupon-quote',
      { code: coupon.code, subtotalPaise: expectedSubtotal(c), shippingPaise: unpaid.shippingPaise },
      { token: buyer.token },
    );
    const { discountPaise, discountsShipping } = couponQuote.json<{ discountPaise: number; discountsShipping: boolean }>();
    const checkoutGst = includedGstPaise({
      linesPaise: unpaid.lines.map((l) => l.checkoutPaise),
      shippingPaise: unpaid.shippingPaise,
      discountPaise,
      discountCoversShipping: discountsShipping,
      rateBp: quote.gstRateBp!,
    });
    expect((await pay(buyer.token, created.id)).res.statusCode).toBe(200);
    const gst = await invoiceGst(created.orderId);
    expect(gst).toBeGreaterThan(0);
    expect(unpaid.gstPaise).toBe(gst);
    expect(checkoutGst).toBe(gst);

    const order = await orderOf(buyer.token, created.orderId);
    expect(order.discountPaise).toBe(20_000);
    expect(order.invoice).toMatchObject({ url: `/api/orders/${created.orderId}/invoice.pdf`, creditNote: null });
    const number = order.invoice!.number;
    expect(number.startsWith(`FW/${financialYear(new Date())}/`)).toBe(true);

    const pdfRes = await client.get(order.invoice!.url, { token: buyer.token });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdfRes.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(number);
    expect(text).toContain(`GSTIN: ${DEMO_GSTIN}`);
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Bluebird Studio LLP');
    expect(text).toMatch(/\b4414\b/); // the frames' HSN
    expect(text).toMatch(/\b996812\b/); // shipping, its own row
    expect(text).toContain('Karnataka (29)');
    expect(text).toMatch(/CGST 9%/);
    expect(text).toMatch(/SGST 9%/);
    expect(text).not.toMatch(/IGST/);
    const paid = expectedAmount(c) - 20_000;
    expect(text).toMatch(new RegExp(`Total paid\\s+${rupees(paid).replace('.', '\\.')}`));
    expect(text).toContain('Rupees ');
    // The rows in the PDF add up: taxable + CGST + SGST of the total row = the amount paid.
    const totalRow = text.split('\n').find((l) => /^\s*Total\s+Rs\./.test(l))!;
    const figures = [...totalRow.matchAll(/Rs\. ([\d,]+)\.(\d{2})/g)].map((m) => Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]));
    expect(figures).toHaveLength(4);
    expect(figures[0]! + figures[1]! + figures[2]!).toBe(paid);
    expect(figures[3]).toBe(paid);

    // The owner downloads it too; another customer and nobody cannot.
    expect((await client.get(order.invoice!.url, { token: admin })).statusCode).toBe(200);
    expectError(await client.get(order.invoice!.url, { token: customer.token }), 404, 'NOT_FOUND');
    expectError(await client.get(order.invoice!.url), 401);
    // The console shows the discount and the invoice.
    const adminOrder = await client.get(`/api/admin/orders/${created.orderId}`, { token: admin });
    expect(adminOrder.json()).toMatchObject({ order: { discountPaise: 20_000, couponCode: coupon.code, invoice: { number } } });
  });

  it('charges IGST across states, and the owner’s tax settings apply to invoices issued after', async () => {
    const before = await client.get('/api/admin/tax-settings', { token: admin });
    expect(before.json()).toMatchObject({ saved: false, settings: { rateBp: 1800, state: 'Karnataka', invoicePrefix: 'FW' } });
    const settings = {
      legalName: 'Framewala Frames Private Limited',
      address: '4 Linking Road, Mumbai 400050',
      state: 'Maharashtra',
      gstin: '27aapfu0939f1zv',
      hsn: '4911',
      rateBp: 1200,
      invoicePrefix: 'FWM',
    };
    expectError(
      await client.inject({
        method: 'PUT',
        url: '/api/admin/tax-settings',
        payload: settings,
        headers: { authorization: `Bearer ${customer.token}` },
      }),
      403,
    );
    const bad = await client.inject({
      method: 'PUT',
      url: '/api/admin/tax-settings',
      payload: { ...settings, gstin: '27AAPFU0939F1ZW' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expectError(bad, 400, 'VALIDATION');
    const saved = await client.inject({
      method: 'PUT',
      url: '/api/admin/tax-settings',
      payload: settings,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, settings: { gstin: '27AAPFU0939F1ZV', rateBp: 1200 } });
    try {
      const buyer = await newBuyer(); // delivers to Karnataka: another state than the shop's now
      const created = (await createOrder(client, buyer.token, orderBody(c, buyer.uploadId))).json<{ id: string; orderId: string }>();
      expect((await pay(buyer.token, created.id)).res.statusCode).toBe(200);
      const order = await orderOf(buyer.token, created.orderId);
      expect(order.invoice!.number).toMatch(/^FWM\//);
      const text = await pdfText((await client.get(order.invoice!.url, { token: buyer.token })).rawPayload);
      expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(text).toContain('GSTIN: unregistered buyer');
      expect(text).toMatch(/IGST 12%/);
      expect(text).not.toMatch(/CGST/);
      expect(text).toMatch(/\b4911\b/);
      expect(text).toContain(rupees(expectedAmount(c)));
    } finally {
      await t.database.pool.query(`DELETE FROM tax_settings`);
    }
  });

  it('a cancellation and refund after payment issues a credit note referencing the invoice', async () => {
    const buyer = await newBuyer();
    const created = (await createOrder(client, buyer.token, orderBody(c, buyer.uploadId))).json<{ id: string; orderId: string }>();
    expect((await pay(buyer.token, created.id)).res.statusCode).toBe(200);
    const invoiceNumber = (await orderOf(buyer.token, created.orderId)).invoice!.number;
    for (const status of ['cancelled', 'refunded']) {
      const moved = await client.post(`/api/admin/orders/${created.orderId}/status`, { status }, { token: admin });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const order = await orderOf(buyer.token, created.orderId);
    expect(order.status).toBe('refunded');
    expect(order.invoice!.number).toBe(invoiceNumber);
    expect(order.invoice!.creditNote).toMatchObject({ amountPaise: expectedAmount(c) });
    expect(order.invoice!.creditNote!.number).toMatch(new RegExp(`^FW/CN/${financialYear(new Date())}/\\d{6}$`));
    const { rows } = await t.database.pool.query(`SELECT invoice_number FROM credit_notes WHERE order_id = $1`, [created.orderId]);
    expect(rows).toEqual([{ invoice_number: invoiceNumber }]);
    const text = await pdfText((await client.get(order.invoice!.url, { token: buyer.token })).rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(order.invoice!.creditNote!.number);
    expect(text).toContain(`Against invoice: ${invoiceNumber}`);
    expect(text).toContain(`Total credited: ${rupees(expectedAmount(c))}`);
    // The account's order list carries the same invoice, so the customer can download it from there too.
    const list = await client.get('/api/orders', { token: buyer.token });
    const listed = list.json<{ orders: { _id: string; invoice: unknown }[] }>().orders.find((o) => o._id === created.orderId);
    expect(listed?.invoice).toEqual(order.invoice);
  });
});

describe('under concurrency', () => {
  it('50 customers at once with one use left: one order gets it, 49 are told it ran out, and the use is counted at payment', async () => {
    const coupon = await newCoupon({ totalUses: 1 });
    const buyers = await quickBuyers(50);
    const amount = expectedAmount(c) - tenPercent();
    const results = await Promise.all(
      buyers.map((b) => createOrder(client, b.token, orderBody(c, b.uploadId, { couponCode: coupon.code, amount }))),
    );
    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      const body = expectError(r, 422, 'COUPON_USED_UP');
      expect(body.message).toMatch(/run out/);
    }
    const winner = buyers[results.indexOf(won[0]!)]!;
    const created = won[0]!.json<{ id: string; orderId: string }>();
    expect((await pay(winner.token, created.id)).res.statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`SELECT used_count FROM coupons WHERE id = $1`, [coupon.id]);
    expect(rows[0].used_count).toBe(1);
    const paidWithCode = await t.database.pool.query(`SELECT count(*)::int AS n FROM orders WHERE coupon_code = $1 AND status = 'paid'`, [
      coupon.code,
    ]);
    expect(paidWithCode.rows[0].n).toBe(1);
    // And now nobody else can start one.
    expectError(
      await createOrder(client, buyers[0]!.token, orderBody(c, buyers[0]!.uploadId, { couponCode: coupon.code, amount })),
      422,
      'COUPON_USED_UP',
    );
  }, 120_000);

  it('a payment arriving after its hold expired, when the last use went to another, is refused and refunded in full', async () => {
    const coupon = await newCoupon({ totalUses: 1 });
    const [late, quick] = await quickBuyers(2);
    const amount = expectedAmount(c) - tenPercent();
    const first = (await createOrder(client, late!.token, orderBody(c, late!.uploadId, { couponCode: coupon.code, amount }))).json<{
      id: string;
      orderId: string;
    }>();
    await t.database.pool.query(`UPDATE coupon_redemptions SET held_until = now() - interval '1 second' WHERE order_id = $1`, [
      first.orderId,
    ]);
    const second = await createOrder(client, quick!.token, orderBody(c, quick!.uploadId, { couponCode: coupon.code, amount }));
    expect(second.statusCode, second.body).toBe(201);
    expect((await pay(quick!.token, second.json<{ id: string }>().id)).res.statusCode).toBe(200);

    const { res, paymentId } = await pay(late!.token, first.id);
    expect(expectError(res, 422, 'COUPON_USED_UP').message).toMatch(/refunded in full/);
    const order = await orderOf(late!.token, first.orderId);
    expect(order.status).toBe('cancelled');
    expect(order.invoice).toBeNull();
    const { rows } = await t.database.pool.query(`SELECT refund_status FROM payments WHERE provider_payment_id = $1`, [paymentId]);
    expect(rows[0].refund_status).toBe('refunded');
    const used = await t.database.pool.query(`SELECT used_count FROM coupons WHERE id = $1`, [coupon.id]);
    expect(used.rows[0].used_count).toBe(1);
  }, 60_000);

  it('20 payments at once get 20 consecutive invoice numbers, no gap and no repeat', async () => {
    const buyers = await quickBuyers(20);
    const created = await Promise.all(
      buyers.map(async (b) => {
        const res = await createOrder(client, b.token, orderBody(c, b.uploadId));
        expect(res.statusCode, res.body).toBe(201);
        return { ...b, ...res.json<{ id: string; orderId: string }>() };
      }),
    );
    const before = await t.database.pool.query<{ last: number }>(`SELECT last FROM document_counters WHERE series = $1`, [
      `INV/${financialYear(new Date())}`,
    ]);
    const start = before.rows[0]?.last ?? 0;
    const paid = await Promise.all(created.map((o) => pay(o.token, o.id)));
    for (const p of paid) expect(p.res.statusCode, p.res.body).toBe(200);
    const { rows } = await t.database.pool.query<{ sequence: number; number: string }>(
      `SELECT sequence, number FROM invoices WHERE order_id = ANY($1) ORDER BY sequence`,
      [created.map((o) => o.orderId)],
    );
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => start + i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    const all = await t.database.pool.query<{ sequence: number }>(
      `SELECT sequence FROM invoices WHERE financial_year = $1 ORDER BY sequence`,
      [financialYear(new Date())],
    );
    expect(all.rows.map((r) => r.sequence)).toEqual(Array.from({ length: all.rows.length }, (_, i) => i + 1));
  }, 120_000);
});

describe('the buyer’s GSTIN', () => {
  it('is saved with the address when its check character is right and it is registered in the billing state', async () => {
    const { token, user } = await signUpAndIn(client);
    const address = {
      fullName: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.in',
      addressLine1: '12 MG Road',
      city: 'Bangalore',
      state: 'Karnataka',
      postalCode: '560001',
    };
    const wrongState = expectError(
      await client.post('/api/add-address', { userId: user._id, address: { ...address, gstin: '27AAPFU0939F1ZV' } }, { token }),
      400,
      'VALIDATION',
    );
    expect(JSON.stringify(wrongState)).toContain('registered in Maharashtra');
    expectError(
      await client.post('/api/add-address', { userId: user._id, address: { ...address, gstin: '29AAGCB7383J1Z5' } }, { token }),
      400,
      'VALIDATION',
    );
    const ok = await client.post('/api/add-address', { userId: user._id, address: { ...address, gstin: '29aagcb7383j1z4' } }, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ address: { gstin: BUYER_GSTIN } });
  });
});

it('the OpenAPI document lists the coupon, tax-settings and invoice routes', async () => {
  const { paths } = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
  expect(Object.keys(paths['/api/cart/coupon'] ?? {}).sort()).toEqual(['delete', 'post']);
  expect(Object.keys(paths['/api/orders/{id}/invoice.pdf'] ?? {})).toEqual(['get']);
  expect(Object.keys(paths['/api/admin/coupons'] ?? {}).sort()).toEqual(['get', 'post']);
  expect(Object.keys(paths['/api/admin/coupons/{id}'] ?? {})).toEqual(['put']);
  expect(Object.keys(paths['/api/admin/tax-settings'] ?? {}).sort()).toEqual(['get', 'put']);
  expect(JSON.stringify(paths['/api/create-order'])).toContain('couponCode');
});
