import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactText, redactUrl, scrubSecrets } from '../src/plugins/logging';
import { outboxDirectory } from '../src/services/mail';
import { webhookSignature } from '../src/services/payments/signatures';
import { Client, signUpAndIn } from './accounts-helpers';
import { createTestApp, drainJobs, tempDir, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto } from './orders-helpers';
import { newClaim, plainJpeg, uploadRequest } from './upload-fixtures';

/** Everything the server logs, as pino writes it (one JSON line per entry). */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new secret 42';
const COOKIE = 'session=cookie-value-that-must-not-be-logged';

let t: TestApp;
let client: Client;
let dataDir: string;
const log = new Capture();
const config = () => testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test', LOG_LEVEL: 'trace' });

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dataDir = await tempDir('framewala-logs-');
  t = await createTestApp({ config: config(), logger: { ...loggerOptions('trace'), stream: log } });
  client = new Client(t.app);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('secrets in the logs', () => {
  const secrets: Record<string, string> = {};

  it('logs every request of a customer journey, with none of its secrets', async () => {
    const { keySecret, webhookSecret } = config().payments;
    secrets.keySecret = keySecret;
    secrets.webhookSecret = webhookSecret;
    secrets.jwtSecret = config().auth.jwtSecret;
    secrets.password = PASSWORD;
    secrets.cookie = COOKIE.split('=')[1]!;

    // Register and sign in; the session token then goes in every Authorization header.
    const asha = await signUpAndIn(client, { password: PASSWORD });
    secrets.sessionToken = asha.token;
    expect((await client.get('/api/user', { token: asha.token, headers: { cookie: COOKIE } })).statusCode).toBe(200);

    // An anonymous photo with its claim.
    const claim = newClaim();
    secrets.claim = claim;
    const upload = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { claim }));
    expect(upload.statusCode, upload.body).toBe(201);
    expect(
      (await client.get(`/api/uploads/${upload.json<{ _id: string }>()._id}`, { headers: { 'x-upload-claim': claim } })).statusCode,
    ).toBe(200);

    // Forgot password → the link's token → the reset page and the reset itself → sign in with the new password.
    expect((await client.post('/api/forgot-password', { email: asha.body.email })).statusCode).toBe(202);
    const mail = await waitFor('the reset e-mail', async () => {
      const names = await fs.readdir(outboxDirectory(dataDir)).catch(() => []);
      return names[0] ? fs.readFile(path.join(outboxDirectory(dataDir), names[0]), 'utf8') : undefined;
    });
    const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(resetToken).toBeDefined();
    secrets.resetToken = resetToken!;
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    expect((await client.post('/api/reset-password', { token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(200);
    secrets.newPassword = NEW_PASSWORD;
    const login = await client.post('/api/login', { userName: asha.body.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    secrets.secondSessionToken = token;

    // An order, paid in the sandbox, verified with Razorpay's signature, and a signed webhook.
    await saveAddress(t, asha.user._id);
    const catalogue = await pickCatalogue(t);
    const created = await createOrder(client, token, orderBody(catalogue, await uploadPhoto(t, token)));
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<{ id: string; amount: number }>();
    const pay = await client.post('/api/sandbox/pay', { razorpay_order_id: order.id, card: '4111 1111 1111 1111' }, { token });
    expect(pay.statusCode, pay.body).toBe(200);
    const payment = pay.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
    secrets.paymentSignature = payment.razorpay_signature;
    expect((await client.post('/api/verify-payment', payment, { token })).statusCode).toBe(200);
    const event = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: payment.razorpay_payment_id, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' },
        },
      },
    });
    const signature = webhookSignature(event, webhookSecret);
    secrets.webhookSignature = signature;
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      payload: event,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_${Date.now()}` },
    });
    expect(hook.statusCode, hook.body).toBeLessThan(300);

    // A careless log line holding secrets is redacted too.
    t.app.log.info(
      { body: { password: PASSWORD, token: asha.token }, config: config(), headers: { authorization: `Bearer ${asha.token}` } },
      'careless',
    );
    await drainJobs(t.database.pool); // the reset e-mail's job and the webhook's settle log after replying

    // The log did record the journey: it could have leaked.
    const lines = log.lines();
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    for (const url of [
      '/api/register',
      '/api/login',
      '/api/user',
      '/api/upload-image',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/verify-payment',
      '/api/webhooks/razorpay',
    ])
      expect(urls).toContain(url);
    expect(urls).toContain('/reset-password?token=[redacted]');
    const careless = lines.find((l) => l.msg === 'careless') as {
      body: Record<string, string>;
      config: { payments: Record<string, string> };
      headers: Record<string, string>;
    };
    expect(careless.body).toEqual({ password: '[redacted]', token: '[redacted]' });
    expect(careless.config.payments.keySecret).toBe('[redacted]');
    expect(careless.config.payments.webhookSecret).toBe('[redacted]');
    expect(careless.headers.authorization).toBe('[redacted]');

    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      const leaking = log.text.split('\n').filter((line) => line.includes(value));
      expect(leaking, `log lines holding the ${name}`).toEqual([]);
    }
  });
});

describe('redaction helpers', () => {
  it('scrubs secret keys at any depth, in arrays too, without touching objects that hold none', () => {
    const clean = { queue: 'mail', data: { orderId: 'FW-1', lines: [{ n: 1 }] } };
    expect(scrubSecrets(clean)).toBe(clean);
    const dirty = {
      a: { b: { c: { PassWord: 'p1', keep: 1 } } },
      list: [{ token: 't1' }, 'plain'],
      headers: { Authorization: 'x', authorization: 'Bearer t2', 'x-upload-claim': 'c1' },
      url: '/reset-password?token=t3',
    };
    expect(scrubSecrets(dirty)).toEqual({
      a: { b: { c: { PassWord: '[redacted]', keep: 1 } } },
      list: [{ token: '[redacted]' }, 'plain'],
      headers: { Authorization: '[redacted]', authorization: '[redacted]', 'x-upload-claim': '[redacted]' },
      url: '/reset-password?token=[redacted]',
    });
    expect(dirty.a.b.c.PassWord).toBe('p1'); // the logged object itself is left alone
  });

  it('hides secret query values and credentials inside URLs', () => {
    expect(redactUrl('/reset-password?token=abc&next=/x')).toBe('/reset-password?token=[redacted]&next=/x');
    expect(redactUrl('/media/a.jpg?X-Amz-Signature=abc&X-Amz-Credential=k')).toBe(
      '/media/a.jpg?X-Amz-Signature=[redacted]&X-Amz-Credential=k',
    );
    expect(redactUrl('/api/get-frame?size=8x10')).toBe('/api/get-frame?size=8x10');
    expect(redactText('connect ECONNREFUSED postgres://framewala:hunter2secret@db:5432/shop')).toBe(
      'connect ECONNREFUSED postgres://framewala:[redacted]@db:5432/shop',
    );
    expect(redactText('smtp://mailer:p4ss@smtp.example.com:587 and https://example.com/x')).toBe(
      'smtp://mailer:[redacted]@smtp.example.com:587 and https://example.com/x',
    );
  });
});
