import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SECRETS } from '../src/config/env';
import { connectDatabase, type Database } from '../src/db/client';
import { SandboxProvider } from '../src/services/payments/provider';
import { RECONCILE_QUEUE } from '../src/services/payments/reconcile';
import { S3Storage } from '../src/services/s3-storage';
import { RETENTION_QUEUE } from '../src/services/uploads/retention';
import { createTestDatabase, drainJobs, eventually, tempDir, type TestApp, type TestDatabase } from './helpers';
import { startTestS3, type TestS3 } from './s3-test-server';
import { orderBody, pickCatalogue, type Catalogue } from './orders-helpers';
import { freePort, startServerProcess, type ServerProcess } from './processes';
import { filesUnder, newClaim, noisyJpeg, plainJpeg, uploadRequest } from './upload-fixtures';

/*
 * Scale-out on loopback: two API servers (A, B) and one job worker (W), real child processes running the same build,
 * on an empty database of the suite's PostgreSQL (whichever the run uses: embedded, or DATABASE_URL) and s3rver
 * (test/s3-test-server.ts).
 * Each process has its own DATA_DIR, as separate machines would: nothing a request needs may live in one of them.
 */
const BUCKET = 'framewala-scale-out';
let work: string;
let testDb: TestDatabase;
let s3: TestS3;
let storage: S3Storage;
let s3Endpoint: string;
let databaseUrl: string;
let database: Database;
let sql: pg.Pool;
let a: ServerProcess;
let b: ServerProcess;
let w: ServerProcess;
const dataDirs: Record<string, string> = {};

