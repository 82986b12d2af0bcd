import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSignature } from '../src/services/payments/signatures';
import { Client, signUpAndIn } from './accounts-helpers';
import { waitFor } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto, type Catalogue } from './orders-helpers';
import { multipart, newClaim, plainJpeg, uploadRequest } from './upload-fixtures';

/**
 * Insecure direct object references: every route that takes an id is called with someone else's id, as another
 * customer and as nobody. The answer must be 401, 403 or 404 (400 UPLOAD_CLAIM_REQUIRED where an anonymous claim
 * could have been the key), and no table may change. The routes come from Fastify's own route table, so a new route
 * with an id fails this test until it is added to ATTACKS below.
 */

type Who = 'other' | 'nobody';
type Account = Awaited<ReturnType<typeof signUpAndIn>>;

interface Fixture {
  asha: Account;
  ravi: Account;
  admin: Account;
  photo: string;
  crop: string;
  anonymousPhoto: string;
  anonymousClaim: string;
  /** An unfinished resumable upload of Asha's. */
  tusUpload: string;
  order: { id: string; orderId: string };
  /** A paid order of Asha's, with its tax invoice. */
  paidOrder: { id: string; orderId: string };
  /** A coupon of the owner's. */
  couponId: string;
  /** A line in Asha's cart. */
  cartLine: string;
  frameSetId: string;
  finishId: string;
  borderId: string;
  catalogue: Catalogue;
}

