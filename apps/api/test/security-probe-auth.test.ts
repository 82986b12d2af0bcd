import net from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@framewala/domain';
import { HEADERS_TIMEOUT_MS } from '../src/app';
import { DEFAULT_BODY_TIMEOUT_MS } from '../src/plugins/body-timeout';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../src/routes/accounts';
import { commonPasswordCount } from '../src/services/auth/common-passwords';
import { Client, expectError, newCustomer, signUpAndIn } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { createOrder, orderBody, pickCatalogue, saveAddress, uploadPhoto } from './orders-helpers';
import { plainJpeg, uploadRequest } from './upload-fixtures';

// What an outside probe found about signing in: a stalled JSON body held its connection for ever and was not rate
// limited; anyone could lock a known account out; weak passwords were accepted; signing out left the token working;
// a token without an expiry was accepted; bidi control characters were accepted in names and addresses.

let t: TestApp;
let client: Client;
let port: number;
const BODY_TIMEOUT_MS = 1_000;

beforeAll(async () => {
  t = await createTestApp({
    bodyTimeoutMs: BODY_TIMEOUT_MS,
    rateLimits: {
      // Stalled sign-ins from 127.0.0.1 (the raw sockets below) are counted here; injected requests use other addresses.
      loginPerIp: { limit: 20, windowSeconds: 600 },
      loginFailureDelay: { freeFailures: 3, baseDelaySeconds: 30, maxDelaySeconds: 600, forgetAfterSeconds: 900 },
    },
  });
  client = new Client(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 60_000);
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

/** Opens a connection, writes `head`, and resolves when the server closes it: how long that took and what it said. */
function stalledRequest(head: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ ms: Date.now() - started, answer: Buffer.concat(chunks).toString('utf8') }));
    socket.setTimeout(20_000, () => socket.destroy()); // the test fails on `ms` rather than hanging
  });
}

const stalledLogin = () =>
  stalledRequest('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');

