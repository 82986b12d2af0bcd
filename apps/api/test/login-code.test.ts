import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, LOGIN_CODE_SENT_MESSAGE, LOGIN_SUCCESS_MESSAGE } from '@framewala/domain';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, eventually, tempDir, testConfig, type TestApp } from './helpers';
import { outboxMails, type ReadMail } from './mail-helpers';

let t: TestApp;
let client: Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-login-code-');
  t = await createTestApp({
    config: testConfig({ DATA_DIR: dataDir }),
    // Small enough to reach in a test; every test asks from addresses of its own, so the limits count it alone.
    rateLimits: {
      loginCodePerIp: { limit: 5, windowSeconds: 3600 },
      loginCodePerEmail: { limit: 3, windowSeconds: 3600 },
      loginCodeVerifyPerIp: { limit: 8, windowSeconds: 3600 },
    },
  });
  client = new Client(t.app);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

let counter = 0;
const newEmail = () => `code.${process.pid}.${Date.now()}.${(counter += 1)}@example.in`;
let lastIp = 0;
/** An address no other test uses, so the per-address limits count each test apart. */
const newIp = () => {
  lastIp += 1;
  return `10.33.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

/** The newest e-mail to `to` with a code, after `before` of them had arrived. */
async function mailTo(to: string, before = 0): Promise<ReadMail> {
  return eventually(`a sign-in code e-mail to ${to}`, async () => {
    const mails = (await outboxMails(dataDir)).filter((m) => m.to === to);
    return mails.length > before ? mails.at(-1) : undefined;
  });
}

const codeIn = (mail: ReadMail) => {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.text}`);
  return code;
};

async function mailCount(to: string) {
  return (await outboxMails(dataDir)).filter((m) => m.to === to).length;
}

/** Asks for a code and reads it from the outbox. */
async function askCode(email: string, ip = newIp(), url = '/api/login/code'): Promise<string> {
  const before = await mailCount(email);
  const res = await client.post(url, { email }, { ip });
  expect(res.statusCode, res.body).toBe(202);
  return codeIn(await mailTo(email, before));
}

const verify = (email: string, code: string, ip = newIp()) => client.post('/api/login/code/verify', { email, code }, { ip });

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/login/code', () => {
  it('answers 202 with the same body for a known and an unknown e-mail, and e-mails a 6-digit code to each', async () => {
    const known = await signUpAndIn(client);
    const unknownEmail = newEmail();
    const a = await client.post('/api/login/code', { email: known.body.email.toUpperCase() }, { ip: newIp() });
    const b = await client.post('/api/login/code', { email: unknownEmail }, { ip: newIp() });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json()).toEqual({ message: LOGIN_CODE_SENT_MESSAGE });
    expect(b.body).toBe(a.body);
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());

    const knownMail = await mailTo(known.body.email);
    const unknownMail = await mailTo(unknownEmail);
    expect(knownMail.subject).toMatch(/^\d{6} is your Framewala sign-in code$/);
    expect(knownMail.text).toMatch(/^Hello Asha,$/m);
    expect(unknownMail.text).toMatch(/^Hello,$/m);
    expect(knownMail.text).toContain('It works once, within 10 minutes.');
    expect(knownMail.subject).toContain(codeIn(knownMail));
    expect(knownMail.html).toContain(codeIn(knownMail));
    expect(codeIn(unknownMail)).toMatch(/^\d{6}$/);
  });

  it('writes the e-mail in the language of the visit for an e-mail without an account', async () => {
    const email = newEmail();
    await askCode(email, newIp(), '/api/login/code?lang=hi');
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/^Framewala में साइन इन करने का आपका कोड \d{6} है$/);
    expect(mail.text).toMatch(/^नमस्ते,$/m);
  });

  it('stores a keyed hash, not the code, and puts no code in clear in the job queue', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const { rows } = await t.database.pool.query<{ code_hash: string; tries: number }>(
      'SELECT code_hash, tries FROM login_codes WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/); // HMAC-SHA256, base64url
    expect(rows[0]!.tries).toBe(0);
    const { rows: jobs } = await t.database.pool.query(`SELECT data FROM pgboss.job WHERE name = 'send-email'`);
    const queued = JSON.stringify(jobs);
    expect(queued).not.toContain(code);
    expect(queued).not.toContain(email);
  });

  it('refuses a malformed e-mail with 400', async () => {
    expectError(await client.post('/api/login/code', { email: 'not-an-email' }, { ip: newIp() }), 400, 'VALIDATION');
  });

  it('limits the codes asked for from one address (429 with Retry-After); another address still gets one', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/login/code', { email: newEmail() }, { ip })).statusCode).toBe(202);
    const refused = await client.post('/api/login/code', { email: newEmail() }, { ip });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client.post('/api/login/code', { email: newEmail() }, { ip: newIp() })).statusCode).toBe(202);
  });

  it('limits the codes asked for one e-mail, from any address', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/login/code', { email }, { ip: newIp() })).statusCode).toBe(202);
    expectError(await client.post('/api/login/code', { email: email.toUpperCase() }, { ip: newIp() }), 429, 'RATE_LIMITED');
  });
});

