import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivesBy, DEFAULT_SHIPPING_SETTINGS, longestOuterSide, quoteShipping, shippingQuoteSchema } from '@framewala/domain';
import { pincodeDirectory } from '../src/services/pincode';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, type TestApp } from './helpers';
import {
  createOrder,
  expectedShipping,
  expectedSubtotal,
  orderBody,
  pickCatalogue,
  saveAddress,
  uploadPhoto,
  type Catalogue,
} from './orders-helpers';

let t: TestApp;
let client: Client;
let c: Catalogue;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
});
afterAll(async () => t?.close());

type Quote = { zone: string; shippingPaise: number; arrivesBy: { earliest: string; latest: string }; inDirectory: boolean };

async function quote(query: string) {
  return client.get(`/api/shipping-quote?${query}`);
}

/** The domain's window just before and just after the request: the answer is one of them (midnight in India). */
async function expectWindow(zone: 'metro' | 'elsewhere', answer: () => Promise<Quote>) {
  const before = arrivesBy(zone, new Date());
  const body = await answer();
  const after = arrivesBy(zone, new Date());
  expect([before, after]).toContainEqual(body.arrivesBy);
  return body;
}

describe('GET /api/shipping-quote', () => {
  it('quotes ₹99 and 4–7 business days to a Bengaluru pincode', async () => {
    const body = await expectWindow('metro', async () => {
      const res = await quote('pincode=560001&subtotalPaise=50000&maxOuterInches=14');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Quote>();
    });
    expect(shippingQuoteSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ zone: 'metro', shippingPaise: 9_900 });
    expect(body.arrivesBy.earliest < body.arrivesBy.latest).toBe(true);
  });

  it('puts every metro city in the metro zone and Ahmedabad and Pune elsewhere', async () => {
    for (const pincode of ['110001', '400001', '700001', '600001', '500001', '560001']) {
      expect((await quote(`pincode=${pincode}&subtotalPaise=1000`)).json<Quote>().zone, pincode).toBe('metro');
    }
    for (const pincode of ['380001', '411001']) {
      const body = await expectWindow('elsewhere', async () => (await quote(`pincode=${pincode}&subtotalPaise=1000`)).json<Quote>());
      expect(body, pincode).toMatchObject({ zone: 'elsewhere', shippingPaise: 14_900 });
    }
  });

  it('ships free from ₹1,999 and adds the oversize charge above 30 inches', async () => {
    expect((await quote('pincode=380001&subtotalPaise=199899')).json<Quote>().shippingPaise).toBe(14_900);
    expect((await quote('pincode=380001&subtotalPaise=199900')).json<Quote>().shippingPaise).toBe(0);
    expect((await quote('pincode=380001&subtotalPaise=199900&maxOuterInches=30')).json<Quote>().shippingPaise).toBe(0);
    expect((await quote('pincode=380001&subtotalPaise=199900&maxOuterInches=31.5')).json<Quote>().shippingPaise).toBe(20_000);
    expect((await quote('pincode=560001&subtotalPaise=1000&maxOuterInches=31.5')).json<Quote>().shippingPaise).toBe(29_900);
  });

  it('quotes a well-formed pincode the directory lacks at the rest-of-India rate, saying the directory lacks it', async () => {
    expect((await pincodeDirectory()).has('999999')).toBe(false);
    const body = await expectWindow('elsewhere', async () => {
      const res = await quote('pincode=999999&subtotalPaise=1000');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Quote>();
    });
    expect(body).toMatchObject({ zone: 'elsewhere', shippingPaise: 14_900, inDirectory: false });
    expect((await quote('pincode=999999&subtotalPaise=199900&maxOuterInches=31.5')).json<Quote>().shippingPaise).toBe(20_000);
    expect((await quote('pincode=560001&subtotalPaise=1000')).json<Quote>().inDirectory).toBe(true);
  });

  it('refuses malformed queries with 400', async () => {
    expectError(await quote('pincode=05600&subtotalPaise=1000'), 400, 'VALIDATION');
    expectError(await quote('pincode=560001'), 400, 'VALIDATION');
    expectError(await quote('pincode=560001&subtotalPaise=-1'), 400, 'VALIDATION');
    expectError(await quote('pincode=560001&subtotalPaise=12.5'), 400, 'VALIDATION');
    expectError(await quote('pincode=560001&subtotalPaise=abc'), 400, 'VALIDATION');
    expectError(await quote('pincode=560001&subtotalPaise=1&maxOuterInches=-3'), 400, 'VALIDATION');
  });

  it('is documented in the OpenAPI output', async () => {
    const spec = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const op = spec.paths['/api/shipping-quote']?.get as { parameters: { name: string }[]; responses: Record<string, unknown> };
    expect(op.parameters.map((p) => p.name).sort()).toEqual(['maxOuterInches', 'pincode', 'subtotalPaise']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(JSON.stringify(op)).toContain('inDirectory');
    expect(spec.paths['/api/admin/shipping-settings']).toHaveProperty('put');
  });
});