interface Attack {
  /** What the attacker sends; `who` decides the credentials added to it. */
  request(f: Fixture, who: Who): InjectOptions;
  /** The same request by the rightful user must get this status: it proves the id is real. */
  rightful?: { as: (f: Fixture) => { token?: string; claim?: string }; status: number };
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({ method, url, payload });

/** Credentials of the attacker: another customer (with a claim of their own), or nobody at all. */
function as(f: Fixture, who: Who, options: InjectOptions): InjectOptions {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
  if (who === 'other') {
    headers.authorization = `Bearer ${f.ravi.token}`;
    headers['x-upload-claim'] = newClaim();
  }
  return { ...options, headers };
}

const finishForm = () =>
  multipart([
    { name: 'name', data: 'Stolen finish' },
    { name: 'description', data: 'x' },
    { name: 'generate', data: 'wood' },
    { name: 'color', data: '#112233' },
  ]);

const COUPON = {
  code: 'IDOR10',
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
};

/** Every route with an id, keyed `METHOD path` exactly as Fastify lists it. A route may carry several attacks. */
const ATTACKS: Record<string, Attack[]> = {
  'GET /api/uploads/:id': [
    { request: (f) => json('GET', `/api/uploads/${f.photo}`), rightful: { as: (f) => ({ token: f.asha.token }), status: 200 } },
    { request: (f) => json('GET', `/api/uploads/${f.crop}`), rightful: { as: (f) => ({ token: f.asha.token }), status: 200 } },
    {
      request: (f) => json('GET', `/api/uploads/${f.anonymousPhoto}`),
      rightful: { as: (f) => ({ claim: f.anonymousClaim }), status: 200 },
    },
  ],
  'POST /api/uploads/:id/crop': [
    {
      request: (f) => json('POST', `/api/uploads/${f.photo}/crop`, { x: 0, y: 0, width: 300, height: 200 }),
    },
    {
      request: (f) => json('POST', `/api/uploads/${f.anonymousPhoto}/crop`, { x: 0, y: 0, width: 300, height: 200 }),
    },
  ],
  'PATCH /api/uploads/tus/:id': [
    {
      request: (f) => ({
        method: 'PATCH',
        url: `/api/uploads/tus/${f.tusUpload}`,
        headers: { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': '7' },
        payload: Buffer.from([0xff, 0xd8, 0xff]),
      }),
      // The wrong offset proves the upload exists without adding a byte to it.
      rightful: { as: (f) => ({ token: f.asha.token }), status: 409 },
    },
  ],
  'DELETE /api/uploads/tus/:id': [
    { request: (f) => ({ method: 'DELETE', url: `/api/uploads/tus/${f.tusUpload}`, headers: { 'tus-resumable': '1.0.0' } }) },
  ],
  'GET /api/address/:userId': [
    { request: (f) => json('GET', `/api/address/${f.asha.user._id}`), rightful: { as: (f) => ({ token: f.asha.token }), status: 200 } },
  ],
  'GET /api/orders/:id': [
    { request: (f) => json('GET', `/api/orders/${f.order.orderId}`), rightful: { as: (f) => ({ token: f.asha.token }), status: 200 } },
  ],
  'POST /api/orders/:id/cancel': [
    // Asha's paid order, still within its 24 hours: the one another customer could cancel if the owner were not checked.
    { request: (f) => json('POST', `/api/orders/${f.paidOrder.orderId}/cancel`) },
    // Her unpaid one proves the id is real without cancelling anything (nothing to cancel: 409).
    {
      request: (f) => json('POST', `/api/orders/${f.order.orderId}/cancel`),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 409 },
    },
  ],
  // Pay on approval: her pay-now order has no proof to approve or change (409 to her), and no proof image (404).
  'POST /api/orders/:id/proof/approve': [
    {
      request: (f) => json('POST', `/api/orders/${f.order.orderId}/proof/approve`),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 409 },
    },
  ],
  'POST /api/orders/:id/proof/changes': [
    {
      request: (f) => json('POST', `/api/orders/${f.order.orderId}/proof/changes`, { message: 'Closer crop, please.' }),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 409 },
    },
  ],
  'GET /api/orders/:id/proof/mockup': [{ request: (f) => json('GET', `/api/orders/${f.order.orderId}/proof/mockup`) }],
  // The owner's console: a customer (even the order's own) is 403, nobody is 401.
  'POST /api/admin/orders/:id/proof': [
    {
      request: (f) => json('POST', `/api/admin/orders/${f.order.orderId}/proof`, { note: 'Here it is.' }),
      rightful: { as: (f) => ({ token: f.admin.token }), status: 409 },
    },
  ],
  'POST /api/admin/orders/:id/release': [
    {
      request: (f) => json('POST', `/api/admin/orders/${f.order.orderId}/release`, {}),
      rightful: { as: (f) => ({ token: f.admin.token }), status: 409 },
    },
  ],
  'GET /api/admin/orders/:id': [
    {
      request: (f) => json('GET', `/api/admin/orders/${f.order.orderId}`),
      rightful: { as: (f) => ({ token: f.admin.token }), status: 200 },
    },
  ],
  'POST /api/admin/orders/:id/status': [
    { request: (f) => json('POST', `/api/admin/orders/${f.order.orderId}/status`, { status: 'cancelled' }) },
  ],
  'GET /api/admin/orders/:id/mockup': [{ request: (f) => json('GET', `/api/admin/orders/${f.order.orderId}/mockup`) }],
  'GET /api/admin/orders/:id/print-file': [{ request: (f) => json('GET', `/api/admin/orders/${f.order.orderId}/print-file`) }],
  'POST /api/admin/orders/:id/print-file': [{ request: (f) => json('POST', `/api/admin/orders/${f.order.orderId}/print-file`) }],
  'PATCH /api/admin/frame-sets/:id': [{ request: (f) => json('PATCH', `/api/admin/frame-sets/${f.frameSetId}`, { ratePaisePerSqIn: 1 }) }],
  'POST /api/admin/frame-sets/:id/finishes': [
    {
      request: (f) => {
        const form = finishForm();
        return { method: 'POST', url: `/api/admin/frame-sets/${f.frameSetId}/finishes`, payload: form.payload, headers: form.headers };
      },
    },
  ],
  'PATCH /api/admin/finishes/:id': [{ request: (f) => json('PATCH', `/api/admin/finishes/${f.finishId}`, { active: false }) }],
  'POST /api/uploads/:id/enhance': [
    { request: (f) => json('POST', `/api/uploads/${f.photo}/enhance`, { auto: { strength: 70 } }) },
    { request: (f) => json('POST', `/api/uploads/${f.anonymousPhoto}/enhance`, { auto: { strength: 70 } }) },
  ],
  'GET /api/uploads/:id/framed.glb': [
    {
      request: (f) => json('GET', `/api/uploads/${f.photo}/framed.glb?width=12&height=8&frameId=${encodeURIComponent(f.finishId)}`),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 200 },
    },
  ],
  'POST /api/uploads/:id/ar-link': [
    {
      request: (f) => json('POST', `/api/uploads/${f.photo}/ar-link`, { width: 12, height: 8, frameId: f.finishId }),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 200 },
    },
  ],
  'GET /api/orders/:id/invoice.pdf': [
    {
      request: (f) => json('GET', `/api/orders/${f.paidOrder.orderId}/invoice.pdf`),
      rightful: { as: (f) => ({ token: f.asha.token }), status: 200 },
    },
  ],
  // The owner's coupons: a customer is 403, nobody is 401.
  'PUT /api/admin/coupons/:id': [
    {
      request: (f) => json('PUT', `/api/admin/coupons/${f.couponId}`, COUPON),
      rightful: { as: (f) => ({ token: f.admin.token }), status: 200 },
    },
  ],
  'PATCH /api/cart/lines/:id': [{ request: (f) => json('PATCH', `/api/cart/lines/${f.cartLine}`, { quantity: 3 }) }],
  'DELETE /api/cart/lines/:id': [{ request: (f) => json('DELETE', `/api/cart/lines/${f.cartLine}`) }],
  'PATCH /api/admin/borders/:id': [{ request: (f) => json('PATCH', `/api/admin/borders/${f.borderId}`, { pricePaise: 1 }) }],
};

