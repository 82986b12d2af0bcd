import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOrPromoteAdmin } from '../src/services/admin/create-admin';
import { outboxDirectory } from '../src/services/mail';
import { paymentSignature } from '../src/services/payments/signatures';
import { signUpAndIn, type Client } from './accounts-helpers';
import { testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, type Catalogue } from './orders-helpers';

/** A signed-in customer made an admin through the same function as `npm run admin:create`. */
export async function signInAdmin(t: TestApp, client: Client) {
  const account = await signUpAndIn(client, { firstName: 'Owner' });
  const result = await createOrPromoteAdmin(t.database, {
    email: account.body.email,
    firstName: 'ignored',
    lastName: '',
    mobile: '',
  });
  expect(result.outcome).toBe('promoted');
  return account;
}

/** Creates an order through the API and pays it through verify-payment (a correctly signed sandbox payment). */
export async function paidOrder(client: Client, token: string, c: Catalogue, uploadId: string, overrides: Record<string, unknown> = {}) {
  const res = await createOrder(client, token, orderBody(c, uploadId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ id: string; amount: number; orderId: string }>();
  const paymentId = `pay_ADMIN${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const signature = paymentSignature(created.id, paymentId, testConfig().payments.keySecret);
  const verified = await client.post(
    '/api/verify-payment',
    { razorpay_order_id: created.id, razorpay_payment_id: paymentId, razorpay_signature: signature },
    { token },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...created, paymentId };
}

/** An unpaid order (status created). */
export async function unpaidOrder(client: Client, token: string, c: Catalogue, uploadId: string) {
  const res = await createOrder(client, token, orderBody(c, uploadId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; amount: number; orderId: string }>();
}

/** Undoes quoted-printable soft breaks and escapes, enough to read text and links out of a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** The messages in DATA_DIR/outbox, decoded, oldest first. */
export async function outboxMessages(dataDir: string): Promise<string[]> {
  const dir = outboxDirectory(dataDir);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (n) => decodeQuotedPrintable(await fs.readFile(`${dir}/${n}`, 'utf8'))));
}

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route of the app as Fastify's router has it, read from `printRoutes` (one line per tree node, children
 * indented by four characters and continuing their parent's path).
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: RouteEntry[] = [];
  for (const line of text.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (depth > 0 ? (stack[depth - 1] ?? '') : '') + m[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if (m[3]) for (const method of m[3].split(',')) out.push({ method: method.trim(), url: full });
  }
  return out;
}
