import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_MESSAGE } from '@framewala/domain';
import { Client, expectError, newCustomer, signUpAndIn } from './accounts-helpers';
import { waitFor } from './admin-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';
import { outboxMails, type ReadMail } from './mail-helpers';

const PUBLIC_URL = 'https://shop.example.in';
const DEVANAGARI = /[\u0900-\u097F]/;

let t: TestApp;
let client: Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-locale-');
  t = await createTestApp({
    config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL }),
    rateLimits: { forgotPasswordPerEmail: { limit: 100, windowSeconds: 3600 }, forgotPasswordPerIp: { limit: 100, windowSeconds: 3600 } },
  });
  client = new Client(t.app);
});
afterAll(async () => {
  client?.expectNoSecrets(['correct horse battery']);
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const patchUser = (payload: unknown, token?: string) =>
  client.inject({
    method: 'PATCH',
    url: '/api/user',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const storedLocale = async (userId: string) =>
  (await t.database.pool.query<{ locale: string | null }>('SELECT locale FROM users WHERE id = $1', [userId])).rows[0]!.locale;

describe("the account's language", () => {
  it('is null until chosen, in the register, login and /api/user answers', async () => {
    const body = newCustomer();
    const reg = await client.post('/api/register', body);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.locale).toBeNull();
    const login = await client.post('/api/login', { userName: body.email, password: body.password });
    expect(login.json().user.locale).toBeNull();
    const me = await client.get('/api/user', { token: login.json().token });
    expect(me.json().user.locale).toBeNull();
  });

  it('is kept from the sign-up and carried by login and /api/user', async () => {
    const body = newCustomer({ locale: 'hi' });
    const reg = await client.post('/api/register', body);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.locale).toBe('hi');
    const login = await client.post('/api/login', { userName: body.email, password: body.password });
    expect(login.json().user).toMatchObject({ email: body.email, locale: 'hi' });
    expect((await client.get('/api/user', { token: login.json().token })).json().user.locale).toBe('hi');
    expect(await storedLocale(reg.json().user._id)).toBe('hi');
  });

  it('refuses a sign-up in a language the shop does not have, creating nothing', async () => {
    const body = newCustomer({ locale: 'fr' });
    const err = expectError(await client.post('/api/register', body), 400, 'VALIDATION');
    expect(err.message).toContain(LOCALE_MESSAGE);
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
    expect(rows).toHaveLength(0);
  });

  it('is saved with PATCH /api/user, which answers the account as it is now', async () => {
    const { token, user } = await signUpAndIn(client);
    const res = await patchUser({ locale: 'hi' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user: {
        _id: user._id,
        firstName: 'Asha',
        lastName: 'Rao',
        email: user.email,
        mobileNumber: '+919876543210',
        role: 'customer',
        locale: 'hi',
      },
    });
    expect((await client.get('/api/user', { token })).json().user.locale).toBe('hi');
    expect(await storedLocale(user._id)).toBe('hi');

    const back = await patchUser({ locale: 'en' }, token);
    expect(back.json().user.locale).toBe('en');
    expect(await storedLocale(user._id)).toBe('en');
  });

  it('answers 400 in the error shape for anything but en or hi, and changes nothing', async () => {
    const { token, user } = await signUpAndIn(client, { locale: 'hi' });
    for (const payload of [
      { locale: 'fr' },
      { locale: 'HI' },
      { locale: 'hi-IN' },
      { locale: null },
      { locale: 1 },
      {},
      { locale: 'en', role: 'admin' },
    ]) {
      const err = expectError(await patchUser(payload, token), 400, 'VALIDATION');
      expect(err.message, JSON.stringify(payload)).toMatch(/^Invalid /);
    }
    expect(expectError(await patchUser({ locale: 'fr' }, token), 400).message).toContain(LOCALE_MESSAGE);
    expectError(await patchUser('not json', token), 400);
    expect(await storedLocale(user._id)).toBe('hi');
    const { rows } = await t.database.pool.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [user._id]);
    expect(rows[0]!.role).toBe('customer');
  });

  it('answers 401 without a valid token', async () => {
    expectError(await patchUser({ locale: 'hi' }), 401, 'UNAUTHORIZED');
    expectError(await patchUser({ locale: 'hi' }, 'not.a.token'), 401, 'UNAUTHORIZED');
  });

  it('is refused by the database outside en and hi', async () => {
    const { user } = await signUpAndIn(client);
    await expect(t.database.pool.query(`UPDATE users SET locale = 'fr' WHERE id = $1`, [user._id])).rejects.toThrow(/users_locale/);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await client.get('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: unknown }> };
            responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
          }
        >
      >;
    }>();
    const patch = doc.paths['/api/user']?.patch;
    expect(patch).toBeDefined();
    expect(JSON.stringify(patch!.requestBody!.content['application/json']!.schema)).toContain('"enum":["en","hi"]');
    expect(Object.keys(patch!.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(JSON.stringify(patch!.responses['200']!.content!['application/json']!.schema)).toContain('"locale"');
    expect(JSON.stringify(doc.paths['/api/user']!.get!.responses['200'])).toContain('"locale"');
    expect(JSON.stringify(doc.paths['/api/register']!.post!.requestBody)).toContain('"locale"');
  });
});

describe('the password-reset e-mail', () => {
  /** Asks for a reset and reads the e-mail that arrives for that address. */
  async function resetMailFor(email: string, headers: Record<string, string> = {}): Promise<ReadMail> {
    const res = await client.post('/api/forgot-password', { email }, { headers });
    expect(res.statusCode).toBe(202);
    return waitFor(`the reset e-mail to ${email}`, async () => (await outboxMails(dataDir)).find((m) => m.to === email));
  }

  it("is in Hindi for a Hindi account, whatever the request's language", async () => {
    const { body } = await signUpAndIn(client, { locale: 'hi', firstName: 'आशा' });
    const mail = await resetMailFor(body.email, { 'accept-language': 'en-GB,en;q=0.9', cookie: 'lang=en' });
    expect(mail.subject).toBe('अपना Framewala पासवर्ड बदलें');
    expect(mail.text).toContain('नमस्ते आशा जी,');
    expect(mail.text).toContain('नया पासवर्ड यहाँ चुनें:');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    // The time through Intl in hi-IN: 'यह लिंक … 1 घंटे बाद (बुधवार, 2 दिसंबर, शाम 4:05 बजे IST) ख़त्म हो जाएगा।'
    expect(mail.text).toMatch(
      /1 घंटे बाद \((सोमवार|मंगलवार|बुधवार|गुरुवार|शुक्रवार|शनिवार|रविवार), \d{1,2} [\u0900-\u097F]+, [\u0900-\u097F]+ \d{1,2}:\d{2} बजे IST\)/,
    );
    expect(mail.text).not.toMatch(/Hello|Choose a new password|expires/);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('>नया पासवर्ड चुनें</a>');
    expect(mail.html).toContain('<a href="mailto:');
  });

  it('is in English, as before, for an English account whatever the request says', async () => {
    const { body } = await signUpAndIn(client, { locale: 'en' });
    const mail = await resetMailFor(body.email, { 'accept-language': 'hi-IN,hi;q=0.9', cookie: 'lang=hi' });
    expect(mail.subject).toBe('Reset your Framewala password');
    expect(mail.text).toMatch(/^Hello Asha,\n\nSomeone, hopefully you, asked to reset the password of your Framewala account/);
    expect(mail.text).toMatch(/expires in 1 hour \(at \d{1,2}:\d{2} [ap]m IST on \d{1,2} [A-Z][a-z]{2} \d{4}\)\./);
    expect(mail.text).not.toMatch(DEVANAGARI);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('>Choose a new password</a>');
  });

  it("follows the request's language for an account that has none: the lang cookie, then Accept-Language", async () => {
    const plain = await signUpAndIn(client);
    expect((await resetMailFor(plain.body.email)).subject).toBe('Reset your Framewala password');

    const browser = await signUpAndIn(client);
    const hindiBrowser = await resetMailFor(browser.body.email, { 'accept-language': 'hi-IN,hi;q=0.9,en-IN;q=0.8,en;q=0.7' });
    expect(hindiBrowser.subject).toBe('अपना Framewala पासवर्ड बदलें');
    expect(hindiBrowser.html).toContain('<html lang="hi">');

    const englishFirst = await signUpAndIn(client);
    expect((await resetMailFor(englishFirst.body.email, { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' })).subject).toBe(
      'Reset your Framewala password',
    );

    const chose = await signUpAndIn(client);
    const cookie = await resetMailFor(chose.body.email, { 'accept-language': 'en-IN,en;q=0.9', cookie: 'theme=dark; lang=hi' });
    expect(cookie.text).toContain('नया पासवर्ड यहाँ चुनें:');

    const choseEnglish = await signUpAndIn(client);
    const english = await resetMailFor(choseEnglish.body.email, { 'accept-language': 'hi', cookie: 'lang=en' });
    expect(english.subject).toBe('Reset your Framewala password');
  });
});
