/**
 * `npm run bench:checkout`: concurrent customers create orders, then pay them, against the real server and PostgreSQL.
 *
 * 1. Starts PostgreSQL (DATABASE_URL when set — a scratch database is created in it — else an embedded one in a
 *    temporary DATA_DIR) and the real server as a child process with the sandbox provider.
 * 2. Writes CUSTOMERS customers and their addresses to the database (sign-up is rate limited) with session tokens,
 *    and uploads one small photo each through the API.
 * 3. CONNECTIONS workers loop for DURATION_S seconds on POST /api/create-order (own Idempotency-Key); then the same
 *    workers pay every order created with POST /api/verify-payment, a payment signed with the sandbox key secret (as a
 *    client holding it may), and the run waits for every confirmation e-mail to be written.
 * 4. Prints, for create-order and for the pay path each, requests/s, p50/p99 and CPU per request (with the rate that
 *    CPU would allow on an idle machine beside it, and the load average), errors, then audits the database: every
 *    verified payment has exactly one paid order, no paid order lacks its payment, one paid move per paid order.
 * 4b. The cart case: CART_CUSTOMERS other customers each put CART_LINES framed photos (sizes, borders and quantities
 *    differing) in their cart through the API; the same connections then create orders of the whole cart
 *    (`{cart: true}`) for DURATION_S, and pay each of them.
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
 * create-order is limited to 30 per 10 minutes per account, so the load is spread over enough customers for 600
 * orders/s (far above what this machine creates) at ≤ 25 orders each; every order takes the next customer in turn.
 * The limit's counter is part of the measured work, as for any real customer.
 */