describe('POST /api/login/code/verify', () => {
  it('signs in a known account with its code, answering as POST /api/login does, with a token that opens a 🔒 route', async () => {
    const known = await signUpAndIn(client);
    const code = await askCode(known.body.email);
    const res = await verify(known.body.email, code);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ token: string; user: { _id: string; firstName: string }; message: string }>();
    const login = await client.post('/api/login', { userName: known.body.email, password: known.body.password });
    expect(Object.keys(body).sort()).toEqual(Object.keys(login.json<object>()).sort());
    expect(body.message).toBe(LOGIN_SUCCESS_MESSAGE);
    expect(body.user).toEqual(login.json<{ user: unknown }>().user);
    expect(body.user._id).toBe(known.user._id);
    const me = await client.get('/api/user', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { email: string } }>().user.email).toBe(known.body.email);
  });

  it('refuses a wrong code with 401 and lets the right one in after it', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const wrong = expectError(await verify(email, otherCode(code)), 401, 'LOGIN_CODE_INVALID');
    expect(wrong.message).toBe(ERROR_CATALOGUE.LOGIN_CODE_INVALID.message);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('accepts the code with spaces typed between the digits, and refuses anything but 6 digits with 400', async () => {
    const email = newEmail();
    const code = await askCode(email);
    expectError(await verify(email, '12345'), 400, 'VALIDATION');
    expectError(await verify(email, 'abcdef'), 400, 'VALIDATION');
    expect((await verify(email, ` ${code.slice(0, 3)} ${code.slice(3)} `)).statusCode).toBe(200);
  });

  it('refuses a code used once already', async () => {
    const email = newEmail();
    const code = await askCode(email);
    expect((await verify(email, code)).statusCode).toBe(200);
    expectError(await verify(email, code), 401, 'LOGIN_CODE_INVALID');
  });

  it('signs in only once when the same code arrives twice at the same moment', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const answers = await Promise.all([verify(email, code), verify(email, code), verify(email, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const code = await askCode(email);
    await t.database.pool.query(`UPDATE login_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expectError(await verify(email, code), 401, 'LOGIN_CODE_INVALID');
  });

  it('sets the expiry 10 minutes ahead', async () => {
    const email = newEmail();
    await askCode(email);
    const { rows } = await t.database.pool.query<{ minutes: number }>(
      `SELECT EXTRACT(EPOCH FROM expires_at - now())::float8 / 60 AS minutes FROM login_codes WHERE email = $1`,
      [email],
    );
    expect(rows[0]!.minutes).toBeGreaterThan(9.5);
    expect(rows[0]!.minutes).toBeLessThanOrEqual(10);
  });

  it('refuses a code replaced by a newer one', async () => {
    const email = newEmail();
    const first = await askCode(email);
    const second = await askCode(email);
    if (first !== second) expectError(await verify(email, first), 401, 'LOGIN_CODE_INVALID');
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('answers 429 after 5 tries on one code, even to the right code, until a new code is asked for', async () => {
    const email = newEmail();
    const code = await askCode(email);
    for (let i = 0; i < 5; i += 1) expectError(await verify(email, otherCode(code)), 401, 'LOGIN_CODE_INVALID');
    const refused = expectError(await verify(email, code), 429, 'LOGIN_CODE_TOO_MANY_TRIES');
    expect(refused.message).toBe('Too many wrong tries for this code. Please ask for a new code.');
    const fresh = await askCode(email);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('limits the tries from one address across e-mails (429 RATE_LIMITED)', async () => {
    const ip = newIp();
    for (let i = 0; i < 8; i += 1) expectError(await verify(newEmail(), '123456', ip), 401, 'LOGIN_CODE_INVALID');
    expectError(await verify(newEmail(), '123456', ip), 429, 'RATE_LIMITED');
  });

  it('refuses a code for another e-mail', async () => {
    const email = newEmail();
    const code = await askCode(email);
    expectError(await verify(newEmail(), code), 401, 'LOGIN_CODE_INVALID');
    expect((await verify(email, code)).statusCode).toBe(200);
  });
});

describe('the account made by the first sign-in with a code', () => {
  const address = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Asha Kumari Verma',
    phone: '98765 43210',
    altPhone: '',
    email: 'asha@example.in',
    addressLine1: '12, MG Road',
    addressLine2: '',
    city: 'Bangalore',
    state: 'Karnataka',
    country: 'IN',
    postalCode: '560001',
    companyName: '',
    isHyperlocal: false,
    billingSameAsDelivery: true,
    ...overrides,
  });

  it('has no password and no name yet; password sign-in refuses it with the usual words; sign-up says the e-mail is taken', async () => {
    const email = newEmail();
    const res = await verify(email, await askCode(email));
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: Record<string, unknown> }>();
    expect(user).toMatchObject({ email, firstName: '', lastName: '', mobileNumber: '', role: 'customer', locale: null });
    const { rows } = await t.database.pool.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows).toEqual([{ password_hash: null }]);

    for (const password of [' ', 'anything at all']) {
      const login = await client.post('/api/login', { userName: email, password });
      expect(expectError(login, 401, 'INVALID_CREDENTIALS').message).toBe('The e-mail or password is not correct.');
    }
    const register = await client.post('/api/register', {
      firstName: 'Asha',
      lastName: 'Verma',
      email,
      password: 'correct horse battery',
      mobile: '98765 43210',
    });
    expectError(register, 409, 'EMAIL_TAKEN');

    // Signing in with a code again finds the same account.
    const again = await verify(email, await askCode(email));
    expect(again.json<{ user: { _id: string } }>().user._id).toBe(user._id);
  });

  it('takes its names and mobile from the first saved address, and keeps them when a later address differs', async () => {
    const email = newEmail();
    const signedIn = (await verify(email, await askCode(email))).json<{ token: string; user: { _id: string } }>();
    const save = (body: Record<string, unknown>) =>
      client.post('/api/add-address', { userId: signedIn.user._id, address: body }, { token: signedIn.token });

    expect((await save(address())).statusCode).toBe(200);
    const me = await client.get('/api/user', { token: signedIn.token });
    expect(me.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kumari Verma',
      mobileNumber: '+919876543210',
    });

    expect((await save(address({ fullName: 'Ravi Shankar', phone: '91234 56789' }))).statusCode).toBe(200);
    const after = await client.get('/api/user', { token: signedIn.token });
    expect(after.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kumari Verma',
      mobileNumber: '+919876543210',
    });
  });

  it('never changes the names and mobile of an account that has them', async () => {
    const known = await signUpAndIn(client, { mobile: '91234 56789' });
    const res = await client.post('/api/add-address', { userId: known.user._id, address: address() }, { token: known.token });
    expect(res.statusCode).toBe(200);
    const me = await client.get('/api/user', { token: known.token });
    expect(me.json<{ user: Record<string, unknown> }>().user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      mobileNumber: '+919123456789',
    });
  });
});

describe('OpenAPI', () => {
  it('documents both code routes with their bodies and answers', async () => {
    type Operation = { summary?: string; description?: string; requestBody?: unknown; responses?: Record<string, unknown> };
    const doc = (await client.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const ask = doc.paths['/api/login/code']?.post;
    const check = doc.paths['/api/login/code/verify']?.post;
    expect(ask?.summary).toBe('E-mail a one-time sign-in code');
    expect(Object.keys(ask?.responses ?? {})).toEqual(expect.arrayContaining(['202', '400', '429']));
    expect(JSON.stringify(ask?.requestBody)).toContain('email');
    expect(check?.summary).toBe('Sign in with the e-mailed one-time code');
    expect(Object.keys(check?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(JSON.stringify(check?.requestBody)).toContain('code');
    expect(JSON.stringify(check?.responses?.['200'])).toContain('token');
  });
});
