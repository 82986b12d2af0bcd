import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_SUCCESS_MESSAGE } from '@framewala/domain';
import { SHORT_SESSION_SECONDS, LONG_SESSION_SECONDS, signSessionToken } from '../src/services/auth/tokens';
import { Client, expectError, newCustomer, signUpAndIn } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';

let t: TestApp;
let client: Client;
const secret = testConfig().auth.jwtSecret;

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery', 'another secret 123']);
  await t?.close();
});

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /api/register', () => {
  it('creates an account and answers 201 with the public user', async () => {
    const body = newCustomer({ email: `  Mixed.Case.${Date.now()}@Example.IN `, firstName: ' Asha ' });
    const res = await client.post('/api/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json<{ message: string; user: Record<string, unknown> }>();
    expect(json.message).toMatch(/created/i);
    expect(Object.keys(json.user).sort()).toEqual(['_id', 'email', 'firstName', 'lastName', 'locale', 'mobileNumber', 'role']);
    expect(json.user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      email: body.email.trim().toLowerCase(),
      mobileNumber: '+919876543210',
      role: 'customer',
      locale: null,
    });
    const { rows } = await t.database.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      json.user._id,
    ]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 409 EMAIL_TAKEN for an e-mail that exists, whatever its letter case', async () => {
    const body = newCustomer();
    expect((await client.post('/api/register', body)).statusCode).toBe(201);
    const again = await client.post('/api/register', { ...body, email: body.email.toUpperCase(), firstName: 'Other' });
    const err = expectError(again, 409, 'EMAIL_TAKEN');
    expect(err.message).toBe('An account with this e-mail already exists.');
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE lower(email) = $1', [body.email]);
    expect(rows).toHaveLength(1);
  });

  it('refuses missing fields, a short or huge password, a bad e-mail or phone, and unknown fields with 400', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...newCustomer(), firstName: '' }, /firstName/],
      [{ ...newCustomer(), password: 'short' }, /at least 8/],
      [{ ...newCustomer(), password: 'x'.repeat(129) }, /at most 128/],
      [{ ...newCustomer(), email: 'not-an-email' }, /e-mail/],
      [{ ...newCustomer(), mobile: '12345' }, /phone/],
      [{ ...newCustomer(), mobile: 9876543210 }, /mobile/],
      [{ ...newCustomer(), role: 'admin' }, /role|Unrecognized/i],
      [{ ...newCustomer(), firstName: 'Asha\nRao' }, /one line/],
    ];
    for (const [body, message] of cases) {
      const err = expectError(await client.post('/api/register', body), 400, 'VALIDATION');
      expect(err.message).toMatch(message);
    }
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'");
    expect(rows[0].n).toBe(0);
  });
});

