/**
 * `npm run bench:checkout`: concurrent customers run create-order then verify against the real server and PostgreSQL.
 *
 * 1. Starts PostgreSQL (DATABASE_URL when set — a scratch database is created in it — else an embedded one in a
 *    temporary DATA_DIR) and the real server as a child process with the sandbox provider.
 * 2. Writes CUSTOMERS customers and their addresses to the database (sign-up is rate limited) with session tokens,
 *    and uploads one small photo each through the API.
 * 3. CONNECTIONS workers loop for DURATION_S seconds: POST /api/create-order (own Idempotency-Key) then
 *    POST /api/verify-payment with a payment signed with the sandbox key secret (as a client holding it may).
 * 4. Prints orders/s, p50/p99 of one checkout (create + verify) and errors, then audits the database: every verified
 *    payment has exactly one paid order, and no paid order lacks its payment.
 * 5. Ends with one line of JSON with the figures and "ok" for the targets. Everything it started and wrote is removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { DEV_SECRETS } from '../src/config/env';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { signSessionToken } from '../src/services/auth/tokens';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const TARGETS = { ordersPerSecond: 200, errors: 0 };
const log = (...args: unknown[]) => console.error('[bench]', ...args);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
type Json = any;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 10 });

function request(
  port: number,
  method: string,
  url: string,
  body?: Buffer | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => Json }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: { ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) as Json });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const postJson = (port: number, url: string, body: unknown, headers: Record<string, string> = {}) =>
  request(port, 'POST', url, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

function multipartPhoto(jpeg: Buffer) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const hmac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('hex');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-bench-checkout-'));
  let server: ChildProcess | undefined;
  let stopDb: (() => Promise<void>) | undefined;
  let databaseUrl: string;
  let adminUrl: string | undefined;
  let scratch: string | undefined;
  try {
    if (process.env.DATABASE_URL) {
      adminUrl = process.env.DATABASE_URL;
      scratch = `framewala_bench_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${scratch}`);
      await admin.end();
      const u = new URL(adminUrl);
      u.pathname = `/${scratch}`;
      databaseUrl = u.toString();
    } else {
      log('starting an embedded PostgreSQL in', dataDir);
      const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
      stopDb = () => embedded.stop();
      databaseUrl = embedded.url;
    }

    const port = await freePort();
    log('starting the server (the first start seeds the catalogue and draws the frames)…');
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PAYMENT_PROVIDER: 'sandbox',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    server.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    const until = Date.now() + 300_000;
    while (!out.includes('Framewala is ready')) {
      if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // ── customers, addresses, photos ──
    // Sign-up is rate limited (and argon2 is slow on purpose), so the customers and their addresses are written
    // straight to the database and given session tokens signed like the server's; photos go through the API.
    log(`creating ${CUSTOMERS} customers with an address and a photo…`);
    const sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const jpeg = await sharp({ create: { width: 900, height: 720, channels: 3, background: '#7a9cc6' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const customers: { token: string; uploadId: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const id = crypto.randomUUID();
      const email = `bench.${i}.${crypto.randomBytes(4).toString('hex')}@example.in`;
      await sql.query(
        `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash) VALUES ($1, $2, 'Bench', $3, '+919876543210', 'x')`,
        [id, email, `Customer${i}`],
      );
      await sql.query(
        `INSERT INTO addresses (user_id, full_name, phone, email, address_line1, city, state, postal_code, in_directory)
         VALUES ($1, 'Bench Customer', '+919876543210', $2, '12, MG Road', 'Bangalore', 'Karnataka', '560001', true)`,
        [id, email],
      );
      const token = await signSessionToken(DEV_SECRETS.JWT_SECRET, { userId: id, role: 'customer' });
      const mp = multipartPhoto(jpeg);
      const up = await request(port, 'POST', '/api/upload-image', mp.payload, {
        'content-type': mp.contentType,
        authorization: `Bearer ${token}`,
      });
      if (up.status !== 201) throw new Error(`upload: ${up.status}`);
      customers.push({ token, uploadId: up.json()._id });
    }

    const size = (await sql.query('SELECT id FROM preset_sizes WHERE active AND width_in > height_in ORDER BY sort, id LIMIT 1')).rows[0]
      .id as string;
    const finish = (await sql.query('SELECT id FROM frame_finishes WHERE active ORDER BY sort LIMIT 1')).rows[0].id as string;
    const draft = (uploadId: string, amount: number) => ({
      amount,
      currency: 'INR',
      selectedFrame: finish,
      selectedMotifBorder: 0.8,
      quantity: 2,
      uploadId,
      sizeId: size,
    });
    const probe = await postJson(port, '/api/create-order', draft(customers[0]!.uploadId, 0), {
      authorization: `Bearer ${customers[0]!.token}`,
    });
    if (probe.status !== 409) throw new Error(`price probe: ${probe.status}`);
    const amount = probe.json().amount as number;

    // ── load ──
    log(`${CONNECTIONS} connections for ${DURATION_S} s: create-order then verify…`);
    const latencies: number[] = [];
    const errors: Record<string, number> = {};
    const verified: string[] = [];
    const stopAt = Date.now() + DURATION_S * 1000;
    const started = Date.now();
    const worker = async (w: number) => {
      const customer = customers[w % customers.length]!;
      const auth = { authorization: `Bearer ${customer.token}` };
      while (Date.now() < stopAt) {
        const t0 = performance.now();
        try {
          const created = await postJson(port, '/api/create-order', draft(customer.uploadId, amount), {
            ...auth,
            'idempotency-key': crypto.randomUUID(),
          });
          if (created.status !== 201) throw new Error(`create-order ${created.status}`);
          const { id } = created.json();
          const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
          const res = await postJson(
            port,
            '/api/verify-payment',
            {
              razorpay_order_id: id,
              razorpay_payment_id: paymentId,
              razorpay_signature: hmac(DEV_SECRETS.RAZORPAY_KEY_SECRET, `${id}|${paymentId}`),
            },
            auth,
          );
          if (res.status !== 200) throw new Error(`verify ${res.status}`);
          verified.push(paymentId);
          latencies.push(performance.now() - t0);
        } catch (err) {
          const key = err instanceof Error ? err.message : String(err);
          errors[key] = (errors[key] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    const elapsed = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    const ordersPerSecond = latencies.length / elapsed;

    // ── audit ──
    const paidRows = (
      await sql.query(
        `SELECT o.id, o.payment_id, (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS n FROM orders o WHERE o.status = 'paid'`,
      )
    ).rows as { id: string; payment_id: string; n: number }[];
    const paidLackingPayment = paidRows.filter((r) => r.n !== 1 || !r.payment_id).length;
    const paymentRows = (await sql.query(`SELECT p.provider_payment_id, o.status FROM payments p JOIN orders o ON o.id = p.order_id`))
      .rows as { provider_payment_id: string; status: string }[];
    const byPayment = new Map(paymentRows.map((r) => [r.provider_payment_id, r.status]));
    const verifiedWithoutPaidOrder = verified.filter((id) => byPayment.get(id) !== 'paid').length;
    const duplicatePayments = paymentRows.length - byPayment.size;
    await sql.end();

    const ok =
      ordersPerSecond >= TARGETS.ordersPerSecond &&
      errorCount <= TARGETS.errors &&
      paidLackingPayment === 0 &&
      verifiedWithoutPaidOrder === 0 &&
      duplicatePayments === 0;
    console.log(`orders/s         ${ordersPerSecond.toFixed(1)}   (target ≥ ${TARGETS.ordersPerSecond})`);
    console.log(`checkouts        ${latencies.length} in ${elapsed.toFixed(1)} s with ${CONNECTIONS} connections`);
    console.log(
      `p50 / p99        ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms (create-order + verify)`,
    );
    console.log(`errors           ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''}`);
    console.log(
      `audit            ${verified.length} verified payments; ${verifiedWithoutPaidOrder} without exactly one paid order; ${paidRows.length} paid orders, ${paidLackingPayment} lacking a payment; ${duplicatePayments} duplicate payments`,
    );
    console.log(
      JSON.stringify({
        bench: 'checkout',
        connections: CONNECTIONS,
        durationSeconds: Number(elapsed.toFixed(1)),
        orders: latencies.length,
        ordersPerSecond: Number(ordersPerSecond.toFixed(1)),
        p50Ms: Number(percentile(latencies, 50).toFixed(1)),
        p99Ms: Number(percentile(latencies, 99).toFixed(1)),
        errors: errorCount,
        audit: {
          verifiedPayments: verified.length,
          verifiedWithoutPaidOrder,
          paidOrders: paidRows.length,
          paidLackingPayment,
          duplicatePayments,
        },
        targets: TARGETS,
        ok,
      }),
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    agent.destroy();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await stopDb?.().catch(() => undefined);
    if (adminUrl && scratch) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
