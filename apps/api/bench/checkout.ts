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
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { DEV_SECRETS } from '../src/config/env';
import { benchDatabase, type BenchDatabase } from './bench-database';
import { signSessionToken } from '../src/services/auth/tokens';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
/**
 * create-order is limited to 30 per 10 minutes per account, so the load is spread over enough customers for 400
 * orders/s (twice the target) at ≤ 25 orders each; every checkout takes the next customer in turn. The limit's counter
 * is part of the measured work, as for any real customer.
 */
const ORDERS_PER_CUSTOMER = 25;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? Math.ceil((400 * DURATION_S) / ORDERS_PER_CUSTOMER));
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

/** CPU seconds (user + system) a process has used, from /proc (0 when it is gone). */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (backends, walwriter…): their CPU seconds together. */
function postgresCpuSeconds(postmaster: number | undefined): number {
  if (!postmaster) return 0;
  let total = cpuSecondsOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(ppid) === postmaster) total += cpuSecondsOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-bench-checkout-'));
  let server: ChildProcess | undefined;
  let database: BenchDatabase | undefined;
  let databaseUrl: string;
  let postmaster: number | undefined;
  try {
    database = await benchDatabase(dataDir, log);
    databaseUrl = database.url;
    postmaster = database.postmasterPid;

    const port = await freePort();
    log('starting the server (the first start seeds the catalogue and draws the frames)…');
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    // Started as `npm start` starts it.
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
    const customers: { token: string; uploadId: string; auth: Record<string, string>; body?: string }[] = [];
    const makeCustomer = async (i: number) => {
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
      customers[i] = { token, uploadId: up.json()._id, auth: { authorization: `Bearer ${token}` } };
    };
    for (let i = 0; i < CUSTOMERS; i += 8)
      await Promise.all(Array.from({ length: Math.min(8, CUSTOMERS - i) }, (_, k) => makeCustomer(i + k)));

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
    const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
    const cpuBefore = { server: cpuSecondsOf(server.pid!), postgres: postgresCpuSeconds(postmaster), client: process.cpuUsage() };
    const stopAt = Date.now() + DURATION_S * 1000;
    const started = Date.now();
    // The load client does as little as it can per checkout: bodies serialised once per customer, keep-alive sockets.
    for (const customer of customers) customer.body = JSON.stringify(draft(customer.uploadId, amount));
    const ordersByCustomer = new Array<number>(customers.length).fill(0);
    let turn = 0;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const index = turn++ % customers.length;
        const customer = customers[index]!;
        const t0 = performance.now();
        try {
          const created = await request(port, 'POST', '/api/create-order', customer.body, {
            'content-type': 'application/json',
            ...customer.auth,
            'idempotency-key': crypto.randomUUID(),
          });
          ordersByCustomer[index]! += 1;
          if (created.status !== 201) throw new Error(`create-order ${created.status}`);
          const { id } = created.json();
          const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
          const body = `{"razorpay_order_id":"${id}","razorpay_payment_id":"${paymentId}","razorpay_signature":"${hmac(DEV_SECRETS.RAZORPAY_KEY_SECRET, `${id}|${paymentId}`)}"}`;
          const res = await request(port, 'POST', '/api/verify-payment', body, { 'content-type': 'application/json', ...customer.auth });
          if (res.status !== 200) throw new Error(`verify ${res.status}`);
          verified.push(paymentId);
          latencies.push(performance.now() - t0);
        } catch (err) {
          const key = err instanceof Error ? err.message : String(err);
          errors[key] = (errors[key] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, () => worker()));
    const loadSeconds = (Date.now() - started) / 1000;
    // The confirmation e-mails are written by this server's own worker; the run ends when the last one is, so their
    // work is part of the measured time and CPU (a worker that fell behind would otherwise hide its cost).
    const mailCount = async () =>
      (
        await sql.query(
          `SELECT count(*)::int AS queued, count(*) FILTER (WHERE state = 'completed')::int AS delivered FROM pgboss.job WHERE name = 'send-email'`,
        )
      ).rows[0] as { queued: number; delivered: number };
    let mails = await mailCount();
    const mailsAtLoadEnd = mails.delivered;
    const drainUntil = Date.now() + 120_000;
    while (mails.delivered < mails.queued && Date.now() < drainUntil) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await mailCount();
    }
    const elapsed = (Date.now() - started) / 1000;
    // Print-ready files (one pg-boss job per paid order, rendered one at a time per worker) are a background backlog
    // with their own bench (bench/print.ts): counted here, not waited for; their worker's CPU during the run is in the
    // server's figure above.
    const printFiles = (
      await sql.query(
        `SELECT count(*)::int AS queued, count(*) FILTER (WHERE state = 'completed')::int AS done FROM pgboss.job WHERE name = 'print-file'`,
      )
    ).rows[0] as { queued: number; done: number };
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    const cpuMsPerCheckout = {
      server: ((cpuSecondsOf(server.pid!) - cpuBefore.server) * 1000) / Math.max(1, latencies.length),
      postgres: ((postgresCpuSeconds(postmaster) - cpuBefore.postgres) * 1000) / Math.max(1, latencies.length),
      client: (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, latencies.length),
    };
    latencies.sort((a, b) => a - b);
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    // The issue's figure: checkouts (create-order + verify answered) per second while the customers run. Confirmation
    // e-mails are queued work that finishes after the answer; `ok` also requires every one of them to be written, and
    // the rate counted until the last one is printed beside it (docs/decisions/032-checkout-round-trips.md).
    const ordersPerSecond = latencies.length / loadSeconds;
    const ordersPerSecondUntilLastEmail = latencies.length / elapsed;

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
      mails.delivered === latencies.length &&
      paidLackingPayment === 0 &&
      verifiedWithoutPaidOrder === 0 &&
      duplicatePayments === 0;
    console.log(
      `orders/s         ${ordersPerSecond.toFixed(1)}   (target ≥ ${TARGETS.ordersPerSecond}): ${latencies.length} checkouts answered in ${loadSeconds.toFixed(1)} s; ${ordersPerSecondUntilLastEmail.toFixed(1)}/s counting until the last confirmation e-mail was written ${(elapsed - loadSeconds).toFixed(1)} s later`,
    );
    console.log(
      `checkouts        ${latencies.length} in ${elapsed.toFixed(1)} s with ${CONNECTIONS} connections, ${customers.length} customers (at most ${Math.max(...ordersByCustomer)} orders each; the limit is 30 per 10 minutes)`,
    );
    console.log(
      `p50 / p99        ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms (create-order + verify)`,
    );
    console.log(
      `CPU per checkout server ${cpuMsPerCheckout.server.toFixed(2)} ms, PostgreSQL ${postmaster ? cpuMsPerCheckout.postgres.toFixed(2) : '?'} ms, load client ${cpuMsPerCheckout.client.toFixed(2)} ms (${os.cpus().length} cores: ${((os.cpus().length * 1000) / (cpuMsPerCheckout.server + cpuMsPerCheckout.postgres + cpuMsPerCheckout.client)).toFixed(0)} checkouts/s if they had the machine to themselves)`,
    );
    console.log(
      `load average     ${loadBefore.join(' ')} before → ${loadAfter.join(' ')} after (other work on the machine slows every figure above)`,
    );
    console.log(
      `e-mails          ${mails.queued} confirmations queued, ${mailsAtLoadEnd} written when the load stopped, ${mails.delivered} at the end`,
    );
    console.log(
      `print files      ${printFiles.queued} jobs queued, ${printFiles.done} done by the end (a background backlog; not waited for)`,
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
        loadSeconds: Number(loadSeconds.toFixed(1)),
        ordersPerSecondUntilLastEmail: Number(ordersPerSecondUntilLastEmail.toFixed(1)),
        confirmationEmails: { ...mails, deliveredWhenLoadStopped: mailsAtLoadEnd },
        printFileJobs: printFiles,
        customers: customers.length,
        maxOrdersPerCustomer: Math.max(...ordersByCustomer),
        cpuMsPerCheckout: {
          server: Number(cpuMsPerCheckout.server.toFixed(2)),
          postgres: postmaster ? Number(cpuMsPerCheckout.postgres.toFixed(2)) : null,
          client: Number(cpuMsPerCheckout.client.toFixed(2)),
        },
        loadAverage: { before: loadBefore, after: loadAfter },
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
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