const ORDERS_PER_CUSTOMER = 25;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? Math.ceil((600 * DURATION_S) / ORDERS_PER_CUSTOMER));
/** Orders created per second and orders paid per second at 50 connections, each with no error. */
const TARGETS = { createOrdersPerSecond: 50, paymentsPerSecond: 50, cartOrdersPerSecond: 50, errors: 0 };
/** Lines in each cart of the cart case, and its customers (orders of a cart share the account's create-order limit). */
const CART_LINES = 3;
const CART_CUSTOMERS = Number(process.env.BENCH_CART_CUSTOMERS ?? Math.ceil((300 * DURATION_S) / ORDERS_PER_CUSTOMER));
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
    // Two phases with the same connections: create-order alone for DURATION_S, then the pay path (verify-payment with
    // a signed payment, as the checkout page sends it) for every order just created. Each is timed by itself.
    const errors: Record<string, number> = {};
    const failed = (step: string, err: unknown) => {
      const key = `${step} ${err instanceof Error ? err.message : String(err)}`;
      errors[key] = (errors[key] ?? 0) + 1;
    };
    const cpuNow = () => ({ server: cpuSecondsOf(server!.pid!), postgres: postgresCpuSeconds(postmaster), client: process.cpuUsage() });
    /** CPU milliseconds per request since `before` (server, PostgreSQL, load client), and what they allow on this machine. */
    const cpuMsPer = (before: ReturnType<typeof cpuNow>, requests: number) => {
      const client = process.cpuUsage(before.client);
      const n = Math.max(1, requests);
      const ms = {
        server: ((cpuSecondsOf(server!.pid!) - before.server) * 1000) / n,
        postgres: ((postgresCpuSeconds(postmaster) - before.postgres) * 1000) / n,
        client: (client.user + client.system) / 1000 / n,
      };
      return { ...ms, alonePerSecond: (os.cpus().length * 1000) / (ms.server + ms.postgres + ms.client) };
    };
    const loadBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
    // The load client does as little as it can per request: bodies serialised once per customer, keep-alive sockets.
    for (const customer of customers) customer.body = JSON.stringify(draft(customer.uploadId, amount));

    log(`${CONNECTIONS} connections for ${DURATION_S} s: create-order…`);
    const created: { id: string; auth: Record<string, string> }[] = [];
    const createLatencies: number[] = [];
    const ordersByCustomer = new Array<number>(customers.length).fill(0);
    let turn = 0;
    let cpuBefore = cpuNow();
    const stopAt = Date.now() + DURATION_S * 1000;
    const createStarted = Date.now();
    const createWorker = async () => {
      while (Date.now() < stopAt) {
        const index = turn++ % customers.length;
        const customer = customers[index]!;
        const t0 = performance.now();
        try {
          const res = await request(port, 'POST', '/api/create-order', customer.body, {
            'content-type': 'application/json',
            ...customer.auth,
            'idempotency-key': crypto.randomUUID(),
          });
          ordersByCustomer[index]! += 1;
          if (res.status !== 201) throw new Error(String(res.status));
          created.push({ id: res.json().id, auth: customer.auth });
          createLatencies.push(performance.now() - t0);
        } catch (err) {
          failed('create-order', err);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, () => createWorker()));
    const createSeconds = (Date.now() - createStarted) / 1000;
    const createCpu = cpuMsPer(cpuBefore, createLatencies.length);

    log(`${CONNECTIONS} connections: verify-payment for the ${created.length} orders…`);
    const payLatencies: number[] = [];
    const verified: string[] = [];
    let next = 0;
    cpuBefore = cpuNow();
    const payStarted = Date.now();
    const payWorker = async () => {
      while (next < created.length) {
        const order = created[next++]!;
        const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
        const body = `{"razorpay_order_id":"${order.id}","razorpay_payment_id":"${paymentId}","razorpay_signature":"${hmac(DEV_SECRETS.RAZORPAY_KEY_SECRET, `${order.id}|${paymentId}`)}"}`;
        const t0 = performance.now();
        try {
          const res = await request(port, 'POST', '/api/verify-payment', body, { 'content-type': 'application/json', ...order.auth });
          if (res.status !== 200) throw new Error(String(res.status));
          verified.push(paymentId);
          payLatencies.push(performance.now() - t0);
        } catch (err) {
          failed('verify-payment', err);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, () => payWorker()));
    const paySeconds = (Date.now() - payStarted) / 1000;
    // The confirmation e-mails are written by this server's own worker; the pay phase's CPU is counted until the last
    // one is, so their work is part of it (a worker that fell behind would otherwise hide its cost).
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
    const payUntilLastEmailSeconds = (Date.now() - payStarted) / 1000;
    const payCpu = cpuMsPer(cpuBefore, payLatencies.length);
    // Print-ready files (one pg-boss job per paid order, rendered one at a time per worker) are a background backlog
    // with their own bench (bench/print.ts): counted here, not waited for; their worker's CPU during the run is in the
    // server's figure above.
    const printFiles = (
      await sql.query(
        `SELECT count(*)::int AS queued, count(*) FILTER (WHERE state = 'completed')::int AS done FROM pgboss.job WHERE name = 'print-file'`,
      )
    ).rows[0] as { queued: number; done: number };
    const loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    createLatencies.sort((a, b) => a - b);
    payLatencies.sort((a, b) => a - b);
    const errorCountOf = () => Object.values(errors).reduce((a, b) => a + b, 0);
    // The figures: requests answered per second while the connections run. Confirmation e-mails are queued work that
    // finishes after the answer; `ok` also requires every one of them to be written, and the pay rate counted until
    // the last one is printed beside it.
    const createPerSecond = createLatencies.length / createSeconds;
    const payPerSecond = payLatencies.length / paySeconds;
    const payPerSecondUntilLastEmail = payLatencies.length / payUntilLastEmailSeconds;

    // ── the cart case ──
    log(`creating ${CART_CUSTOMERS} customers with ${CART_LINES} framed photos in their cart…`);
    const cartCustomers: { auth: Record<string, string>; body?: string }[] = [];
    const smallerSize = (
      await sql.query('SELECT id FROM preset_sizes WHERE active AND width_in > height_in ORDER BY sort, id OFFSET 1 LIMIT 1')
    ).rows[0].id as string;
    const makeCartCustomer = async (i: number) => {
      await makeCustomer(CUSTOMERS + i);
      const customer = customers[CUSTOMERS + i]!;
      const lines = [
        { sizeId: size, selectedMotifBorder: 0.8, quantity: 2 },
        { sizeId: smallerSize, selectedMotifBorder: 0, quantity: 1 },
        { sizeId: null, customWidth: 14, customHeight: 11, selectedMotifBorder: 0.8, quantity: 3 },
      ].slice(0, CART_LINES);
      for (const line of lines) {
        const res = await postJson(port, '/api/cart/lines', { uploadId: customer.uploadId, selectedFrame: finish, ...line }, customer.auth);
        if (res.status !== 201) throw new Error(`cart line: ${res.status} ${JSON.stringify(res.json())}`);
      }
      cartCustomers[i] = { auth: customer.auth };
    };
    for (let i = 0; i < CART_CUSTOMERS; i += 8)
      await Promise.all(Array.from({ length: Math.min(8, CART_CUSTOMERS - i) }, (_, k) => makeCartCustomer(i + k)));
    const cartProbe = await postJson(port, '/api/create-order', { cart: true, amount: 0, currency: 'INR' }, cartCustomers[0]!.auth);
    if (cartProbe.status !== 409) throw new Error(`cart price probe: ${cartProbe.status}`);
    const cartAmount = cartProbe.json().amount as number;
    for (const customer of cartCustomers) customer.body = JSON.stringify({ cart: true, amount: cartAmount, currency: 'INR' });

    log(`${CONNECTIONS} connections for ${DURATION_S} s: create-order from a cart of ${CART_LINES} lines…`);
    const cartCreated: { id: string; auth: Record<string, string> }[] = [];
    const cartLatencies: number[] = [];
    let cartTurn = 0;
    cpuBefore = cpuNow();
    const cartStopAt = Date.now() + DURATION_S * 1000;
    const cartStarted = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < cartStopAt) {
          const customer = cartCustomers[cartTurn++ % cartCustomers.length]!;
          const t0 = performance.now();
          try {
            const res = await request(port, 'POST', '/api/create-order', customer.body, {
              'content-type': 'application/json',
              ...customer.auth,
              'idempotency-key': crypto.randomUUID(),
            });
            if (res.status !== 201) throw new Error(String(res.status));
            cartCreated.push({ id: res.json().id, auth: customer.auth });
            cartLatencies.push(performance.now() - t0);
          } catch (err) {
            failed('create-order (cart)', err);
          }
        }
      }),
    );
    const cartSeconds = (Date.now() - cartStarted) / 1000;
    const cartCpu = cpuMsPer(cpuBefore, cartLatencies.length);
    const cartPerSecond = cartLatencies.length / cartSeconds;
    log(`verify-payment for the ${cartCreated.length} cart orders…`);
    let cartNext = 0;
    const cartPaid: string[] = [];
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (cartNext < cartCreated.length) {
          const order = cartCreated[cartNext++]!;
          const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
          const body = `{"razorpay_order_id":"${order.id}","razorpay_payment_id":"${paymentId}","razorpay_signature":"${hmac(DEV_SECRETS.RAZORPAY_KEY_SECRET, `${order.id}|${paymentId}`)}"}`;
          try {
            const res = await request(port, 'POST', '/api/verify-payment', body, { 'content-type': 'application/json', ...order.auth });
            if (res.status !== 200) throw new Error(String(res.status));
            cartPaid.push(paymentId);
          } catch (err) {
            failed('verify-payment (cart)', err);
          }
        }
      }),
    );
    const cartAudit = (
      await sql.query(
        `SELECT count(*)::int AS orders, count(*) FILTER (WHERE jsonb_array_length(lines) = $1)::int AS "withAllLines",
                (SELECT count(*)::int FROM cart_lines) AS "linesLeftInCarts"
           FROM orders WHERE lines->0->>'cartLineId' IS NOT NULL AND status = 'paid'`,
        [CART_LINES],
      )
    ).rows[0] as { orders: number; withAllLines: number; linesLeftInCarts: number };
    cartLatencies.sort((a, b) => a - b);

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
    const paidMoves = (await sql.query(`SELECT count(*)::int AS n FROM order_status_history WHERE to_status = 'paid'`)).rows[0].n as number;
    await sql.end();

    const errorCount = errorCountOf();
    const ok =
      cartPerSecond >= TARGETS.cartOrdersPerSecond &&
      cartAudit.orders === cartPaid.length &&
      cartAudit.withAllLines === cartPaid.length &&
      cartAudit.linesLeftInCarts === 0 &&
      createPerSecond >= TARGETS.createOrdersPerSecond &&
      payPerSecond >= TARGETS.paymentsPerSecond &&
      errorCount <= TARGETS.errors &&
      mails.delivered === payLatencies.length &&
      paidLackingPayment === 0 &&
      verifiedWithoutPaidOrder === 0 &&
      duplicatePayments === 0 &&
      paidMoves === paidRows.length;
    const cpuLine = (c: typeof createCpu) =>
      `CPU per request server ${c.server.toFixed(2)} ms, PostgreSQL ${postmaster ? c.postgres.toFixed(2) : '?'} ms, load client ${c.client.toFixed(2)} ms (${c.alonePerSecond.toFixed(0)}/s if they had the ${os.cpus().length} cores to themselves)`;
    console.log(
      `create-order     ${createPerSecond.toFixed(1)}/s (target ≥ ${TARGETS.createOrdersPerSecond}): ${createLatencies.length} orders in ${createSeconds.toFixed(1)} s; p50 ${percentile(createLatencies, 50).toFixed(1)} ms, p99 ${percentile(createLatencies, 99).toFixed(1)} ms`,
    );
    console.log(`                 ${cpuLine(createCpu)}`);
    console.log(
      `pay (verify)     ${payPerSecond.toFixed(1)}/s (target ≥ ${TARGETS.paymentsPerSecond}): ${payLatencies.length} orders paid in ${paySeconds.toFixed(1)} s; p50 ${percentile(payLatencies, 50).toFixed(1)} ms, p99 ${percentile(payLatencies, 99).toFixed(1)} ms; ${payPerSecondUntilLastEmail.toFixed(1)}/s counting until the last confirmation e-mail was written ${(payUntilLastEmailSeconds - paySeconds).toFixed(1)} s later`,
    );
    console.log(`                 ${cpuLine(payCpu)}`);
    console.log(
      `cart order       ${cartPerSecond.toFixed(1)}/s (target ≥ ${TARGETS.cartOrdersPerSecond}): ${cartLatencies.length} orders of ${CART_LINES} lines in ${cartSeconds.toFixed(1)} s; p50 ${percentile(cartLatencies, 50).toFixed(1)} ms, p99 ${percentile(cartLatencies, 99).toFixed(1)} ms; ${cartPaid.length} paid, ${cartAudit.withAllLines} with all ${CART_LINES} lines, ${cartAudit.linesLeftInCarts} lines left in carts`,
    );
    console.log(`                 ${cpuLine(cartCpu)}`);
    console.log(
      `customers        ${customers.length} with ${CONNECTIONS} connections (at most ${Math.max(...ordersByCustomer)} orders each; the limit is 30 per 10 minutes)`,
    );
    console.log(
      `load average     ${loadBefore.join(' ')} before → ${loadAfter.join(' ')} after (other work on the machine slows every figure above)`,
    );
    console.log(
      `e-mails          ${mails.queued} confirmations queued, ${mailsAtLoadEnd} written when the payments stopped, ${mails.delivered} at the end`,
    );
    console.log(
      `print files      ${printFiles.queued} jobs queued, ${printFiles.done} done by the end (a background backlog; not waited for)`,
    );
    console.log(`errors           ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''}`);
    console.log(
      `audit            ${verified.length} verified payments; ${verifiedWithoutPaidOrder} without exactly one paid order; ${paidRows.length} paid orders, ${paidLackingPayment} lacking a payment, ${paidMoves} paid moves in the history; ${duplicatePayments} duplicate payments`,
    );
    const figures = (latencies: number[], perSecond: number, seconds: number, cpu: typeof createCpu) => ({
      requests: latencies.length,
      perSecond: Number(perSecond.toFixed(1)),
      seconds: Number(seconds.toFixed(1)),
      p50Ms: Number(percentile(latencies, 50).toFixed(1)),
      p99Ms: Number(percentile(latencies, 99).toFixed(1)),
      cpuMsPerRequest: {
        server: Number(cpu.server.toFixed(2)),
        postgres: postmaster ? Number(cpu.postgres.toFixed(2)) : null,
        client: Number(cpu.client.toFixed(2)),
      },
      perSecondAlone: Number(cpu.alonePerSecond.toFixed(0)),
    });
    console.log(
      JSON.stringify({
        bench: 'checkout',
        connections: CONNECTIONS,
        createOrder: figures(createLatencies, createPerSecond, createSeconds, createCpu),
        pay: {
          ...figures(payLatencies, payPerSecond, paySeconds, payCpu),
          perSecondUntilLastEmail: Number(payPerSecondUntilLastEmail.toFixed(1)),
        },
        cartOrder: {
          lines: CART_LINES,
          ...figures(cartLatencies, cartPerSecond, cartSeconds, cartCpu),
          paid: cartPaid.length,
          audit: cartAudit,
        },
        errors: errorCount,
        confirmationEmails: { ...mails, deliveredWhenPaymentsStopped: mailsAtLoadEnd },
        printFileJobs: printFiles,
        customers: customers.length,
        maxOrdersPerCustomer: Math.max(...ordersByCustomer),
        loadAverage: { before: loadBefore, after: loadAfter },
        audit: {
          verifiedPayments: verified.length,
          verifiedWithoutPaidOrder,
          paidOrders: paidRows.length,
          paidLackingPayment,
          paidMoves,
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
