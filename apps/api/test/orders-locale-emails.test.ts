import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatArrivesBy, formatInr, type OrderDetail } from '@framewala/domain';
import { Client, signUpAndIn } from './accounts-helpers';
import { paidOrder, signInAdmin, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { outboxMails, type ReadMail } from './mail-helpers';
import { expectedAmount, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

const PUBLIC_URL = 'https://shop.example.in';
const DEVANAGARI = /[\u0900-\u097F]/;

let t: TestApp;
let client: Client;
let dataDir: string;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  dataDir = await tempDir('framewala-order-mail-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
});

afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const move = (orderId: string, body: object) => client.post(`/api/admin/orders/${orderId}/status`, body, { token: admin.token });

/** A customer in a language with a paid order, shipped by the owner; the two e-mails that reach the customer. */
async function confirmedAndShipped(locale: 'hi' | 'en' | null) {
  const customer = await signUpAndIn(client, locale ? { locale } : {});
  await saveAddress(t, customer.user._id);
  const photo = await uploadPhoto(t, customer.token);
  const order = await paidOrder(client, customer.token, c, photo);
  expect((await move(order.orderId, { status: 'in_production' })).statusCode).toBe(200);
  expect((await move(order.orderId, { status: 'shipped', carrier: 'India Post', trackingNumber: 'EK123456789IN' })).statusCode).toBe(200);
  const mails = await waitFor('the confirmation and the shipped e-mail', async () => {
    const mine = (await outboxMails(dataDir)).filter((m) => m.to === customer.body.email);
    return mine.length >= 2 ? mine : undefined;
  });
  const byOrder = (m: ReadMail) => m.subject.includes(order.orderId);
  expect(mails.every(byOrder)).toBe(true);
  return { order, customer, confirmation: mails[0]!, shipped: mails[1]! };
}

describe("order e-mails in the account's language", () => {
  it('are Hindi for a Hindi account: subject, text and HTML, with rupees from formatInr', async () => {
    const { order, confirmation, shipped } = await confirmedAndShipped('hi');
    const total = formatInr(expectedAmount(c));

    expect(confirmation.subject).toBe(`Framewala: आपका ऑर्डर ${order.orderId} कन्फ़र्म हो गया है`);
    expect(confirmation.text).toMatch(/^नमस्ते Asha जी,\n/);
    expect(confirmation.text).toContain(`ऑर्डर ${order.orderId} के लिए धन्यवाद। आपका भुगतान ${order.paymentId} हमें मिल गया है।`);
    expect(confirmation.text).toContain(`प्रिंट: ${c.widthIn} × ${c.heightIn} इंच`);
    expect(confirmation.text).toContain(`इंच मोल्डिंग`);
    expect(confirmation.text).toContain(`सफ़ेद बॉर्डर: `);
    expect(confirmation.text).toContain('मात्रा: 1');
    expect(confirmation.text).toMatch(/डिलीवरी शुल्क: (₹[\d,]+\.\d{2}|मुफ़्त)/);
    expect(confirmation.text).toContain(`कुल भुगतान: ${total}`);
    expect(confirmation.text).toContain('डिलीवरी का पता: Asha Rao, 12, MG Road, Bangalore, Karnataka 560001');
    expect(confirmation.text).toMatch(/कोई सवाल हो, तो .+ पर लिखें या .+ पर कॉल करें।/);
    expect(confirmation.text).not.toMatch(/Hello|Thank you|Total paid|Shipping:/);
    expect(confirmation.html).toContain('<html lang="hi">');
    expect(confirmation.html).toContain(`कुल भुगतान: ${total}`);
    // When it should arrive, in Hindi dates, and the way to the order's page.
    expect(confirmation.text).toMatch(/आपका ऑर्डर .+, \d+ .+ से .+, \d+ .+ के बीच पहुँचेगा \(हमारा अनुमान\)।/);
    expect(confirmation.text).toContain(`अपना ऑर्डर देखें: ${PUBLIC_URL}/orders/${order.orderId}`);
    expect(confirmation.html).toContain(`href="${PUBLIC_URL}/orders/${order.orderId}"`);
    expect(confirmation.text).not.toContain('छूट');

    expect(shipped.subject).toBe(`Framewala: आपका ऑर्डर ${order.orderId} भेज दिया गया है`);
    expect(shipped.text).toContain(`आपका ऑर्डर ${order.orderId} भेज दिया गया है`);
    expect(shipped.text).toContain('कूरियर कंपनी: India Post');
    expect(shipped.text).toContain('ट्रैकिंग नंबर: EK123456789IN');
    expect(shipped.text).toContain(`अपना ऑर्डर देखें: ${PUBLIC_URL}/orders/${order.orderId}`);
    expect(shipped.text).not.toMatch(/Carrier|Tracking number|on its way/);
    expect(shipped.html).toContain('<html lang="hi">');
    expect(shipped.html).toContain('>अपना ऑर्डर देखें</a>');
  }, 120_000);

  it('are the English e-mails as before for an English account and for one without a language', async () => {
    for (const locale of ['en', null] as const) {
      const { order, confirmation, shipped } = await confirmedAndShipped(locale);
      expect(confirmation.subject).toBe(`Framewala: order ${order.orderId} confirmed`);
      expect(confirmation.text).toMatch(/^Hello Asha,\n\nThank you for your order /);
      expect(confirmation.text).toContain(`Print: ${c.widthIn}x${c.heightIn} in`);
      expect(confirmation.text).toContain(`Total paid: ${formatInr(expectedAmount(c))}`);
      expect(confirmation.text).toContain('Delivering to: Asha Rao, 12, MG Road, Bangalore, Karnataka 560001');
      expect(confirmation.text).toContain(`See your order: ${PUBLIC_URL}/orders/${order.orderId}`);
      expect(confirmation.text).not.toMatch(/Discount/);
      expect(confirmation.text).not.toMatch(DEVANAGARI);
      expect(confirmation.html).toContain('<html lang="en">');

      expect(shipped.subject).toBe(`Framewala: order ${order.orderId} has shipped`);
      expect(shipped.text).toContain(`Your order ${order.orderId} is on its way.`);
      expect(shipped.text).toContain('Carrier: India Post');
      expect(shipped.text).toContain('Tracking number: EK123456789IN');
      expect(shipped.text).toContain(`See your order: ${PUBLIC_URL}/orders/${order.orderId}`);
      expect(shipped.text).not.toMatch(DEVANAGARI);
      expect(shipped.html).toContain('<html lang="en">');
    }
  }, 180_000);

  it("the confirmation shows the coupon's discount, the delivery estimate the order page shows, and the order's link", async () => {
    const customer = await signUpAndIn(client, { locale: 'en' });
    await saveAddress(t, customer.user._id);
    const photo = await uploadPhoto(t, customer.token);
    const code = `MAIL${Date.now().toString(36).toUpperCase()}`;
    const coupon = await client.post(
      '/api/admin/coupons',
      {
        code,
        kind: 'flat',
        value: 15_000,
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
    expect(coupon.statusCode, coupon.body).toBe(201);
    const order = await paidOrder(client, customer.token, c, photo, { couponCode: code, amount: expectedAmount(c) - 15_000 });
    const mail = await waitFor('the confirmation', async () =>
      (await outboxMails(dataDir)).find((m) => m.to === customer.body.email && m.subject.includes(order.orderId)),
    );
    const page = (await client.get(`/api/orders/${order.orderId}`, { token: customer.token })).json<{ order: OrderDetail }>().order;
    expect(page.arrivesBy).not.toBeNull();

    expect(mail.text).toContain(`Discount (${code}): −₹150.00`);
    expect(mail.text).toContain(`Total paid: ${formatInr(expectedAmount(c) - 15_000)}`);
    // The same window as the order page ('Arrives between Wed 2 Dec and Sat 5 Dec'), from the domain's rule.
    expect(mail.text).toContain(`${formatArrivesBy(page.arrivesBy!)} (our estimate).`);
    expect(mail.text).toContain(`See your order: ${PUBLIC_URL}/orders/${order.orderId}`);
    expect(mail.html).toContain(`Discount (${code}): −₹150.00`);
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/orders/${order.orderId}"`);
    expect(mail.html).toContain('>See your order</a>');
    // The lines keep their order: the discount after shipping, the total after it, the estimate before the address.
    const text = mail.text;
    expect(text.indexOf('Shipping:')).toBeLessThan(text.indexOf('Discount'));
    expect(text.indexOf('Discount')).toBeLessThan(text.indexOf('Total paid:'));
    expect(text.indexOf('Arrives between')).toBeLessThan(text.indexOf('Delivering to:'));
  }, 120_000);

  it('follow the account when it changes its language', async () => {
    const customer = await signUpAndIn(client);
    await saveAddress(t, customer.user._id);
    const photo = await uploadPhoto(t, customer.token);
    const order = await paidOrder(client, customer.token, c, photo);
    await waitFor('the confirmation', async () => (await outboxMails(dataDir)).find((m) => m.subject.includes(order.orderId)));
    const patched = await client.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { locale: 'hi' },
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(patched.statusCode).toBe(200);
    await move(order.orderId, { status: 'in_production' });
    await move(order.orderId, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'D1' });
    await move(order.orderId, { status: 'delivered' });
    const delivered = await waitFor('the delivered e-mail', async () =>
      (await outboxMails(dataDir)).find((m) => m.subject.includes(order.orderId) && m.subject.includes('डिलीवर')),
    );
    expect(delivered.subject).toBe(`Framewala: आपका ऑर्डर ${order.orderId} डिलीवर हो गया है`);
    expect(delivered.text).toContain('उम्मीद है कि आपकी दीवार पर यह फ़्रेम बहुत सुंदर लगेगा।');
    expect(delivered.text).not.toContain('ट्रैकिंग नंबर');
  }, 120_000);
});
