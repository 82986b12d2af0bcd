import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_CATALOGUE, isErrorCode } from '@framewala/domain';
import { webhookSignature } from '../src/services/payments/signatures';
import { Client, signUpAndIn } from './accounts-helpers';
import { signInAdmin } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

// What an outside probe found: a NUL character reaching PostgreSQL answered 500, errors answered by Fastify or Node
// before any route ran had their own shapes, and signed-in routes answered 500 instead of 503 with the database down.

let t: TestApp;
let client: Client;
let c: Catalogue;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let photo: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  c = await pickCatalogue(t);
  asha = await signUpAndIn(client);
  admin = await signInAdmin(t, client);
  await saveAddress(t, asha.user._id);
  photo = await uploadPhoto(t, asha.token);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The body is the catalogue's shape: a known code, a message, and the status the catalogue gives that code. */
function expectCatalogued(status: number, bodyText: string, code?: string) {
  let body: { message?: unknown; code?: unknown };
  try {
    body = JSON.parse(bodyText) as typeof body;
  } catch {
    throw new Error(`not JSON (${status}): ${bodyText.slice(0, 200)}`);
  }
  expect(typeof body.message, bodyText).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(isErrorCode(body.code), bodyText).toBe(true);
  if (isErrorCode(body.code)) expect(ERROR_CATALOGUE[body.code].status, bodyText).toBe(status);
  if (code) expect(body.code).toBe(code);
  expect(bodyText).not.toMatch(/"error"|"statusCode"|FST_/);
}

/** Sends raw bytes and collects the whole answer until the server closes the connection. */
function rawExchange(request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? NaN);
      if (Number.isNaN(status)) reject(new Error(`no HTTP answer: ${text.slice(0, 200)}`));
      else resolve({ status, headers: head, body });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(request);
  });
}

describe('a NUL character is refused with 400, never 500', () => {
  it('in an order number in the path', async () => {
    const res = await client.get('/api/orders/a%00b', { token: asha.token });
    expect(res.statusCode, res.body).toBe(400);
    expectCatalogued(400, res.body);
  });

  it('in the ids of a new order', async () => {
    for (const field of ['uploadId', 'selectedFrame', 'sizeId']) {
      const res = await createOrder(client, asha.token, orderBody(c, photo, { [field]: 'abc\u0000def' }));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expectCatalogued(400, res.body);
    }
  });

  it("in verify-payment's razorpay_order_id", async () => {
    const res = await client.post(
      '/api/verify-payment',
      { razorpay_order_id: 'order_\u0000x', razorpay_payment_id: 'pay_x', razorpay_signature: 'sig' },
      { token: asha.token },
    );
    expect(res.statusCode, res.body).toBe(400);
    expectCatalogued(400, res.body);
  });

  it("in a signed webhook's order_id (so the provider does not retry it for a day)", async () => {
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_NUL1', order_id: 'order_\u0000NUL', amount: 100, status: 'captured' } } },
    });
    const res = await client.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, testConfig().payments.webhookSecret) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expectCatalogued(400, res.body);
  });

  it("in the console's order search and order ids", async () => {
    const search = await client.get('/api/admin/orders?q=a%00b', { token: admin.token });
    expect(search.statusCode, search.body).toBe(400);
    expectCatalogued(400, search.body);
    const one = await client.get('/api/admin/orders/a%00b', { token: admin.token });
    expect(one.statusCode, one.body).toBe(400);
    expectCatalogued(400, one.body);
  });

  it('in an upload id and an address owner id', async () => {
    const upload = await client.get('/api/uploads/a%00b', { token: asha.token });
    expect(upload.statusCode, upload.body).toBe(400);
    const address = await client.get('/api/address/a%00b', { token: asha.token });
    expect(address.statusCode, address.body).toBe(400);
  });
});

describe('every error is {message, code} from the catalogue', () => {
  it('a URL whose escapes do not decode (%c0%ae)', async () => {
    for (const url of ['/api/orders/%c0%ae', '/media/%c0%ae%c0%ae/x.jpg', '/api/%c0%ae']) {
      const res = await client.get(url, { token: asha.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectCatalogued(res.statusCode, res.body);
    }
    const raw = await rawExchange('GET /api/orders/%c0%ae HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectCatalogued(raw.status, raw.body);
  });

  it('a /media folder and an 8 KB path parameter', async () => {
    const folder = await client.get('/media/frames/');
    expect(folder.statusCode).toBeGreaterThanOrEqual(400);
    expectCatalogued(folder.statusCode, folder.body);
    for (const url of [`/media/${'a'.repeat(8192)}`, `/api/orders/${'a'.repeat(8192)}`, `/api/uploads/${'a'.repeat(8192)}`]) {
      const res = await client.get(url, { token: asha.token });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url.slice(0, 20)}: ${res.body}`).toBeLessThan(500);
      expectCatalogued(res.statusCode, res.body);
    }
  });

  it('headers too large: 431 from Node itself', async () => {
    const res = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expectCatalogued(431, res.body, 'HEADERS_TOO_LARGE');
  });

  it("Node's parser refusing a malformed request: 400", async () => {
    const res = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(res.status).toBe(400);
    expectCatalogued(400, res.body, 'BAD_REQUEST');
    const garbage = await rawExchange('THIS IS NOT HTTP\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectCatalogued(400, garbage.body, 'BAD_REQUEST');
  });

  it("Fastify's own 400, 404, 413 and 415", async () => {
    const cases = [
      await client.inject({ method: 'POST', url: '/api/login', payload: '{"userName":', headers: { 'content-type': 'application/json' } }),
      await client.inject({ method: 'POST', url: '/api/login', payload: '', headers: { 'content-type': 'application/json' } }),
      await client.inject({
        method: 'POST',
        url: '/api/login',
        payload: 'x=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await client.inject({
        method: 'POST',
        url: '/api/login',
        payload: `{"a":"${'x'.repeat(1_100_000)}"}`,
        headers: { 'content-type': 'application/json' },
      }),
      await client.inject({ method: 'GET', url: '/api/no-such-route' }),
      await client.inject({ method: 'DELETE', url: '/api/login' }),
      await client.inject({ method: 'GET', url: '/media/no/such/file.jpg' }),
    ];
    const statuses = cases.map((r) => r.statusCode);
    expect(statuses).toEqual([400, 400, 415, 413, 404, 404, 404]);
    for (const res of cases) expectCatalogued(res.statusCode, res.body);
  });
});

describe('with the database down', () => {
  it('signed-in routes answer 503 like public ones, not 500', async () => {
    // "Stopping" this database for the app: its connections are ended and new ones go to a closed port.
    const pool = t.database.pool as pg.Pool & { options: { connectionString?: string } };
    const original = pool.options.connectionString;
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    pool.options.connectionString = `postgres://nobody:nothing@127.0.0.1:${closed}/${t.testDb.name}`;
    const adminClient = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await adminClient.connect();
    try {
      await adminClient.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [t.testDb.name]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answers = [
        await client.get('/api/user', { token: asha.token }),
        await client.get('/api/orders', { token: asha.token }),
        await client.get(`/api/uploads/${photo}`, { token: asha.token }),
        await client.get('/api/admin/orders', { token: admin.token }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(503);
        expectCatalogued(503, res.body, 'SERVICE_UNAVAILABLE');
      }
    } finally {
      pool.options.connectionString = original;
      await adminClient.end();
    }
    expect((await client.get('/api/user', { token: asha.token })).statusCode).toBe(200);
  });
});
