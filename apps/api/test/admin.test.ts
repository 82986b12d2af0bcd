import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, transitionRefusal, type OrderStatus } from '@framewala/domain';
import type { AppContext } from '../src/context';
import { orders } from '../src/db/schema';
import { nextStatusesFor, printFileInfo } from '../src/services/admin/orders';
import { Jobs } from '../src/services/jobs';
import { openMessage } from '../src/services/mail';
import { LocalStorage } from '../src/services/storage';
import { queueStatusEmail, statusEmailJobId } from '../src/services/orders/notifications';
import { refusalMessage } from '../src/services/orders/transitions';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { outboxMessages, paidOrder, routeTable, signInAdmin, unpaidOrder, waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';

const PUBLIC_URL = 'https://shop.example.in';

let t: TestApp;
let client: Client;
let dataDir: string;
let c: Catalogue;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ashaPhoto: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-admin-');
  t = await createTestApp({ config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL }) });
  client = new Client(t.app);
  c = await pickCatalogue(t);
  admin = await signInAdmin(t, client);
  asha = await signUpAndIn(client);
  await saveAddress(t, asha.user._id);
  ashaPhoto = await uploadPhoto(t, asha.token);
});

afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, token = admin.token) => client.get(url, { token });
/** The subjects of every e-mail job stored so far (sealed with the JWT secret, opened here). */
async function queuedSubjects(): Promise<string[]> {
  const { rows } = await t.database.pool.query(`SELECT data FROM pgboss.job WHERE name = 'send-email' ORDER BY created_on`);
  const secret = testConfig().auth.jwtSecret;
  return rows.map((r) => openMessage(secret, r.data).subject);
}

const move = (orderId: string, body: object, token = admin.token) => client.post(`/api/admin/orders/${orderId}/status`, body, { token });

