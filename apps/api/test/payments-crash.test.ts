import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_SECRETS } from '../src/config/env';
import { paymentSignature, webhookSignature } from '../src/services/payments/signatures';
import { newCustomer } from './accounts-helpers';
import { createTestDatabase, tempDir, type TestDatabase } from './helpers';
import { plainJpeg, uploadRequest } from './upload-fixtures';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PAYMENT_PROVIDER: 'sandbox', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, output: () => out, exited };
}

async function waitForReady(server: Running, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!server.output().includes('Framewala is ready')) {
    if (server.child.exitCode !== null) throw new Error(`server exited; output:\n${server.output()}`);
    if (Date.now() > until) throw new Error(`timed out; output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a server killed between create-order and verify', () => {
  let db: TestDatabase;
  let dataDir: string;
  const started: Running[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await tempDir('framewala-crash-');
    await fs.cp(inject('storageRoot'), path.join(dataDir, 'storage'), { recursive: true });
  });
  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    await db?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('ends with the order paid exactly once when the webhook is delivered afterwards', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const base = `http://127.0.0.1:${port}`;
    const json = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const first = startServer(env);
    started.push(first);
    await waitForReady(first);

    const customer = newCustomer();
    expect((await json('/api/register', customer)).status).toBe(201);
    const login = await json('/api/login', { userName: customer.email, password: customer.password });
    const token = login.body.token as string;
    const userId = (login.body.user as { _id: string })._id;
    const auth = { authorization: `Bearer ${token}` };
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO addresses (user_id, full_name, phone, email, address_line1, city, state, postal_code, in_directory)
         VALUES ($1, 'Asha Rao', '+919876543210', 'asha@example.in', '12, MG Road', 'Bangalore', 'Karnataka', '560001', true)`,
        [userId],
      );
      const up = uploadRequest(await plainJpeg(900, 720), { token, claim: null });
      const uploadRes = await fetch(`${base}/api/upload-image`, { method: 'POST', headers: up.headers, body: up.payload });
      expect(uploadRes.status).toBe(201);
      const uploadId = ((await uploadRes.json()) as { _id: string })._id;
      const size = (await sql.query('SELECT id FROM preset_sizes WHERE active AND width_in > height_in ORDER BY sort, id LIMIT 1')).rows[0]
        .id;
      const finish = (await sql.query('SELECT id FROM frame_finishes WHERE active ORDER BY sort LIMIT 1')).rows[0].id;
      const draft = { amount: 0, currency: 'INR', selectedFrame: finish, selectedMotifBorder: 0, quantity: 1, uploadId, sizeId: size };
      const mismatch = await json('/api/create-order', draft, auth);
      expect(mismatch.status).toBe(409);
      const created = await json(
        '/api/create-order',
        { ...draft, amount: mismatch.body.amount },
        { ...auth, 'idempotency-key': crypto.randomUUID() },
      );
      expect(created.status).toBe(201);
      const providerOrderId = created.body.id as string;
      const orderId = created.body.orderId as string;

      // The customer pays (the sandbox queues its own webhook), then the server dies before verify.
      const pay = await json('/api/sandbox/pay', { razorpay_order_id: providerOrderId, card: 'success' }, auth);
      expect(pay.status).toBe(200);
      first.child.kill('SIGKILL');
      await first.exited;

      const second = startServer(env);
      started.push(second);
      await waitForReady(second);

      const paymentId = pay.body.razorpay_payment_id as string;
      const event = JSON.stringify({
        event: 'payment.captured',
        payload: {
          payment: {
            entity: { id: paymentId, order_id: providerOrderId, amount: mismatch.body.amount, currency: 'INR', status: 'captured' },
          },
        },
      });
      const deliver = () =>
        fetch(`${base}/api/webhooks/razorpay`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-event-id': 'evt_crash_1',
            'x-razorpay-signature': webhookSignature(event, DEV_SECRETS.RAZORPAY_WEBHOOK_SECRET),
          },
          body: event,
        });
      const [a, b] = await Promise.all([deliver(), deliver()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const verify = await json(
        '/api/verify-payment',
        {
          razorpay_order_id: providerOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(providerOrderId, paymentId, DEV_SECRETS.RAZORPAY_KEY_SECRET),
        },
        auth,
      );
      expect(verify).toEqual({ status: 200, body: { message: 'Payment verified successfully', orderId } });
      // Let the sandbox's own queued webhook (if it survived the kill) run too.
      await new Promise((r) => setTimeout(r, 3000));

      const order = (await sql.query('SELECT status, payment_id FROM orders WHERE id = $1', [orderId])).rows[0];
      expect(order).toEqual({ status: 'paid', payment_id: paymentId });
      expect((await sql.query('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [orderId])).rows[0].n).toBe(1);
      expect(
        (await sql.query(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [orderId]))
          .rows[0].n,
      ).toBe(1);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