/** Routes with an id in the path that name no one's data: public reference lookups. */
const PUBLIC_ID_ROUTES: Record<string, string> = {
  'GET /api/pincode/:code': 'the public pincode directory',
  'OPTIONS /api/uploads/tus/:id': 'the resumable-upload protocol’s preflight, which names its methods and headers only',
};

/**
 * Routes that take someone's id in the body rather than the path, with bodies valid in every other way, so the only
 * reason to refuse is the id's owner: the status another customer must get (nobody gets 401).
 */
const BODY_ID_ATTACKS: Record<string, Attack & { other: number }> = {
  'POST /api/create-order (another customer’s uploadId)': {
    other: 404,
    request: (f) => ({
      ...json('POST', '/api/create-order', orderBody(f.catalogue, f.photo)),
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  },
  'POST /api/create-order (an anonymous claim’s uploadId)': {
    other: 404,
    request: (f) => ({
      ...json('POST', '/api/create-order', orderBody(f.catalogue, f.anonymousPhoto)),
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  },
  'POST /api/add-address (another customer’s userId)': {
    other: 403,
    request: (f) =>
      json('POST', '/api/add-address', {
        userId: f.asha.user._id,
        address: {
          fullName: 'Mallory',
          phone: '+91 98765 43210',
          altPhone: '',
          email: 'mallory@example.in',
          addressLine1: '1, Other Road',
          addressLine2: '',
          city: 'Bangalore',
          state: 'Karnataka',
          country: 'IN',
          postalCode: '560001',
          companyName: '',
          isHyperlocal: false,
          billingSameAsDelivery: true,
        },
      }),
  },
  'POST /api/sandbox/pay (another customer’s order)': {
    other: 404,
    request: (f) => json('POST', '/api/sandbox/pay', { razorpay_order_id: f.order.id, card: '4111 1111 1111 1111' }),
  },
  'POST /api/verify-payment (another customer’s order)': {
    other: 404,
    request: (f) =>
      json('POST', '/api/verify-payment', {
        razorpay_order_id: f.order.id,
        razorpay_payment_id: 'pay_forged000001',
        razorpay_signature: 'f'.repeat(64),
      }),
  },
};

/** `METHOD /path` of every route with a path parameter, read from Fastify's printed route tree (HEAD left out). */
function idRoutes(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    if (!full.includes(':') || !match[3]) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) if (method !== 'HEAD') found.push(`${method} ${full}`);
  }
  return found.sort();
}

let t: TestApp;
let client: Client;
let f: Fixture;

async function snapshot(): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await t.database.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('rate_limits', '__drizzle_migrations') ORDER BY table_name`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    const { rows } = await t.database.pool.query(`SELECT * FROM "${table_name}"`);
    out[table_name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  const asha = await signUpAndIn(client, { firstName: 'Asha' });
  const ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  const admin = await signUpAndIn(client, { firstName: 'Owner' });
  await t.database.pool.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user._id]);
  await saveAddress(t, asha.user._id);
  await saveAddress(t, ravi.user._id); // so that only the id can stop Ravi's orders
  const photo = await uploadPhoto(t, asha.token);
  const cropped = await client.post(`/api/uploads/${photo}/crop`, { x: 10, y: 10, width: 800, height: 600 }, { token: asha.token });
  expect(cropped.statusCode, cropped.body).toBe(201);
  const anonymousClaim = newClaim();
  const anonymous = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { claim: anonymousClaim }));
  expect(anonymous.statusCode, anonymous.body).toBe(201);
  const tus = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/tus',
    headers: {
      authorization: `Bearer ${asha.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': '100000',
      'upload-metadata': `filename ${Buffer.from('photo.jpg').toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`,
    },
  });
  expect(tus.statusCode, tus.body).toBe(201);
  const catalogue = await pickCatalogue(t);
  const created = await createOrder(client, asha.token, orderBody(catalogue, photo));
  expect(created.statusCode, created.body).toBe(201);
  const toPay = await createOrder(client, asha.token, orderBody(catalogue, photo));
  expect(toPay.statusCode, toPay.body).toBe(201);
  const paidOrder = toPay.json<{ id: string; orderId: string }>();
  const paymentId = 'pay_IDORPAID0001';
  const paid = await client.post(
    '/api/verify-payment',
    {
      razorpay_order_id: paidOrder.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(paidOrder.id, paymentId, testConfig().payments.keySecret),
    },
    { token: asha.token },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  // The paid order's print file is made in the background: wait for it, so that no table changes during the attacks.
  await waitFor(
    'the paid order’s print file',
    async () => {
      const { rows } = await t.database.pool.query(`SELECT 1 FROM print_files WHERE order_id = $1 AND status IN ('ready', 'failed')`, [
        paidOrder.orderId,
      ]);
      return rows[0];
    },
    60_000,
  );
  const coupon = await client.post('/api/admin/coupons', COUPON, { token: admin.token });
  expect(coupon.statusCode, coupon.body).toBe(201);
  const added = await client.post(
    '/api/cart/lines',
    { uploadId: photo, sizeId: catalogue.sizeId, selectedFrame: catalogue.finishId, selectedMotifBorder: catalogue.borderIn, quantity: 1 },
    { token: asha.token },
  );
  expect(added.statusCode, added.body).toBe(201);
  const ids = await t.database.pool.query<{ set_id: string; finish_id: string; border_id: string }>(
    `SELECT f.set_id, f.id AS finish_id, (SELECT id FROM white_borders WHERE level = 2) AS border_id FROM frame_finishes f WHERE f.id = $1`,
    [catalogue.finishId],
  );
  f = {
    asha,
    ravi,
    admin,
    photo,
    crop: cropped.json<{ _id: string }>()._id,
    anonymousPhoto: anonymous.json<{ _id: string }>()._id,
    anonymousClaim,
    tusUpload: String(tus.headers.location).split('/').pop()!,
    order: created.json<{ id: string; orderId: string }>(),
    paidOrder,
    couponId: coupon.json<{ coupon: { id: string } }>().coupon.id,
    cartLine: added.json<{ line: { id: string } }>().line.id,
    frameSetId: ids.rows[0]!.set_id,
    finishId: ids.rows[0]!.finish_id,
    borderId: String(ids.rows[0]!.border_id),
    catalogue,
  };
});