describe('shipping on orders', () => {
  it('adds shipping to the amount, stores it and refuses the subtotal alone with the server amount', async () => {
    const asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    const photo = await uploadPhoto(t, asha.token);
    const shipping = expectedShipping(c);
    expect(shipping).toBeGreaterThan(0);

    const stale = await createOrder(client, asha.token, orderBody(c, photo, { amount: expectedSubtotal(c) }));
    expect(expectError(stale, 409, 'PRICE_MISMATCH').amount).toBe(expectedSubtotal(c) + shipping);

    const res = await createOrder(client, asha.token, orderBody(c, photo));
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, amount } = res.json<{ orderId: string; amount: number }>();
    expect(amount).toBe(expectedSubtotal(c) + shipping);
    const { rows } = await t.database.pool.query('SELECT amount_paise, shipping_paise FROM orders WHERE id = $1', [orderId]);
    expect(rows[0]).toEqual({ amount_paise: amount, shipping_paise: shipping });
  });

  it('ships free once the subtotal reaches ₹1,999', async () => {
    const asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    const photo = await uploadPhoto(t, asha.token);
    let quantity = 1;
    while (expectedSubtotal(c, quantity) < DEFAULT_SHIPPING_SETTINGS.freeFromPaise) quantity += 1;
    expect(expectedShipping(c, quantity)).toBe(
      longestOuterSide([{ widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn, mouldingIn: c.mouldingIn }]) > 30 ? 20_000 : 0,
    );
    const res = await createOrder(client, asha.token, orderBody(c, photo, { quantity }));
    expect(res.statusCode, res.body).toBe(201);
    const order = (await client.get(`/api/orders/${res.json().orderId}`, { token: asha.token })).json().order;
    expect(order).toMatchObject({
      totalPaise: expectedSubtotal(c, quantity) + expectedShipping(c, quantity),
      shippingPaise: expectedShipping(c, quantity),
    });
  });

  it('charges the elsewhere rate to a saved pincode the directory does not know', async () => {
    const ravi = await signUpAndIn(client, { firstName: 'Ravi' });
    await t.database.pool.query(
      `INSERT INTO addresses (user_id, full_name, phone, email, address_line1, city, state, postal_code, in_directory)
       VALUES ($1, 'Ravi Rao', '+919876543211', 'ravi@example.in', '3, Lake Road', 'Bangalore', 'Karnataka', '560999', false)`,
      [ravi.user._id],
    );
    const photo = await uploadPhoto(t, ravi.token);
    const maxOuterInches = longestOuterSide([{ widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn, mouldingIn: c.mouldingIn }]);
    const amount = expectedSubtotal(c) + quoteShipping({ zone: 'elsewhere', subtotalPaise: expectedSubtotal(c), maxOuterInches });
    const res = await createOrder(client, ravi.token, orderBody(c, photo, { amount }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a pincode the directory lacks, from the address to the payment', () => {
  const address = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Meera Das',
    phone: '+91 98765 43212',
    email: 'meera@example.in',
    addressLine1: '4, Hill Road',
    city: 'Kumarghat',
    state: 'Tripura',
    postalCode: '999999',
    ...overrides,
  });

  it('is saved with a typed city and state, quoted, carted and ordered at the one rest-of-India figure', async () => {
    const meera = await signUpAndIn(client, { firstName: 'Meera' });
    const saved = await client.post('/api/add-address', { userId: meera.user._id, address: address() }, { token: meera.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const photo = await uploadPhoto(t, meera.token);
    const subtotal = expectedSubtotal(c);
    const maxOuterInches = longestOuterSide([{ widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn, mouldingIn: c.mouldingIn }]);
    const elsewhere = quoteShipping({ zone: 'elsewhere', subtotalPaise: subtotal, maxOuterInches });

    // The web quotes before payment and sends the frames plus that quote: create-order agrees at once.
    const q = (await quote(`pincode=999999&subtotalPaise=${subtotal}&maxOuterInches=${maxOuterInches}`)).json<Quote>();
    expect(q).toMatchObject({ zone: 'elsewhere', shippingPaise: elsewhere, inDirectory: false });
    const res = await createOrder(client, meera.token, orderBody(c, photo, { amount: subtotal + q.shippingPaise }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; orderId: string }>();
    const read = async () => (await client.get(`/api/orders/${created.orderId}`, { token: meera.token })).json().order;
    const order = await read();
    expect(order).toMatchObject({
      shippingPaise: elsewhere,
      totalPaise: subtotal + elsewhere,
      address: { postalCode: '999999', city: 'Kumarghat' },
    });
    expect(order.arrivesBy).toBeNull(); // not paid yet

    // Paid, the order names its delivery window: the rest-of-India one, from the payment.
    const pay = (await client.post('/api/sandbox/pay', { razorpay_order_id: created.id, card: 'success' }, { token: meera.token })).json();
    expect((await client.post('/api/verify-payment', pay, { token: meera.token })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query<{ paid_at: Date }>('SELECT paid_at FROM orders WHERE id = $1', [created.orderId]);
    const paid = await read();
    expect(paid.status).toBe('paid');
    expect(paid.arrivesBy).toEqual(arrivesBy('elsewhere', rows[0]!.paid_at));
    // The owner's console says the directory lacks the pincode: the shop promised to confirm delivery to it.
    const owner = await signInAdmin(t, client);
    const admin = (await client.get(`/api/admin/orders/${created.orderId}`, { token: owner.token })).json().order;
    expect(admin.pincodeInDirectory).toBe(false);

    // The cart prices it alike and says the directory lacks the pincode.
    const added = await client.post(
      '/api/cart/lines',
      { uploadId: photo, sizeId: c.sizeId, selectedFrame: c.finishId, selectedMotifBorder: c.borderIn, quantity: 1 },
      { token: meera.token },
    );
    expect(added.statusCode, added.body).toBeLessThan(300);
    const cart = (await client.get('/api/cart', { token: meera.token })).json().cart;
    expect(cart).toMatchObject({
      pincode: '999999',
      pincodeInDirectory: false,
      shippingPaise: elsewhere,
      totalPaise: subtotal + elsewhere,
    });
    const cartOrder = await createOrder(client, meera.token, { cart: true, amount: cart.totalPaise, currency: 'INR' });
    expect(cartOrder.statusCode, cartOrder.body).toBe(201);
  });

  it('is refused without a city or a state, and a known pincode with another state is still refused', async () => {
    const arun = await signUpAndIn(client, { firstName: 'Arun' });
    const save = (body: Record<string, unknown>) =>
      client.post('/api/add-address', { userId: arun.user._id, address: body }, { token: arun.token });
    expect(expectError(await save(address({ city: '' })), 400, 'VALIDATION').message).toContain('address.city');
    expect(expectError(await save(address({ state: '' })), 400, 'VALIDATION').message).toContain('address.state');
    const { city: _city, ...withoutCity } = address();
    expectError(await save(withoutCity), 400, 'VALIDATION');
    // 799001 is Agartala's: the directory names its district (West Tripura), the customer her town; the state must agree.
    expect((await save(address({ postalCode: '799001', city: 'Agartala', state: 'Tripura' }))).statusCode).toBe(200);
    const wrong = expectError(await save(address({ postalCode: '799001', city: 'Agartala', state: 'Assam' })), 422, 'ADDRESS_MISMATCH');
    expect(wrong).toMatchObject({ field: 'state', message: 'This pincode is in Tripura, not Assam.' });
    const { rows } = await t.database.pool.query('SELECT postal_code, in_directory FROM addresses WHERE user_id = $1', [arun.user._id]);
    expect(rows).toEqual([{ postal_code: '799001', in_directory: true }]);
  });
});

describe('the shipping settings in the console', () => {
  it('lets the owner change the charges, which quotes and orders use at once; customers may not', async () => {
    const owner = await signInAdmin(t, client);
    const customer = await signUpAndIn(client);
    const put = (body: unknown, token: string) =>
      client.inject({
        method: 'PUT',
        url: '/api/admin/shipping-settings',
        payload: body as object,
        headers: { authorization: `Bearer ${token}` },
      });

    const initial = await client.get('/api/admin/shipping-settings', { token: owner.token });
    expect(initial.json()).toEqual({ settings: DEFAULT_SHIPPING_SETTINGS });
    const site = async () => (await client.get('/api/site')).json<{ freeShippingFromPaise: number }>();
    expect((await site()).freeShippingFromPaise).toBe(DEFAULT_SHIPPING_SETTINGS.freeFromPaise);
    expectError(await client.get('/api/admin/shipping-settings', { token: customer.token }), 403, 'FORBIDDEN');
    expectError(await put({ ...DEFAULT_SHIPPING_SETTINGS, metroPaise: 1 }, customer.token), 403, 'FORBIDDEN');
    expectError(await put({ ...DEFAULT_SHIPPING_SETTINGS, metroPaise: -1 }, owner.token), 400, 'VALIDATION');
    expectError(await put({ ...DEFAULT_SHIPPING_SETTINGS, metroPaise: 10.5 }, owner.token), 400, 'VALIDATION');
    expectError(await put({ metroPaise: 5_000 }, owner.token), 400, 'VALIDATION');

    const changed = { ...DEFAULT_SHIPPING_SETTINGS, metroPaise: 4_900, freeFromPaise: 99_900, oversizePaise: 25_000 };
    const saved = await put(changed, owner.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ settings: changed });
    expect((await client.get('/api/admin/shipping-settings', { token: owner.token })).json()).toEqual({ settings: changed });
    // The landing page's "free delivery over …" reads the owner's figure.
    expect((await site()).freeShippingFromPaise).toBe(99_900);
    expect((await quote('pincode=560001&subtotalPaise=1000')).json<Quote>().shippingPaise).toBe(4_900);
    expect((await quote('pincode=560001&subtotalPaise=99900&maxOuterInches=40')).json<Quote>().shippingPaise).toBe(25_000);

    const asha = await signUpAndIn(client);
    await saveAddress(t, asha.user._id);
    const photo = await uploadPhoto(t, asha.token);
    const subtotal = expectedSubtotal(c);
    const maxOuterInches = longestOuterSide([{ widthIn: c.widthIn, heightIn: c.heightIn, borderIn: c.borderIn, mouldingIn: c.mouldingIn }]);
    const amount = subtotal + quoteShipping({ zone: 'metro', subtotalPaise: subtotal, maxOuterInches }, changed);
    const res = await createOrder(client, asha.token, orderBody(c, photo, { amount }));
    expect(res.statusCode, res.body).toBe(201);

    expect((await put(DEFAULT_SHIPPING_SETTINGS, owner.token)).statusCode).toBe(200);
    expect((await quote('pincode=560001&subtotalPaise=1000')).json<Quote>().shippingPaise).toBe(9_900);
  });
});
