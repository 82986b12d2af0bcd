import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../src/routes/accounts';
import { connectDatabase } from '../src/db/client';
import { Client, expectError, newCustomer } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';

const window = { windowSeconds: 600 };
let t: TestApp;
let client: Client;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerIp: { limit: 6, ...window },
      loginFailureDelay: { freeFailures: 2, baseDelaySeconds: 60, maxDelaySeconds: 600, forgetAfterSeconds: 600 },
      registerPerIp: { limit: 2, ...window },
      forgotPasswordPerIp: { limit: 4, ...window },
      forgotPasswordPerEmail: { limit: 2, ...window },
      resetPasswordPerIp: { limit: 2, ...window },
    },
  });
  client = new Client(t.app);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
});

function expectLimited(res: Awaited<ReturnType<Client['post']>>, message: RegExp) {
  const body = expectError(res, 429, 'RATE_LIMITED');
  expect(body.message).toMatch(message);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
  expect(body.retryAfterSeconds).toBe(Number(res.headers['retry-after']));
}

describe('rate limits', () => {
  it('keeps defaults that allow real use but stop guessing', () => {
    expect(DEFAULT_ACCOUNT_RATE_LIMITS.loginFailureDelay.freeFailures).toBeLessThanOrEqual(10);
    expect(DEFAULT_ACCOUNT_RATE_LIMITS.forgotPasswordPerEmail.limit).toBeLessThanOrEqual(5);
    for (const rule of Object.values(DEFAULT_ACCOUNT_RATE_LIMITS)) {
      if ('windowSeconds' in rule) expect(rule.windowSeconds).toBeGreaterThanOrEqual(900);
    }
  });

  it('slows failed sign-ins on one account from one address, not the right password from another', async () => {
    const body = newCustomer();
    expect((await client.post('/api/register', body, { ip: '10.0.1.1' })).statusCode).toBe(201);
    for (let i = 0; i < 2; i += 1)
      expect((await client.post('/api/login', { userName: body.email, password: 'wrong password' }, { ip: '10.0.1.2' })).statusCode).toBe(
        401,
      );
    // The same address in other letters is the same account.
    expectLimited(
      await client.post('/api/login', { userName: body.email.toUpperCase(), password: 'wrong password' }, { ip: '10.0.1.2' }),
      /sign-in/,
    );
    expect((await client.post('/api/login', { userName: body.email, password: body.password }, { ip: '10.0.1.3' })).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP address across e-mails', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 6; i += 1)
      expect((await client.post('/api/login', { userName: `guess${i}@example.in`, password: 'guess' }, { ip })).statusCode).toBe(401);
    expectLimited(await client.post('/api/login', { userName: 'guess99@example.in', password: 'guess' }, { ip }), /sign-in/);
    expect((await client.post('/api/login', { userName: 'guess99@example.in', password: 'guess' }, { ip: '10.0.2.2' })).statusCode).toBe(
      401,
    );
  });

  it('limits sign-ups per IP address', async () => {
    const ip = '10.0.3.1';
    expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
    expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
    const blocked = newCustomer();
    expectLimited(await client.post('/api/register', blocked, { ip }), /Too many accounts/);
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [blocked.email]);
    expect(rows).toHaveLength(0);
  });

  it('limits reset requests per e-mail and per IP, and reset attempts per IP', async () => {
    const email = `limited.${Date.now()}@example.in`;
    expect((await client.post('/api/forgot-password', { email }, { ip: '10.0.4.1' })).statusCode).toBe(202);
    expect((await client.post('/api/forgot-password', { email }, { ip: '10.0.4.2' })).statusCode).toBe(202);
    expectLimited(await client.post('/api/forgot-password', { email }, { ip: '10.0.4.3' }), /Too many password reset requests/);

    const ip = '10.0.4.9';
    for (let i = 0; i < 4; i += 1)
      expect((await client.post('/api/forgot-password', { email: `other${i}@example.in` }, { ip })).statusCode).toBe(202);
    expectLimited(await client.post('/api/forgot-password', { email: 'other9@example.in' }, { ip }), /password reset/);

    for (let i = 0; i < 2; i += 1)
      expect((await client.post('/api/reset-password', { token: `guess-${i}`, password: 'whatever123' }, { ip })).statusCode).toBe(400);
    expectLimited(await client.post('/api/reset-password', { token: 'guess-3', password: 'whatever123' }, { ip }), /password reset/);
  });

  it('opens again when the window ends', async () => {
    const ip = '10.0.5.1';
    expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
    expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
    expectLimited(await client.post('/api/register', newCustomer(), { ip }), /Too many accounts/);
    await t.database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second'`);
    expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
  });

  it('stores hashed keys only, never an address or an e-mail', async () => {
    const { rows } = await t.database.pool.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toMatch(/10\.0|@/);
    }
  });

  it('counts together across servers sharing the database', async () => {
    const second = await buildApp({
      config: testConfig(),
      database: connectDatabase(t.testDb.url),
      webDist: false,
      logger: false,
      prepareDatabase: false,
      workers: false,
      rateLimits: { registerPerIp: { limit: 2, ...window } },
    });
    try {
      const ip = '10.0.6.1';
      expect((await client.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
      const other = new Client(second);
      expect((await other.post('/api/register', newCustomer(), { ip })).statusCode).toBe(201);
      expectLimited(await client.post('/api/register', newCustomer(), { ip }), /Too many accounts/);
      expectLimited(await other.post('/api/register', newCustomer(), { ip }), /Too many accounts/);
    } finally {
      await second.close();
    }
  });

  it('counts every request exactly once under concurrency', async () => {
    const ip = '10.0.7.1';
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.post('/api/login', { userName: `burst${i}@example.in`, password: 'guess' }, { ip })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });
});