afterAll(async () => {
  await t?.close();
});

function expectRefused(res: LightMyRequestResponse, who: Who, what: string) {
  const allowed = who === 'nobody' ? [400, 401] : [403, 404];
  expect(allowed, `${what} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  const body = res.json<{ message: string; code: string }>();
  expect(typeof body.message).toBe('string');
  if (res.statusCode === 400) expect(body.code, what).toBe('UPLOAD_CLAIM_REQUIRED');
  // The answer gives nothing of the victim away.
  for (const secret of [f.asha.body.email, f.asha.body.mobile, '12, MG Road']) expect(res.body).not.toContain(secret);
}

describe('IDOR: other people’s ids, as another customer and as nobody', () => {
  it('covers every route with an id in Fastify’s route table', async () => {
    const routes = idRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('GET /api/uploads/:id'); // the parser works
    const covered = new Set([...Object.keys(ATTACKS), ...Object.keys(PUBLIC_ID_ROUTES)]);
    expect(
      routes.filter((r) => !covered.has(r)),
      'id routes missing from ATTACKS in idor.test.ts',
    ).toEqual([]);
    // And the table names no route that has gone.
    expect(
      [...covered].filter((r) => !routes.includes(r)),
      'ATTACKS entries with no such route',
    ).toEqual([]);
  });

  it('the ids are real: their rightful users get them', async () => {
    for (const [route, attacks] of Object.entries(ATTACKS)) {
      for (const attack of attacks) {
        if (!attack.rightful) continue;
        const creds = attack.rightful.as(f);
        const request = attack.request(f, 'other');
        const headers: Record<string, string> = { ...(request.headers as Record<string, string> | undefined) };
        if (creds.token) headers.authorization = `Bearer ${creds.token}`;
        if (creds.claim) headers['x-upload-claim'] = creds.claim;
        const res = await client.inject({ ...request, headers });
        expect(res.statusCode, `${route} by its rightful user: ${res.body.slice(0, 200)}`).toBe(attack.rightful.status);
      }
    }
  });

  it('refuses every id route to another customer and to nobody, and changes nothing', async () => {
    const before = await snapshot();
    for (const [route, attacks] of Object.entries(ATTACKS)) {
      for (const attack of attacks) {
        for (const who of ['other', 'nobody'] as const) {
          expectRefused(await client.inject(as(f, who, attack.request(f, who))), who, route);
        }
      }
    }
    // Admin routes refuse even the order's own customer.
    for (const route of Object.keys(ATTACKS).filter((r) => r.includes('/api/admin/'))) {
      for (const attack of ATTACKS[route]!) {
        const request = attack.request(f, 'other');
        const res = await client.inject({
          ...request,
          headers: { ...(request.headers as Record<string, string>), authorization: `Bearer ${f.asha.token}` },
        });
        expect(res.statusCode, `${route} as the order's customer`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses ids passed in a body too, and changes nothing', async () => {
    const before = await snapshot();
    for (const [what, attack] of Object.entries(BODY_ID_ATTACKS)) {
      for (const who of ['other', 'nobody'] as const) {
        const res = await client.inject(as(f, who, attack.request(f, who)));
        expect(res.statusCode, `${what} as ${who}: ${res.body.slice(0, 200)}`).toBe(who === 'nobody' ? 401 : attack.other);
        for (const secret of [f.asha.body.email, '12, MG Road']) expect(res.body).not.toContain(secret);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('parses the route tree it is given', () => {
    const tree = ['├── /api/a (GET, HEAD)', '│   └── /:id (GET, HEAD, POST)', '│       └── /x (PATCH)', '└── /api/b/:code (DELETE)'].join(
      '\n',
    );
    expect(idRoutes(tree)).toEqual(['DELETE /api/b/:code', 'GET /api/a/:id', 'PATCH /api/a/:id/x', 'POST /api/a/:id']);
  });
});