describe('a JSON body that never finishes', () => {
  it('is closed within the body timeout (30 s by default), with a 408 in the catalogue shape', async () => {
    expect(DEFAULT_BODY_TIMEOUT_MS).toBe(30_000);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    // No server-wide request timeout: it would cut long photo uploads.
    expect(t.app.server.requestTimeout).toBe(0);

    const { ms, answer } = await stalledLogin();
    expect(ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(BODY_TIMEOUT_MS + 3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toMatchObject({ code: 'REQUEST_TIMEOUT', message: expect.any(String) });
  });

  it('counts towards the per-address sign-in limit before its body is read', async () => {
    // The first test's stalled sign-in counted once; 19 more reach the limit of 20.
    await Promise.all(Array.from({ length: 19 }, () => stalledLogin()));
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'someone@example.in', password: 'whatever password' }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('does not cut a slow photo upload that takes longer than the JSON body timeout', async () => {
    const request = uploadRequest(await plainJpeg(900, 720));
    const payload = request.payload as Buffer;
    const head =
      `POST /api/upload-image HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${payload.length}\r\n` +
      Object.entries(request.headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      '\r\n';
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', async () => {
        socket.write(head);
        const parts = 5;
        const step = Math.ceil(payload.length / parts);
        for (let i = 0; i < parts; i += 1) {
          socket.write(payload.subarray(i * step, (i + 1) * step));
          await new Promise((r) => setTimeout(r, (BODY_TIMEOUT_MS * 2) / parts)); // 2 s in all, twice the timeout
        }
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});

describe('failed sign-ins', () => {
  it('from one address do not block the right password from another', async () => {
    const { body } = await signUpAndIn(client, {}, '10.20.0.1');
    for (let i = 0; i < 3; i += 1) {
      expect((await client.post('/api/login', { userName: body.email, password: `wrong ${i}` }, { ip: '10.20.0.2' })).statusCode).toBe(401);
    }
    // The guessing address now waits…
    const slowed = expectError(
      await client.post('/api/login', { userName: body.email, password: 'wrong 9' }, { ip: '10.20.0.2' }),
      429,
      'RATE_LIMITED',
    );
    expect(slowed.retryAfterSeconds).toBeGreaterThan(0);
    // …while the customer signs in from their own.
    const mine = await client.post('/api/login', { userName: body.email, password: body.password }, { ip: '10.20.0.3' });
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('slow the guessing address down progressively, not with a hard block', async () => {
    const { body } = await signUpAndIn(client, {}, '10.21.0.1');
    const ip = '10.21.0.2';
    for (let i = 0; i < 3; i += 1) await client.post('/api/login', { userName: body.email, password: `wrong ${i}` }, { ip });
    const first = expectError(await client.post('/api/login', { userName: body.email, password: 'x' }, { ip }), 429);
    expect(Number(first.retryAfterSeconds)).toBeLessThanOrEqual(30);
    // The wait is served: one more failure doubles it.
    await t.database.pool.query(`UPDATE login_failures SET last_failure_at = last_failure_at - interval '31 seconds'`);
    expect((await client.post('/api/login', { userName: body.email, password: 'wrong again' }, { ip })).statusCode).toBe(401);
    const second = expectError(await client.post('/api/login', { userName: body.email, password: 'x' }, { ip }), 429);
    expect(Number(second.retryAfterSeconds)).toBeGreaterThan(30);
    expect(Number(second.retryAfterSeconds)).toBeLessThanOrEqual(60);
    // Once the wait is over the right password works from there too, and clears the count.
    await t.database.pool.query(`UPDATE login_failures SET last_failure_at = last_failure_at - interval '61 seconds'`);
    expect((await client.post('/api/login', { userName: body.email, password: body.password }, { ip })).statusCode).toBe(200);
    expect((await client.post('/api/login', { userName: body.email, password: 'wrong' }, { ip })).statusCode).toBe(401);
  });

  it('are the only ones counted: many good sign-ins in a row all succeed', async () => {
    const { body } = await signUpAndIn(client, {}, '10.22.0.1');
    for (let i = 0; i < 15; i += 1) {
      const res = await client.post('/api/login', { userName: body.email, password: body.password }, { ip: `10.22.1.${i % 2}` });
      expect(res.statusCode, `sign-in ${i + 1}: ${res.body}`).toBe(200);
    }
  });

  it('keep sensible defaults: a few free failures, a wait that grows, a cap', () => {
    const rule = DEFAULT_ACCOUNT_RATE_LIMITS.loginFailureDelay;
    expect(rule.freeFailures).toBeGreaterThanOrEqual(3);
    expect(rule.freeFailures).toBeLessThanOrEqual(10);
    expect(rule.maxDelaySeconds).toBeLessThanOrEqual(15 * 60);
  });
});

describe('new passwords', () => {
  it('come with a bundled list of at least 10,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuse common and whitespace-only passwords at sign-up', async () => {
    for (const password of ['password', '12345678', 'Password1', 'iloveyou', ' qwerty123 ', '        ', '\t\t\t\t    ']) {
      const res = await client.post('/api/register', newCustomer({ password }), { ip: '10.23.0.1' });
      const body = expectError(res, 400, 'VALIDATION');
      expect(body.message, JSON.stringify(password)).toMatch(/too common|not only spaces/);
    }
    const common = expectError(await client.post('/api/register', newCustomer({ password: 'password' }), { ip: '10.23.0.2' }), 400);
    expect(common.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await client.post('/api/register', newCustomer({ password: 'tulsi garden 1987' }), { ip: '10.23.0.2' })).statusCode).toBe(201);
  });

  it('refuse common and whitespace-only passwords at reset', async () => {
    for (const password of ['12345678', '          ']) {
      // Refused before the token is even looked at.
      expectError(await client.post('/api/reset-password', { token: 'some-token', password }, { ip: '10.24.0.1' }), 400, 'VALIDATION');
    }
  });
});

describe('sessions', () => {
  it('signing out ends the session on the server', async () => {
    const { token } = await signUpAndIn(client, {}, '10.25.0.1');
    expect((await client.get('/api/user', { token })).statusCode).toBe(200);
    const out = await client.post('/api/logout', undefined, { token });
    expect(out.statusCode, out.body).toBe(204);
    expectError(await client.get('/api/user', { token }), 401, 'UNAUTHORIZED');
    expectError(await client.post('/api/logout', undefined, { token }), 401);
    expectError(await client.post('/api/logout', undefined), 401);
  });

  it('a signed-out token cannot place an order either (routes that check the session themselves)', async () => {
    const c = await pickCatalogue(t);
    const asha = await signUpAndIn(client, {}, '10.25.0.2');
    await saveAddress(t, asha.user._id);
    const photo = await uploadPhoto(t, asha.token);
    expect((await client.post('/api/logout', undefined, { token: asha.token })).statusCode).toBe(204);
    expectError(await createOrder(client, asha.token, orderBody(c, photo)), 401);
  });

  it('a token without an expiry is refused', async () => {
    const { user } = await signUpAndIn(client, {}, '10.25.0.3');
    const forever = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user._id)
      .setIssuer('framewala')
      .setAudience('framewala:session')
      .setIssuedAt()
      .sign(new TextEncoder().encode(testConfig().auth.jwtSecret));
    expectError(await client.get('/api/user', { token: forever }), 401, 'UNAUTHORIZED');
  });

  it('bidi control characters are refused in names and addresses', async () => {
    for (const bidi of ['\u202E', '\u202A', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C']) {
      const res = await client.post('/api/register', newCustomer({ lastName: `Rao${bidi}gpj.exe` }), { ip: '10.26.0.1' });
      expectError(res, 400, 'VALIDATION');
    }
    const { token, user } = await signUpAndIn(client, {}, '10.26.0.2');
    const address = {
      fullName: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.in',
      addressLine1: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    };
    for (const field of ['fullName', 'addressLine1', 'addressLine2', 'city', 'companyName']) {
      const res = await client.post('/api/add-address', { userId: user._id, address: { ...address, [field]: `MG\u202ERoad` } }, { token });
      expectError(res, 400, 'VALIDATION');
    }
  });
});