describe('POST /api/login', () => {
  it('signs in with the e-mail in any case and answers token, user and the seed message', async () => {
    const body = newCustomer();
    await client.post('/api/register', body);
    const res = await client.post('/api/login', { userName: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    const json = res.json<{ token: string; user: Record<string, unknown>; message: string }>();
    expect(json.message).toBe(LOGIN_SUCCESS_MESSAGE);
    expect(json.user).toMatchObject({ email: body.email, firstName: 'Asha', role: 'customer' });
    expect(typeof json.token).toBe('string');
  });

  it('gives a short session by default and a long one with rememberMe', async () => {
    const body = newCustomer();
    await client.post('/api/register', body);
    const short = payloadOf(
      (await client.post('/api/login', { userName: body.email, password: body.password })).json<{ token: string }>().token,
    );
    const long = payloadOf(
      (await client.post('/api/login', { userName: body.email, password: body.password, rememberMe: true })).json<{ token: string }>()
        .token,
    );
    expect((short.exp as number) - (short.iat as number)).toBe(SHORT_SESSION_SECONDS);
    expect((long.exp as number) - (long.iat as number)).toBe(LONG_SESSION_SECONDS);
  });

  it('answers a wrong password and an unknown e-mail with the same 401, taking about as long', async () => {
    const body = newCustomer();
    await client.post('/api/register', body);
    const wrong = await client.post('/api/login', { userName: body.email, password: 'another secret 123' });
    const unknown = await client.post('/api/login', { userName: `nobody.${Date.now()}@example.in`, password: 'another secret 123' });
    const a = expectError(wrong, 401, 'INVALID_CREDENTIALS');
    const b = expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(a).toEqual(b);
    expect(a.message).toBe('The e-mail or password is not correct.');

    // Both paths run one argon2 verification (about 14 ms here); without the dummy hash an unknown e-mail takes ~2 ms.
    const time = async (userName: string) => {
      const start = performance.now();
      await client.post('/api/login', { userName, password: 'another secret 123' }, { ip: '10.9.9.9' });
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(body.email));
      unknowns.push(await time(`nobody.${i}.${Date.now()}@example.in`));
    }
    expect(median(unknowns)).toBeGreaterThan(median(known) / 2);
    expect(median(unknowns)).toBeGreaterThan(8);
  });

  it('refuses malformed bodies with 400, never 5xx', async () => {
    for (const payload of [
      {},
      { userName: 'x@example.in' },
      { userName: 'not-mail', password: 'x' },
      { userName: 'x@example.in', password: 'x', rememberMe: 'yes' },
      [],
      null,
      42,
      { userName: ['a'], password: {} },
    ]) {
      const res = await client.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /api/user and the session token', () => {
  it('answers the signed-in user with an address of null before one is saved', async () => {
    const { token, user, body } = await signUpAndIn(client);
    const res = await client.get('/api/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        _id: user._id,
        firstName: 'Asha',
        lastName: 'Rao',
        email: body.email,
        mobileNumber: '+919876543210',
        role: 'customer',
        locale: null,
        address: null,
      },
    });
  });

  it('answers 401 without a token, with a malformed header or token', async () => {
    expectError(await client.get('/api/user'), 401, 'UNAUTHORIZED');
    expectError(await client.get('/api/user', { headers: { authorization: 'Basic abc' } }), 401, 'UNAUTHORIZED');
    expectError(await client.get('/api/user', { token: 'not.a.token' }), 401, 'UNAUTHORIZED');
    expectError(await client.get('/api/user', { token: 'x'.repeat(5000) }), 401, 'UNAUTHORIZED');
  });

  it('refuses alg none, a changed signature or payload, another key, another algorithm and an expired token', async () => {
    const { token, user } = await signUpAndIn(client);
    const { user: other } = await signUpAndIn(client);
    const [h, p, s] = token.split('.') as [string, string, string];

    const none = new UnsecuredJWT({ role: 'admin' })
      .setSubject(user._id)
      .setIssuer('framewala')
      .setAudience('framewala:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const flippedSignature = `${h}.${p}.${(s[0] === 'A' ? 'B' : 'A') + s.slice(1)}`;
    const otherSubject = Buffer.from(JSON.stringify({ ...payloadOf(token), sub: other._id })).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const key = new TextEncoder().encode(secret);
    const hs512 = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user._id)
      .setIssuer('framewala')
      .setAudience('framewala:session')
      .setExpirationTime('1h')
      .sign(key);
    const otherKey = await signSessionToken('another-secret-another-secret-another-1', { userId: user._id, role: 'customer' });
    const expired = await signSessionToken(
      secret,
      { userId: user._id, role: 'customer' },
      { now: Date.now() - (SHORT_SESSION_SECONDS + 60) * 1000 },
    );
    const expiredLong = await signSessionToken(
      secret,
      { userId: user._id, role: 'customer' },
      { remember: true, now: Date.now() - (LONG_SESSION_SECONDS + 60) * 1000 },
    );

    for (const bad of [
      none,
      flippedSignature,
      `${h}.${otherSubject}.${s}`,
      `${noneHeader}.${p}.`,
      `${noneHeader}.${p}.${s}`,
      hs512,
      otherKey,
      expired,
      expiredLong,
    ]) {
      const err = expectError(await client.get('/api/user', { token: bad }), 401, 'UNAUTHORIZED');
      expect(err.message).toMatch(/sign in again/);
    }
    expect((await client.get('/api/user', { token })).statusCode).toBe(200);
  });

  it('takes the role from the database, not from the token', async () => {
    const { user } = await signUpAndIn(client);
    const claimsAdmin = await signSessionToken(secret, { userId: user._id, role: 'admin' });
    const res = await client.get('/api/user', { token: claimsAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { role: string } }>().user.role).toBe('customer');
  });

  it('refuses the token of an account that no longer exists', async () => {
    const { token, user } = await signUpAndIn(client);
    await t.database.pool.query('DELETE FROM users WHERE id = $1', [user._id]);
    expectError(await client.get('/api/user', { token }), 401, 'UNAUTHORIZED');
  });
});

describe('hostile bodies', () => {
  const routes = ['/api/register', '/api/login', '/api/forgot-password', '/api/reset-password'];

  it('answers malformed JSON, __proto__, wrong types and huge bodies with 4xx, never 5xx', async () => {
    const json = { 'content-type': 'application/json' };
    // Each from its own address: the per-address limits count every request, bad ones included.
    let n = 0;
    const nextIp = () => `10.99.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
    for (const url of routes) {
      const bad = [
        await client.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: json, payload: '{"email":' }),
        await client.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: json,
          payload: '{"__proto__":{"admin":true},"email":"a@example.in"}',
        }),
        await client.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: json,
          payload: '{"constructor":{"prototype":{"admin":true}}}',
        }),
        await client.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: json, payload: '[1,2,3]' }),
        await client.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: json, payload: '"text"' }),
        await client.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: json, payload: '' }),
        await client.inject({ method: 'POST', url, remoteAddress: nextIp(), headers: { 'content-type': 'text/plain' }, payload: 'hello' }),
        await client.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: json,
          payload: JSON.stringify({ email: `${'a'.repeat(2 * 1024 * 1024)}@example.in` }),
        }),
        await client.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: json,
          payload: JSON.stringify({ email: `${'a'.repeat(300)}@example.in`, password: 'p'.repeat(100_000), token: 't'.repeat(100_000) }),
        }),
      ];
      for (const res of bad) {
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect(typeof res.json<{ message: string }>().message).toBe('string');
      }
      expect(bad[7]!.statusCode).toBe(413);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the account routes', async () => {
    const doc = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const p of [
      '/api/register',
      '/api/login',
      '/api/user',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/add-address',
      '/api/address/{userId}',
      '/api/pincode/{code}',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(JSON.stringify(doc.paths['/api/register'])).toContain('firstName');
  });
});