describe('who may use /api/admin', () => {
  it('answers 401 without a session or with a bad token, and 403 FORBIDDEN to a customer, on every admin route', async () => {
    const routes = routeTable(t.app).filter((r) => r.url.startsWith('/api/admin'));
    // The table really is the router's: it has the console's routes, and every admin path of the OpenAPI document.
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'GET /api/admin/orders',
      'GET /api/admin/orders/:id',
      'POST /api/admin/orders/:id/status',
      'GET /api/admin/catalogue',
      'PATCH /api/admin/frame-sets/:id',
      'POST /api/admin/frame-sets/:id/finishes',
      'PATCH /api/admin/finishes/:id',
      'PATCH /api/admin/borders/:id',
    ]) {
      expect(keys).toContain(known);
    }
    const openapi = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [p, methods] of Object.entries(openapi.paths)) {
      if (!p.startsWith('/api/admin')) continue;
      for (const m of Object.keys(methods)) expect(keys).toContain(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
    }

    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, 'FW-2611-ZZZZZZ');
      const method = route.method as 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const payload = method === 'GET' || method === 'HEAD' ? undefined : {};
      const what = `${route.method} ${route.url}`;
      const anonymous = await client.inject({ method, url, payload });
      expect(anonymous.statusCode, what).toBe(401);
      const forged = await client.inject({ method, url, headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.statusCode, what).toBe(401);
      const customer = await client.inject({
        method,
        url,
        headers: { authorization: `Bearer ${asha.token}` },
        payload,
      });
      expect(customer.statusCode, what).toBe(403);
      if (method !== 'HEAD') {
        expect(anonymous.json().code, what).toBe('UNAUTHORIZED');
        expect(customer.json().code, what).toBe('FORBIDDEN');
      }
    }
  });

  it('lets the admin in', async () => {
    const res = await get('/api/admin/orders');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('orders list', () => {
  let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
  const raviOrders: string[] = [];

  beforeAll(async () => {
    ravi = await signUpAndIn(client, { firstName: 'Ravi', lastName: 'Kumar', mobile: '91234 56789' });
    await saveAddress(t, ravi.user._id);
    const photo = await uploadPhoto(t, ravi.token);
    for (let i = 0; i < 5; i++) raviOrders.push((await paidOrder(client, ravi.token, c, photo)).orderId);
    raviOrders.reverse(); // newest first
  });

  it('searches by e-mail (any case, partial), pages newest first and counts the total', async () => {
    const q = encodeURIComponent(ravi.body.email.toUpperCase().slice(0, -4));
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await get(`/api/admin/orders?q=${q}&page=${page}&pageSize=2`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json<{ orders: { id: string }[]; total: number; page: number; pageSize: number }>());
    }
    expect(pages.map((p) => p.orders.length)).toEqual([2, 2, 1, 0]);
    expect(pages.every((p) => p.total === 5 && p.pageSize === 2)).toBe(true);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.flatMap((p) => p.orders.map((o) => o.id))).toEqual(raviOrders);
  });

  it('searches by order number and by phone digits, and finds nothing for a stranger', async () => {
    const byNumber = (await get(`/api/admin/orders?q=${raviOrders[2]!.slice(-6).toLowerCase()}`)).json<{ orders: { id: string }[] }>();
    expect(byNumber.orders.map((o) => o.id)).toEqual([raviOrders[2]]);
    const byPhone = (await get(`/api/admin/orders?q=${encodeURIComponent('091234 56789')}`)).json<{
      orders: { id: string }[];
      total: number;
    }>();
    expect(byPhone.total).toBe(5);
    expect(byPhone.orders.map((o) => o.id)).toEqual(raviOrders);
    const none = (await get('/api/admin/orders?q=nobody-at-all%25')).json<{ orders: unknown[]; total: number }>();
    expect(none).toMatchObject({ orders: [], total: 0 });
  });

  it('shows each row with its customer, line, thumbnail, age and time in status', async () => {
    const res = (await get(`/api/admin/orders?q=${raviOrders[0]}`)).json<{ orders: Record<string, unknown>[] }>();
    const row = res.orders[0]!;
    expect(row).toMatchObject({
      id: raviOrders[0],
      status: 'paid',
      quantity: 1,
      customer: { name: 'Ravi Kumar', email: ravi.body.email, phone: '+919123456789' },
      amountPaise: expect.any(Number),
      sizeName: expect.any(String),
      finishName: expect.stringContaining('('),
    });
    expect(String(row.thumbnailUrl)).toMatch(/^\/media\/uploads\//);
    expect(Date.parse(String(row.createdAt))).toBeLessThanOrEqual(Date.parse(String(row.statusChangedAt)));
  });

  it('filters by status', async () => {
    await move(raviOrders[4]!, { status: 'in_production' });
    const res = (await get(`/api/admin/orders?status=in_production&q=${encodeURIComponent(ravi.body.email)}`)).json<{
      orders: { id: string; status: string }[];
      total: number;
    }>();
    expect(res.total).toBe(1);
    expect(res.orders).toEqual([expect.objectContaining({ id: raviOrders[4], status: 'in_production' })]);
    const paid = (await get(`/api/admin/orders?status=paid&q=${encodeURIComponent(ravi.body.email)}`)).json<{ total: number }>();
    expect(paid.total).toBe(4);
  });

  it('refuses bad query values with 400', async () => {
    expectError(await get('/api/admin/orders?status=lost'), 400, 'VALIDATION');
    expectError(await get('/api/admin/orders?pageSize=101'), 400, 'VALIDATION');
    expectError(await get('/api/admin/orders?page=0'), 400, 'VALIDATION');
    expectError(await get('/api/admin/orders?sort=id'), 400, 'VALIDATION');
  });
});

describe('order page', () => {
  it('has the customer, address, line, photo, payment, history, next statuses and the mock-up link', async () => {
    const paid = await paidOrder(client, asha.token, c, ashaPhoto);
    const res = await get(`/api/admin/orders/${paid.orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order).toMatchObject({
      id: paid.orderId,
      status: 'paid',
      amountPaise: paid.amount,
      currency: 'INR',
      customer: { userId: asha.user._id, email: asha.body.email, name: 'Asha Rao' },
      address: { fullName: 'Asha Rao', city: 'Bangalore', postalCode: '560001' },
      line: { finishId: c.finishId, frameRatePaisePerSqIn: c.rate, borderPricePaise: c.borderPrice },
      photo: { uploadId: ashaPhoto, width: 900, height: 720, crop: null },
      payment: {
        providerOrderId: paid.id,
        paymentId: paid.paymentId,
        payments: [{ providerPaymentId: paid.paymentId, amountPaise: paid.amount }],
      },
      failure: null,
      carrier: null,
      trackingNumber: null,
      nextStatuses: ['in_production', 'cancelled'],
      mockupUrl: `/api/admin/orders/${paid.orderId}/mockup`,
    });
    expect(order.history.map((h: { from: string | null; to: string }) => `${h.from}>${h.to}`)).toEqual(['null>created', 'created>paid']);
    expect(order.printFile === null || ['queued', 'rendering', 'ready', 'failed'].includes(order.printFile.status)).toBe(true);
  });

  it('answers 404 for an unknown order', async () => {
    expectError(await get('/api/admin/orders/FW-2611-ZZZZZZ'), 404, 'NOT_FOUND');
  });

  it('describes a print file, with the download link only when it is ready', () => {
    const row = {
      orderId: 'FW-2611-ABCDEF',
      status: 'ready',
      format: 'tiff',
      storageKey: 'print/FW-2611-ABCDEF.tif',
      bytes: 1234,
      widthPx: 3600,
      heightPx: 2400,
      ppi: 300,
      borderPx: 0,
      lineIndex: 0,
      sourceUploadId: 'u1',
      sourceKey: 'uploads/u1/original',
      sourceWidth: 6000,
      sourceHeight: 4000,
      regionLeft: 10,
      regionTop: 20,
      regionWidth: 3600,
      regionHeight: 2400,
      sourceProfile: 'Adobe RGB (1998)',
      error: null,
      attempts: 1,
      startedAt: new Date('2026-11-22T10:00:00Z'),
      finishedAt: new Date('2026-11-22T10:00:05Z'),
      createdAt: new Date('2026-11-22T10:00:00Z'),
      updatedAt: new Date('2026-11-22T10:00:05Z'),
    };
    expect(printFileInfo(row)).toEqual({
      status: 'ready',
      format: 'tiff',
      widthPx: 3600,
      heightPx: 2400,
      ppi: 300,
      borderPx: 0,
      bytes: 1234,
      downloadUrl: '/api/admin/orders/FW-2611-ABCDEF/print-file',
      source: {
        uploadId: 'u1',
        width: 6000,
        height: 4000,
        region: { left: 10, top: 20, width: 3600, height: 2400 },
        profile: 'Adobe RGB (1998)',
      },
      error: null,
      finishedAt: '2026-11-22T10:00:05.000Z',
    });
    expect(printFileInfo({ ...row, status: 'rendering', finishedAt: null }).downloadUrl).toBeNull();
  });
});

/** The moves an admin may make, written out: the test fails if the state machine changes under the console. */
const ADMIN_MOVES = [
  'created>cancelled',
  'paid>in_production',
  'paid>cancelled',
  'in_production>shipped',
  'shipped>delivered',
  'cancelled>refunded',
];

describe('status moves', () => {
  const SHIP = { status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV123456789IN' };

  /** Tries every status the admin may not move to from here; each is 409 with the domain's reason, and nothing changes. */
  async function expectRefusals(orderId: string, from: OrderStatus, paidAt: Date | null, allowed: OrderStatus[]) {
    for (const to of ORDER_STATUSES) {
      if (allowed.includes(to)) continue;
      const reason = transitionRefusal(from, to, { actor: 'admin', now: new Date(), paidAt });
      expect(reason, `${from}>${to}`).not.toBeNull();
      const res = await move(orderId, to === 'shipped' ? { ...SHIP } : { status: to });
      const body = expectError(res, 409, 'ORDER_TRANSITION_REFUSED');
      expect(body).toEqual({
        message: refusalMessage(reason!, { from, to, actor: 'admin' }),
        code: 'ORDER_TRANSITION_REFUSED',
        from,
        to,
        reason,
      });
    }
    const { order } = (await get(`/api/admin/orders/${orderId}`)).json();
    expect(order.status).toBe(from);
    expect(order.nextStatuses).toEqual(allowed);
  }

  it('the domain allows the admin exactly these moves', () => {
    const now = new Date();
    const moves = ORDER_STATUSES.flatMap((from) =>
      nextStatusesFor({ status: from, paidAt: from === 'created' ? null : now }, now).map((to) => `${from}>${to}`),
    );
    expect(moves.sort()).toEqual([...ADMIN_MOVES].sort());
  });

  it('walks a paid order to delivered, refusing every other move on the way with its reason', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    const paidAt = new Date((await t.database.pool.query('SELECT paid_at FROM orders WHERE id = $1', [o.orderId])).rows[0].paid_at);
    await expectRefusals(o.orderId, 'paid', paidAt, ['in_production', 'cancelled']);

    const before = Date.now();
    const toProduction = await move(o.orderId, { status: 'in_production', note: 'Printing on the Epson' });
    expect(toProduction.statusCode, toProduction.body).toBe(200);
    expect(toProduction.json().order).toMatchObject({ status: 'in_production', nextStatuses: ['shipped'] });
    expect(Date.parse(toProduction.json().order.statusChangedAt)).toBeGreaterThanOrEqual(before - 1000);
    await expectRefusals(o.orderId, 'in_production', paidAt, ['shipped']);

    // Shipping needs both a carrier and a tracking number.
    expectError(await move(o.orderId, { status: 'shipped' }), 422, 'RULE_BROKEN');
    expect(expectError(await move(o.orderId, { status: 'shipped', carrier: 'Delhivery' }), 422).field).toBe('trackingNumber');
    expect(expectError(await move(o.orderId, { status: 'shipped', carrier: '  ', trackingNumber: 'X1' }), 422).field).toBe('carrier');
    expectError(await move(o.orderId, { status: 'shipped', carrier: 'Delhivery', trackingNumber: 'bad\nnumber' }), 400, 'VALIDATION');
    const shipped = await move(o.orderId, SHIP);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DLV123456789IN',
      nextStatuses: ['delivered'],
    });
    await expectRefusals(o.orderId, 'shipped', paidAt, ['delivered']);

    // A tracking number with another status is refused rather than silently dropped.
    expectError(await move(o.orderId, { status: 'delivered', trackingNumber: 'NEW1' }), 422, 'RULE_BROKEN');
    const delivered = await move(o.orderId, { status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await expectRefusals(o.orderId, 'delivered', paidAt, []);

    const { order } = delivered.json();
    expect(order).toMatchObject({ carrier: 'Delhivery', trackingNumber: 'DLV123456789IN' });
    expect(order.history.map((h: { to: string; actor: string }) => `${h.to}:${h.actor}`)).toEqual([
      'created:customer',
      expect.stringMatching(/^paid:/),
      'in_production:admin',
      'shipped:admin',
      'delivered:admin',
    ]);
    expect(order.history[2].note).toBe('Printing on the Epson');

    // The customer sees the status and the tracking number.
    const mine = (await client.get(`/api/orders/${o.orderId}`, { token: asha.token })).json().order;
    expect(mine).toMatchObject({ status: 'delivered', carrier: 'Delhivery', trackingNumber: 'DLV123456789IN' });
  });

  it('cancels a paid order within 24 hours and refunds it; refuses both later or unpaid, with the reason', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    const cancelled = await move(o.orderId, { status: 'cancelled', note: 'Customer called' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paidAt = new Date(cancelled.json().order.paidAt);
    await expectRefusals(o.orderId, 'cancelled', paidAt, ['refunded']);
    expect((await move(o.orderId, { status: 'refunded' })).statusCode).toBe(200);
    await expectRefusals(o.orderId, 'refunded', paidAt, []);

    const late = await paidOrder(client, asha.token, c, ashaPhoto);
    await t.database.pool.query(`UPDATE orders SET paid_at = now() - interval '25 hours' WHERE id = $1`, [late.orderId]);
    const refused = expectError(await move(late.orderId, { status: 'cancelled' }), 409, 'ORDER_TRANSITION_REFUSED');
    expect(refused.message).toBe('A paid order can only be cancelled within 24 hours of payment.');
    expect(refused.reason).toBe('CANCELLATION_WINDOW_CLOSED');
    expect((await get(`/api/admin/orders/${late.orderId}`)).json().order.nextStatuses).toEqual(['in_production']);

    const unpaid = await unpaidOrder(client, asha.token, c, ashaPhoto);
    await expectRefusals(unpaid.orderId, 'created', null, ['cancelled']);
    expect((await move(unpaid.orderId, { status: 'cancelled' })).statusCode).toBe(200);
    const noRefund = expectError(await move(unpaid.orderId, { status: 'refunded' }), 409, 'ORDER_TRANSITION_REFUSED');
    expect(noRefund.message).toBe('Only a paid order can be refunded.');
    expect(noRefund.reason).toBe('NEVER_PAID');
    await expectRefusals(unpaid.orderId, 'cancelled', null, []);
  });

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    expectError(await move('FW-2611-ZZZZZZ', { status: 'cancelled' }), 404, 'NOT_FOUND');
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    expectError(await move(o.orderId, { status: 'lost' }), 400, 'VALIDATION');
    expectError(await move(o.orderId, { status: 'in_production', extra: 1 }), 400, 'VALIDATION');
  });

  it('lets only one of two simultaneous moves win (the row is locked)', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    const [a, b] = await Promise.all([move(o.orderId, { status: 'in_production' }), move(o.orderId, { status: 'cancelled' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const history = (await get(`/api/admin/orders/${o.orderId}`)).json().order.history;
    expect(history).toHaveLength(3);
  });
});

describe('shipped and delivered e-mails', () => {
  it('e-mails the customer once per move, with the order number, carrier, tracking number and a link', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    await move(o.orderId, { status: 'in_production' });
    expect((await move(o.orderId, { status: 'shipped', carrier: 'India Post', trackingNumber: 'EK123456789IN' })).statusCode).toBe(200);
    // A second request for the same move is refused and sends nothing.
    expectError(await move(o.orderId, { status: 'shipped', carrier: 'India Post', trackingNumber: 'EK123456789IN' }), 409);
    expect((await move(o.orderId, { status: 'delivered' })).statusCode).toBe(200);

    const mine = async () => (await outboxMessages(dataDir)).filter((m) => m.includes(o.orderId) && /has shipped|was delivered/.test(m));
    const messages = await waitFor('the two status e-mails', async () => {
      const found = await mine();
      return found.length >= 2 ? found : undefined;
    });
    await new Promise((r) => setTimeout(r, 2500)); // a duplicate would arrive within the worker's poll
    expect(await mine()).toHaveLength(2);

    const shipped = messages.find((m) => m.includes('has shipped'))!;
    const delivered = messages.find((m) => m.includes('was delivered'))!;
    const link = `${PUBLIC_URL}/orders/${o.orderId}`;
    for (const m of [shipped, delivered]) {
      expect(m).toMatch(new RegExp(`^To: ${asha.body.email.replace(/\./g, '\\.')}`, 'mi'));
      expect(m).toContain(link);
      expect(m).toMatch(/Content-Type: text\/plain/i);
      expect(m).toMatch(/Content-Type: text\/html/i);
      expect(m).toContain('name="viewport"');
    }
    expect(shipped).toMatch(/^Subject: .*order FW-\d{4}-\w{6} has shipped/m);
    expect(shipped).toContain('Carrier: India Post');
    expect(shipped).toContain('Tracking number: EK123456789IN');
    expect(delivered).toMatch(/^Subject: .*was delivered/m);
    expect(delivered).not.toContain('Tracking number');
  });

  it('sends nothing for other moves', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    expect((await move(o.orderId, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await move(o.orderId, { status: 'refunded' })).statusCode).toBe(200);
    const other = await paidOrder(client, asha.token, c, ashaPhoto);
    await move(other.orderId, { status: 'in_production' });
    await move(other.orderId, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'D1' });
    // Read every queued e-mail (jobs are sealed with the JWT secret): only the confirmation names the cancelled order.
    const subjects = await queuedSubjects();
    expect(subjects.filter((s) => s.includes(o.orderId))).toEqual([expect.stringMatching(/confirmed/)]);
    expect(subjects.filter((s) => s.includes(other.orderId))).toEqual([
      expect.stringMatching(/confirmed/),
      expect.stringMatching(/has shipped/),
    ]);
  });

  it('stores one job per move however often it is queued, and none when the move rolls back', async () => {
    const o = await paidOrder(client, asha.token, c, ashaPhoto);
    await move(o.orderId, { status: 'in_production' });
    await move(o.orderId, { status: 'shipped', carrier: 'Blue Dart', trackingNumber: 'BD1' });
    const { rows } = await t.database.pool.query(`SELECT id FROM order_status_history WHERE order_id = $1 AND to_status = 'shipped'`, [
      o.orderId,
    ]);
    const historyId = Number(rows[0].id);
    const jobId = statusEmailJobId(historyId);
    const count = async () =>
      (await t.database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE id = $1`, [jobId])).rows[0].n as number;
    await waitFor('the shipped job', async () => ((await count()) === 1 ? true : undefined));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.orderId));
    // A context of our own for the service (a pg-boss that only sends).
    const jobs = await Jobs.start(t.database, { info() {}, error() {} }, { workers: false });
    const appCtx: AppContext = {
      config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL }),
      database: t.database,
      storage: new LocalStorage(dataDir),
      jobs,
    };
    // Queue the same move again on a transaction of our own, then once more in a transaction that rolls back.
    const pgClient = await t.database.pool.connect();
    try {
      await pgClient.query('BEGIN');
      await queueStatusEmail(
        appCtx,
        { executeSql: (text, values) => pgClient.query(text, values) },
        { order: row!, historyId, to: 'x@example.in', firstName: 'X' },
      );
      await pgClient.query('COMMIT');
      expect(await count()).toBe(1);
      await pgClient.query('BEGIN');
      await queueStatusEmail(
        appCtx,
        { executeSql: (text, values) => pgClient.query(text, values) },
        { order: row!, historyId: historyId + 1_000_000, to: 'x@example.in', firstName: 'X' },
      );
      await pgClient.query('ROLLBACK');
      expect(
        (await t.database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE id = $1`, [statusEmailJobId(historyId + 1_000_000)]))
          .rows[0].n,
      ).toBe(0);
    } finally {
      pgClient.release();
      await jobs.stop();
    }
  });
});