beforeAll(async () => {
  work = await tempDir('framewala-scale-out-');
  const [created] = await Promise.all([
    createTestDatabase({ empty: true }),
    (async () => {
      const s3Dir = path.join(work, 's3');
      await fs.mkdir(s3Dir);
      s3 = await startTestS3({ directory: s3Dir, buckets: [BUCKET] });
      s3Endpoint = s3.endpoint;
      storage = new S3Storage({
        endpoint: s3Endpoint,
        region: 'us-east-1',
        bucket: BUCKET,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        publicUrl: undefined,
      });
      // The frame images the first start would draw (seconds of CPU): copied from the suite's pre-drawn set.
      const root = inject('storageRoot');
      const files = await filesUnder(root);
      for (let i = 0; i < files.length; i += 16) {
        await Promise.all(
          files.slice(i, i + 16).map(async (key) =>
            storage.client.send(
              new PutObjectCommand({
                Bucket: BUCKET,
                Key: key,
                Body: await fs.readFile(path.join(root, key)),
                ContentType: 'image/webp',
              }),
            ),
          ),
        );
      }
    })(),
  ]);
  testDb = created;
  databaseUrl = testDb.url;
  database = connectDatabase(databaseUrl, { max: 3 });
  sql = database.pool;

  const env = (role: string, name: string) => {
    dataDirs[name] = path.join(work, `data-${name}`);
    return {
      SERVER_ROLE: role,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDirs[name],
      PAYMENT_PROVIDER: 'sandbox',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: '',
    };
  };
  const [pa, pb, pw] = await Promise.all([freePort(), freePort(), freePort()]);
  // All three start at once on the empty database: migrations, pg-boss's schema, queues and the seed take turns.
  a = startServerProcess('server A', pa, env('api', 'a'));
  b = startServerProcess('server B', pb, env('api', 'b'));
  w = startServerProcess('worker', pw, env('worker', 'w'));
  await Promise.all([a.ready, b.ready, w.ready]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b, w].map((p) => p?.stop()));
  await database?.close();
  await testDb?.drop();
  await s3?.close().catch(() => undefined);
  if (work) await fs.rm(work, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${server.url}${url}`, { method, headers, body });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // not JSON (media)
  }
  return { status: res.status, json, text, headers: res.headers };
}

const outbox = async (name: string) =>
  (await fs.readdir(path.join(dataDirs[name]!, 'outbox')).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

function signedWebhook(event: object) {
  const body = Buffer.from(JSON.stringify(event));
  const signature = crypto.createHmac('sha256', DEV_SECRETS.RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex');
  return { body, signature };
}

describe('two API servers and a worker on one PostgreSQL and S3', () => {
  let token: string;
  let userId: string;
  let catalogue: Catalogue;
  let photoId: string;
  let cropId: string;
  let paid: { id: string; orderId: string; amount: number };
  const newOrder = async (server: ServerProcess, uploadId: string) => {
    const res = await call(server, 'POST', '/api/create-order', {
      token,
      json: orderBody(catalogue, uploadId),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: string; orderId: string; amount: number };
  };

  it('runs the roles it was given', async () => {
    const health = await Promise.all([a, b, w].map((p) => call(p, 'GET', '/api/health')));
    for (const h of health) expect(h.json).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
    // The worker serves its health check and nothing else.
    const notServed = await call(w, 'GET', '/api/get-frame');
    expect(notServed.status).toBe(404);
    expect(notServed.json.code).toBe('ROUTE_NOT_FOUND');
    const frames = await call(b, 'GET', '/api/get-frame');
    expect(frames.status).toBe(200);
    expect(frames.json.getFrameSize).toHaveLength(5);
    // One schema and one seed whatever the number of processes that started at once.
    expect((await sql.query('SELECT count(*)::int AS n FROM frame_sets')).rows[0].n).toBe(5);
  });

  it('serves a customer across servers: upload on A, crop on B, pay on A, webhook on B', async () => {
    const customer = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: `asha.${Date.now()}@example.in`,
      password: 'correct horse battery',
      mobile: '98765 43210',
    };
    expect((await call(a, 'POST', '/api/register', { json: customer })).status).toBe(201);
    const login = await call(b, 'POST', '/api/login', { json: { userName: customer.email, password: customer.password } });
    expect(login.status, login.text).toBe(200);
    token = login.json.token as string;
    userId = login.json.user._id as string;
    // A session made on B is good on A.
    expect((await call(a, 'GET', '/api/user', { token })).status).toBe(200);
    const address = await call(b, 'POST', '/api/add-address', {
      token,
      json: {
        userId,
        address: {
          fullName: 'Asha Rao',
          phone: '98765 43210',
          email: customer.email,
          addressLine1: '12, MG Road',
          city: 'Bangalore',
          state: 'Karnataka',
          postalCode: '560001',
        },
      },
    });
    expect(address.status, address.text).toBe(200);

    const upload = uploadRequest(await plainJpeg(1200, 900), { token, claim: null });
    const up = await call(a, 'POST', '/api/upload-image', { headers: upload.headers, body: upload.payload });
    expect(up.status, up.text).toBe(201);
    expect(up.json.status).toBe('ready');
    photoId = up.json._id as string;
    const crop = await call(b, 'POST', `/api/uploads/${photoId}/crop`, { token, json: { x: 100, y: 50, width: 1000, height: 750 } });
    expect(crop.status, crop.text).toBe(201);
    cropId = crop.json._id as string;
    expect(crop.json.parentId).toBe(photoId);
    // B reads the photo A stored, from S3: no server keeps files of its own.
    const rendition = await call(b, 'GET', ((u) => u.pathname + u.search)(new URL(up.json.url as string, b.url)));
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toBe('image/jpeg');

    catalogue = await pickCatalogue({ database } as unknown as TestApp);
    paid = await newOrder(a, cropId);
    const pay = await call(a, 'POST', '/api/sandbox/pay', { token, json: { razorpay_order_id: paid.id, card: 'success' } });
    expect(pay.status, pay.text).toBe(200);
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = pay.json as Record<string, string>;
    expect(signature).toBe(crypto.createHmac('sha256', DEV_SECRETS.RAZORPAY_KEY_SECRET).update(`${paid.id}|${paymentId}`).digest('hex'));

    // Razorpay's webhook lands on B (besides the one the sandbox queued, which the worker delivers).
    const event = {
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: { id: paymentId, entity: 'payment', amount: paid.amount, currency: 'INR', status: 'captured', order_id: paid.id },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    };
    const hook = signedWebhook(event);
    const eventId = `evt_${crypto.randomBytes(7).toString('hex')}`;
    const delivered = await call(b, 'POST', '/api/webhooks/razorpay', {
      body: hook.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature, 'x-razorpay-event-id': eventId },
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.json.status).toBe('processed');
    // Razorpay redelivers; A sees the event id B recorded.
    const again = await call(a, 'POST', '/api/webhooks/razorpay', {
      body: hook.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hook.signature, 'x-razorpay-event-id': eventId },
    });
    expect(again.json.status).toBe('duplicate');
    const verified = await call(a, 'POST', '/api/verify-payment', { token, json: pay.json });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json.orderId).toBe(paid.orderId);

    // The confirmation e-mail is sent by the worker, once.
    await eventually('the confirmation e-mail', async () => (await outbox('w')).length >= 1);
    await eventually('the sandbox webhook job', async () => {
      const { rows } = await sql.query(`SELECT count(*)::int AS n FROM webhook_events WHERE provider_order_id = $1`, [paid.id]);
      return rows[0].n >= 2;
    });
    await drainJobs(sql); // a second e-mail would have been sent by now
    expect(await outbox('w')).toHaveLength(1);
    expect(await outbox('a')).toEqual([]);
    expect(await outbox('b')).toEqual([]);

    const orders = (await sql.query(`SELECT id, status, payment_id FROM orders WHERE user_id = $1`, [userId])).rows;
    expect(orders).toEqual([{ id: paid.orderId, status: 'paid', payment_id: paymentId }]);
    const payments = (await sql.query(`SELECT provider_payment_id FROM payments WHERE order_id = $1`, [paid.orderId])).rows;
    expect(payments).toEqual([{ provider_payment_id: paymentId }]);
    const toPaid = (
      await sql.query(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [paid.orderId])
    ).rows;
    expect(toPaid[0].n).toBe(1);
    // The photo and its crop are in S3, whichever server took them.
    const rows = (
      await sql.query(`SELECT id, original_key, rendition_key, thumbnail_key FROM uploads WHERE id = ANY($1)`, [[photoId, cropId]])
    ).rows;
    expect(rows).toHaveLength(2);
    for (const row of rows)
      for (const key of [row.original_key, row.rendition_key, row.thumbnail_key]) expect(await storage.exists(key), key).toBe(true);
    for (const name of ['a', 'b', 'w']) expect(await filesUnder(path.join(dataDirs[name]!, 'storage'))).toEqual([]);
  }, 90_000);

  it('resumes a photo on the other server: unfinished uploads wait in S3, not on one server’s disk', async () => {
    const claim = newClaim();
    const tus = { 'tus-resumable': '1.0.0', 'x-upload-claim': claim };
    const jpeg = await noisyJpeg(1500, 1100);
    const created = await call(a, 'POST', '/api/uploads/tus', { headers: { ...tus, 'upload-length': String(jpeg.length) } });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(jpeg.length / 2);
    const patch = (server: ServerProcess, from: number, to: number) =>
      call(server, 'PATCH', location, {
        headers: { ...tus, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
        body: jpeg.subarray(from, to),
      });
    expect((await patch(a, 0, half)).status).toBe(204);
    const head = await call(b, 'HEAD', location, { headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(b, half, jpeg.length);
    expect(last.status, last.text).toBe(204);
    const id = location.split('/').pop()!;
    const photo = await call(a, 'GET', `/api/uploads/${id}`, { headers: { 'x-upload-claim': claim } });
    expect(photo.json).toMatchObject({ _id: id, status: 'ready', width: 1500, height: 1100 });
    for (const name of ['a', 'b']) expect(await filesUnder(path.join(dataDirs[name]!, 'tus'))).toEqual([]);
  });

  it('counts rate limits in PostgreSQL, so alternating servers does not reset them', async () => {
    const attempt = (server: ServerProcess) =>
      call(server, 'POST', '/api/login', { json: { userName: 'nobody@example.in', password: 'wrong password here' } });
    // Five failed sign-ins per account and address cost nothing, counted wherever they land; the next waits.
    for (let i = 0; i < 5; i += 1) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
    for (const server of [a, b]) {
      const refused = await attempt(server);
      expect(refused.status).toBe(429);
      expect(typeof refused.json.message).toBe('string');
    }
  });

  it('runs the retention and reconciliation schedules exactly once across the processes', async () => {
    const SCHEDULED = [RETENTION_QUEUE, RECONCILE_QUEUE];
    // First the real schedules are parked (reconciliation runs every 5 minutes and could fire at any time) and
    // whatever they already started is let finish, so every run counted below is the one this test makes due.
    await sql.query(`UPDATE pgboss.schedule SET cron = '0 0 1 1 *' WHERE name = ANY($1)`, [SCHEDULED]);
    await eventually('earlier scheduled runs to finish', async () => {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pgboss.job
          WHERE (name = ANY($1) OR (name = '__pgboss__send-it' AND singleton_key = ANY($1))) AND state IN ('created', 'retry', 'active')`,
        [SCHEDULED],
      );
      return rows[0].n === 0;
    });
    // Due work: an expired photo nobody orders, an order abandoned 25 hours ago, and an order paid at the provider
    // whose webhook never came (the sandbox's records are in PostgreSQL, so the worker sees a payment made anywhere).
    const expiredUp = uploadRequest(await plainJpeg(900, 720), { token, claim: null });
    const expired = await call(b, 'POST', '/api/upload-image', { headers: expiredUp.headers, body: expiredUp.payload });
    expect(expired.status).toBe(201);
    const expiredRow = (await sql.query(`SELECT original_key, rendition_key, thumbnail_key FROM uploads WHERE id = $1`, [expired.json._id]))
      .rows[0];
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 day' WHERE id = $1`, [expired.json._id]);
    const abandoned = await newOrder(b, cropId);
    await sql.query(`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = $1`, [abandoned.orderId]);
    const lostWebhook = await newOrder(a, cropId);
    await sql.query(`UPDATE orders SET created_at = now() - interval '20 minutes' WHERE id = $1`, [lostWebhook.orderId]);
    const lostPaymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
    await new SandboxProvider(database).record({
      id: lostPaymentId,
      orderId: lostWebhook.id,
      amount: lostWebhook.amount,
      status: 'captured',
      errorCode: null,
      errorReason: null,
      errorDescription: null,
    });

    // Make both schedules due in the current minute of the database's clock: not too close to its end, and not a
    // minute in which pg-boss already sent one of them (it sends each schedule at most once a minute).
    const minuteTaken = async () =>
      (
        await sql.query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = '__pgboss__send-it' AND singleton_key = ANY($1) AND singleton_on >= date_trunc('minute', now() AT TIME ZONE 'UTC')`,
          [SCHEDULED],
        )
      ).rows[0].n > 0;
    let now = (await sql.query(`SELECT now() AS t, extract(second FROM now())::float AS s`)).rows[0] as { t: Date; s: number };
    if (now.s > 45 || (await minuteTaken())) {
      await new Promise((r) => setTimeout(r, (61 - now.s) * 1000));
      now = (await sql.query(`SELECT now() AS t, extract(second FROM now())::float AS s`)).rows[0] as { t: Date; s: number };
    }
    const since = now.t;
    const cron = `${since.getUTCMinutes()} ${since.getUTCHours()} * * *`;
    const updated = await sql.query(`UPDATE pgboss.schedule SET cron = $1 WHERE name = ANY($2)`, [cron, SCHEDULED]);
    expect(updated.rowCount).toBe(2);
    // pg-boss checks the schedules every 30 s in each process that keeps time; this extra clock checks every second
    // so the test need not wait. Whoever checks, pg-boss sends each due job once (a per-minute singleton).
    const clock = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      supervise: false,
      migrate: false,
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    clock.on('error', () => undefined);
    await clock.start();
    const jobs = async () =>
      (
        await sql.query(`SELECT name, state FROM pgboss.job WHERE name = ANY($1) AND created_on >= $2 ORDER BY name`, [
          [RETENTION_QUEUE, RECONCILE_QUEUE],
          since,
        ])
      ).rows as { name: string; state: string }[];
    try {
      await eventually(
        'both scheduled jobs to complete',
        async () => {
          const rows = await jobs();
          return rows.length >= 2 && rows.every((r) => r.state === 'completed');
        },
        45_000,
      );
      await new Promise((r) => setTimeout(r, 2500)); // more clock ticks: still one job each
    } finally {
      await clock.stop({ graceful: false, wait: true });
    }
    expect(await jobs()).toEqual([
      { name: RECONCILE_QUEUE, state: 'completed' },
      { name: RETENTION_QUEUE, state: 'completed' },
    ]);

    // Retention: the expired photo's row and files are gone; the ordered crop and its photo stay.
    expect((await sql.query(`SELECT deleted_at IS NOT NULL AS gone FROM uploads WHERE id = $1`, [expired.json._id])).rows[0].gone).toBe(
      true,
    );
    for (const key of [expiredRow.original_key, expiredRow.rendition_key, expiredRow.thumbnail_key])
      expect(await storage.exists(key), key).toBe(false);
    const kept = (await sql.query(`SELECT count(*)::int AS n FROM uploads WHERE id = ANY($1) AND deleted_at IS NULL`, [[photoId, cropId]]))
      .rows[0];
    expect(kept.n).toBe(2);

    // Reconciliation: one cancellation, one payment found at the provider, each written once, one e-mail more.
    const history = async (orderId: string) =>
      (
        await sql.query(`SELECT to_status, actor FROM order_status_history WHERE order_id = $1 AND to_status <> 'created' ORDER BY id`, [
          orderId,
        ])
      ).rows;
    expect(await history(abandoned.orderId)).toEqual([{ to_status: 'cancelled', actor: 'system' }]);
    expect(await history(lostWebhook.orderId)).toEqual([{ to_status: 'paid', actor: 'system' }]);
    expect((await sql.query(`SELECT provider_payment_id FROM payments WHERE order_id = $1`, [lostWebhook.orderId])).rows).toEqual([
      { provider_payment_id: lostPaymentId },
    ]);
    await eventually('the second confirmation e-mail', async () => (await outbox('w')).length >= 2);
    await drainJobs(sql);
    expect(await outbox('w')).toHaveLength(2);
    expect([...(await outbox('a')), ...(await outbox('b'))]).toEqual([]);
  }, 180_000);
});
