import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TO_MAKE, CANCELLATION_WINDOW_MS, formatInr, type AdminOrder, type OrderDetail } from '@framewala/domain';
import { paymentProviderFor, SandboxProvider, SANDBOX_PAYMENTS } from '../src/services/payments/provider';
import { paymentSignature } from '../src/services/payments/signatures';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin, unpaidOrder, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { outboxMails } from './mail-helpers';
import { createOrder, expectedAmount, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

let t: TestApp;
let client: Client;
let dataDir: string;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  dataDir = await tempDir('framewala-cancel-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function customer(locale?: 'hi') {
  const account = await signUpAndIn(client, locale ? { locale } : {});
  await saveAddress(t, account.user._id);
  return { ...account, photo: await uploadPhoto(t, account.token) };
}

/** An order paid with a payment the sandbox provider really captured, so its refund is the provider's to make. */
async function paidWithCapture(buyer: Awaited<ReturnType<typeof customer>>) {
  const res = await createOrder(client, buyer.token, orderBody(c, buyer.photo));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ id: string; amount: number; orderId: string }>();
  const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
  const sandbox = paymentProviderFor(testConfig(), t.database);
  expect(sandbox).toBeInstanceOf(SandboxProvider);
  await (sandbox as SandboxProvider).record({
    id: paymentId,
    orderId: created.id,
    amount: created.amount,
    status: 'captured',
    errorCode: null,
    errorReason: null,
    errorDescription: null,
  });
  const signature = paymentSignature(created.id, paymentId, testConfig().payments.keySecret);
  const verified = await client.post(
    '/api/verify-payment',
    { razorpay_order_id: created.id, razorpay_payment_id: paymentId, razorpay_signature: signature },
    { token: buyer.token },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return { orderId: created.orderId, paymentId };
}

const cancel = (orderId: string, token: string) => client.post(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {}, { token });
const orderOf = async (orderId: string, token: string) =>
  (await client.get(`/api/orders/${orderId}`, { token })).json<{ order: OrderDetail }>().order;

describe('POST /api/orders/:id/cancel', () => {
  it('cancels a paid order within 24 hours: refund asked of the provider, credit note issued, e-mail sent, history says the customer', async () => {
    const buyer = await customer();
    const { orderId, paymentId } = await paidWithCapture(buyer);
    const before = await orderOf(orderId, buyer.token);
    expect(before.status).toBe('paid');
    expect(Date.parse(before.cancellableUntil!)).toBeGreaterThan(Date.now() + CANCELLATION_WINDOW_MS - 60_000);

    const res = await cancel(orderId, buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json<{ order: OrderDetail }>();
    expect(order.status).toBe('cancelled');
    expect(order.cancellableUntil).toBeNull();
    expect(order.history.at(-1)).toMatchObject({ status: 'cancelled', actor: 'customer' });
    // The GST credit note cancels the whole invoice.
    expect(order.invoice!.creditNote).toMatchObject({ amountPaise: expectedAmount(c) });

    // The provider was asked: its payment is refunded, and the shop's payment row records the refund.
    const { rows: provider } = await t.database.pool.query(`SELECT status FROM ${SANDBOX_PAYMENTS} WHERE id = $1`, [paymentId]);
    expect(provider).toEqual([{ status: 'refunded' }]);
    const { rows: paid } = await t.database.pool.query(
      `SELECT refund_status, refund_id, refund_reason FROM payments WHERE provider_payment_id = $1`,
      [paymentId],
    );
    expect(paid[0]).toMatchObject({ refund_status: 'refunded', refund_id: expect.stringMatching(/^rfnd_/) });
    expect(paid[0].refund_reason).toMatch(/cancelled by the customer/);

    // The owner sees who cancelled it and the refund, and finds it among the cancelled orders.
    const adminOrder = (await client.get(`/api/admin/orders/${orderId}`, { token: admin.token })).json<{ order: AdminOrder }>().order;
    expect(adminOrder.history.at(-1)).toMatchObject({ from: 'paid', to: 'cancelled', actor: 'customer' });
    expect(adminOrder.history.at(-1)!.note).toMatch(/customer/);
    expect(adminOrder.payment.payments[0]!.refund).toMatchObject({ status: 'refunded' });
    const list = await client.get(`/api/admin/orders?status=cancelled&q=${encodeURIComponent(buyer.body.email)}`, { token: admin.token });
    expect(list.json<{ orders: { id: string }[] }>().orders.map((o) => o.id)).toEqual([orderId]);

    // The customer's e-mail says so, with the refund and the credit note.
    const mail = await waitFor('the cancellation e-mail', async () =>
      (await outboxMails(dataDir)).find((m) => m.to === buyer.body.email && m.subject.includes('cancelled')),
    );
    expect(mail.subject).toBe(`Framewala: order ${orderId} is cancelled`);
    expect(mail.text).toContain(`your order ${orderId} is cancelled`);
    expect(mail.text).toContain(`Your payment of ${formatInr(expectedAmount(c))} is being refunded in full`);
    expect(mail.text).toContain('5–7 working days');
    expect(mail.text).toContain(`Credit note ${order.invoice!.creditNote!.number} cancels tax invoice ${order.invoice!.number}.`);
  });

  it("writes the e-mail in the account's language", async () => {
    const buyer = await customer('hi');
    const { orderId } = await paidWithCapture(buyer);
    expect((await cancel(orderId, buyer.token)).statusCode).toBe(200);
    const mail = await waitFor('the Hindi cancellation e-mail', async () =>
      (await outboxMails(dataDir)).find((m) => m.to === buyer.body.email && m.subject.includes('रद्द')),
    );
    expect(mail.subject).toBe(`Framewala: आपका ऑर्डर ${orderId} रद्द हो गया है`);
    expect(mail.text).toContain('कामकाजी दिनों');
  });

  it('is 409 ORDER_NOT_CANCELLABLE the second time, and refunds and e-mails only once', async () => {
    const buyer = await customer();
    const { orderId, paymentId } = await paidWithCapture(buyer);
    expect((await cancel(orderId, buyer.token)).statusCode).toBe(200);
    const again = expectError(await cancel(orderId, buyer.token), 409, 'ORDER_NOT_CANCELLABLE');
    expect(again).toMatchObject({ status: 'cancelled', reason: 'ALREADY_IN_STATUS' });
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM credit_notes WHERE order_id = $1`, [orderId]);
    expect(rows[0].n).toBe(1);
    const { rows: paid } = await t.database.pool.query(`SELECT count(*)::int AS n FROM payments WHERE provider_payment_id = $1`, [
      paymentId,
    ]);
    expect(paid[0].n).toBe(1);
    await waitFor('the cancellation e-mail', async () =>
      (await outboxMails(dataDir)).find((m) => m.to === buyer.body.email && m.subject.includes('cancelled')),
    );
    const cancelMails = (await outboxMails(dataDir)).filter((m) => m.to === buyer.body.email && m.subject.includes('cancelled'));
    expect(cancelMails).toHaveLength(1);
  });

  it('is 409 CANCELLATION_WINDOW_CLOSED more than 24 hours after payment, and changes nothing', async () => {
    const buyer = await customer();
    const { orderId, paymentId } = await paidWithCapture(buyer);
    await t.database.pool.query(`UPDATE orders SET paid_at = now() - interval '24 hours 1 minute' WHERE id = $1`, [orderId]);
    expect((await orderOf(orderId, buyer.token)).cancellableUntil).toBeNull();
    const body = expectError(await cancel(orderId, buyer.token), 409, 'CANCELLATION_WINDOW_CLOSED');
    expect(body).toMatchObject({ status: 'paid', reason: 'CANCELLATION_WINDOW_CLOSED' });
    expect(body.message).toMatch(/24 hours after payment/);
    expect((await orderOf(orderId, buyer.token)).status).toBe('paid');
    const { rows } = await t.database.pool.query(`SELECT refund_status FROM payments WHERE provider_payment_id = $1`, [paymentId]);
    expect(rows).toEqual([{ refund_status: null }]);
    const { rows: notes } = await t.database.pool.query(`SELECT 1 FROM credit_notes WHERE order_id = $1`, [orderId]);
    expect(notes).toHaveLength(0);
  });

  it('is 409 PRODUCTION_STARTED once the order is in production, even within 24 hours', async () => {
    const buyer = await customer();
    const { orderId } = await paidWithCapture(buyer);
    const moved = await client.post(`/api/admin/orders/${orderId}/status`, { status: 'in_production' }, { token: admin.token });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orderOf(orderId, buyer.token)).cancellableUntil).toBeNull();
    const body = expectError(await cancel(orderId, buyer.token), 409, 'PRODUCTION_STARTED');
    expect(body).toMatchObject({ status: 'in_production', reason: 'NOT_A_NEXT_STATUS' });
    expect((await orderOf(orderId, buyer.token)).status).toBe('in_production');
  });

  it('is 409 ORDER_NOT_CANCELLABLE for an unpaid order (nothing to refund)', async () => {
    const buyer = await customer();
    const { orderId } = await unpaidOrder(client, buyer.token, c, buyer.photo);
    expect((await orderOf(orderId, buyer.token)).cancellableUntil).toBeNull();
    expectError(await cancel(orderId, buyer.token), 409, 'ORDER_NOT_CANCELLABLE');
    expect((await orderOf(orderId, buyer.token)).status).toBe('created');
  });

  it("is 404 for another customer's order and for an unknown one, 401 without a session", async () => {
    const owner = await customer();
    const other = await customer();
    const { orderId } = await paidWithCapture(owner);
    expectError(await cancel(orderId, other.token), 404, 'NOT_FOUND');
    expectError(await cancel('FW-2611-ZZZZZZ', other.token), 404, 'NOT_FOUND');
    expect((await client.post(`/api/orders/${orderId}/cancel`, {})).statusCode).toBe(401);
    expect((await orderOf(orderId, owner.token)).status).toBe('paid');
  });

  it('is in the OpenAPI document', async () => {
    const openapi = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    expect(openapi.paths['/api/orders/{id}/cancel']?.post?.summary).toMatch(/within 24 hours/);
  });
});

describe('GET /api/admin/orders?status=to_make', () => {
  it('lists the orders to make (paid or in production), not unpaid attempts or cancelled orders', async () => {
    const buyer = await customer();
    const paid = await paidWithCapture(buyer);
    const making = await paidWithCapture(buyer);
    await client.post(`/api/admin/orders/${making.orderId}/status`, { status: 'in_production' }, { token: admin.token });
    const cancelled = await paidWithCapture(buyer);
    expect((await cancel(cancelled.orderId, buyer.token)).statusCode).toBe(200);
    const unpaid = await unpaidOrder(client, buyer.token, c, buyer.photo);
    const q = encodeURIComponent(buyer.body.email);
    const res = await client.get(`/api/admin/orders?status=${ADMIN_TO_MAKE}&q=${q}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ orders: { id: string; status: string }[] }>().orders.map((o) => o.id);
    expect(ids.sort()).toEqual([paid.orderId, making.orderId].sort());
    const every = (await client.get(`/api/admin/orders?q=${q}`, { token: admin.token })).json<{ orders: { id: string }[] }>().orders;
    expect(every.map((o) => o.id)).toContain(unpaid.orderId);
    expect(every.map((o) => o.id)).toContain(cancelled.orderId);
  });
});
