import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, RESET_PASSWORD_SUCCESS_MESSAGE } from '@framewala/domain';
import { outboxDirectory } from '../src/services/mail';
import { Client, expectError, signUpAndIn } from './accounts-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';

const PUBLIC_URL = 'https://shop.example.in';

/** Undoes quoted-printable soft breaks and escapes, enough to read links and text out of a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function resetTokenIn(raw: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[1]!;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The finished messages: a message is written as `<name>.eml.partial` and renamed when complete. */
async function outboxFiles(dataDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(outboxDirectory(dataDir))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

async function queuedEmails(t: TestApp): Promise<{ data: unknown }[]> {
  const { rows } = await t.database.pool.query<{ data: unknown }>(`SELECT data FROM pgboss.job WHERE name = 'send-email'`);
  return rows;
}

describe('password reset with mail written to the outbox (SMTP_URL unset)', () => {
  let t: TestApp;
  let client: Client;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await tempDir('framewala-outbox-');
    t = await createTestApp({
      config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL }),
      rateLimits: { forgotPasswordPerEmail: { limit: 100, windowSeconds: 3600 }, forgotPasswordPerIp: { limit: 100, windowSeconds: 3600 } },
    });
    client = new Client(t.app);
  });
  afterAll(async () => {
    client?.expectNoSecrets(['correct horse battery', 'brand new password 1']);
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  let account: Awaited<ReturnType<typeof signUpAndIn>>;
  let firstToken: string;

  it('answers 202 with the same message for a known and an unknown e-mail, and mails only the known one', async () => {
    account = await signUpAndIn(client);
    const known = await client.post('/api/forgot-password', { email: account.body.email.toUpperCase() });
    const unknown = await client.post('/api/forgot-password', { email: `nobody.${Date.now()}@example.in` });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toBe(known.body);

    const files = await waitFor('the outbox file', async () => {
      const names = await outboxFiles(dataDir);
      return names.length > 0 ? names : undefined;
    });
    expect(files).toHaveLength(1);
    expect(await queuedEmails(t)).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    const raw = await fs.readFile(path.join(outboxDirectory(dataDir), files[0]!), 'utf8');
    const decoded = decodeQuotedPrintable(raw);
    expect(raw).toMatch(new RegExp(`^To: ${account.body.email.replace(/\./g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^Subject: Reset your Framewala password$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(decoded).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(decoded).toMatch(/expires in 1 hour \(at \d{1,2}:\d{2} [ap]m IST on/);
    expect(decoded).toContain('name="viewport"');
    firstToken = resetTokenIn(raw);
    expect(firstToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token, and no link or address in clear in the job queue', async () => {
    const { rows } = await t.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(firstToken);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const jobs = JSON.stringify(await queuedEmails(t));
    expect(jobs).not.toContain(firstToken);
    expect(jobs).not.toContain(account.body.email);
  });

  it('sets the new password once, ends older sessions, and refuses the same link a second time', async () => {
    const before = await signUpAndIn(client); // an unrelated account keeps its session
    const res = await client.post('/api/reset-password', { token: firstToken, password: 'brand new password 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_PASSWORD_SUCCESS_MESSAGE });

    expectError(await client.get('/api/user', { token: account.token }), 401, 'UNAUTHORIZED');
    expect((await client.get('/api/user', { token: before.token })).statusCode).toBe(200);
    expectError(
      await client.post('/api/login', { userName: account.body.email, password: account.body.password }),
      401,
      'INVALID_CREDENTIALS',
    );
    const login = await client.post('/api/login', { userName: account.body.email, password: 'brand new password 1' });
    expect(login.statusCode).toBe(200);
    expect((await client.get('/api/user', { token: login.json<{ token: string }>().token })).statusCode).toBe(200);

    const again = expectError(
      await client.post('/api/reset-password', { token: firstToken, password: 'yet another one 2' }),
      400,
      'RESET_TOKEN_INVALID',
    );
    expect(again.message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
    expect((await client.post('/api/login', { userName: account.body.email, password: 'brand new password 1' })).statusCode).toBe(200);
  });

  it('spends every other open link of the account when the password changes', async () => {
    const a = await signUpAndIn(client);
    await client.post('/api/forgot-password', { email: a.body.email });
    await client.post('/api/forgot-password', { email: a.body.email });
    const files = await waitFor('two more outbox files', async () => {
      const names = await outboxFiles(dataDir);
      return names.length >= 3 ? names : undefined;
    });
    const tokens = await Promise.all(
      files.slice(-2).map(async (f) => resetTokenIn(await fs.readFile(path.join(outboxDirectory(dataDir), f), 'utf8'))),
    );
    expect(new Set(tokens).size).toBe(2);
    expect((await client.post('/api/reset-password', { token: tokens[1], password: 'brand new password 1' })).statusCode).toBe(200);
    expectError(
      await client.post('/api/reset-password', { token: tokens[0], password: 'brand new password 1' }),
      400,
      'RESET_TOKEN_INVALID',
    );
  });

  it('answers a known e-mail as fast as an unknown one: the work happens after the reply', async () => {
    const a = await signUpAndIn(client);
    const time = async (email: string) => {
      const start = performance.now();
      expect((await client.post('/api/forgot-password', { email })).statusCode).toBe(202);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(a.body.email));
      unknown.push(await time(`nobody.${i}.${Date.now()}@example.in`));
    }
    expect(median(known)).toBeLessThan(median(unknown) * 2 + 5);
    await waitFor('seven more e-mails', async () => ((await outboxFiles(dataDir)).length >= 10 ? true : undefined));
  });

  it('refuses an expired, unknown or malformed token, and a weak new password', async () => {
    const a = await signUpAndIn(client);
    await client.post('/api/forgot-password', { email: a.body.email });
    const files = await waitFor('an eleventh outbox file', async () => {
      const names = await outboxFiles(dataDir);
      return names.length >= 11 ? names : undefined;
    });
    const token = resetTokenIn(await fs.readFile(path.join(outboxDirectory(dataDir), files.at(-1)!), 'utf8'));
    expectError(await client.post('/api/reset-password', { token, password: 'short' }), 400, 'VALIDATION');
    await t.database.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expectError(await client.post('/api/reset-password', { token, password: 'brand new password 1' }), 400, 'RESET_TOKEN_INVALID');
    expect((await client.post('/api/login', { userName: a.body.email, password: a.body.password })).statusCode).toBe(200);

    expectError(
      await client.post('/api/reset-password', { token: 'A'.repeat(43), password: 'brand new password 1' }),
      400,
      'RESET_TOKEN_INVALID',
    );
    expectError(
      await client.post('/api/reset-password', { token: '../../etc/passwd', password: 'brand new password 1' }),
      400,
      'RESET_TOKEN_INVALID',
    );
    expectError(await client.post('/api/reset-password', { token: '', password: 'brand new password 1' }), 400, 'VALIDATION');
    expectError(await client.post('/api/reset-password', { token: 'x'.repeat(600), password: 'brand new password 1' }), 400, 'VALIDATION');
    expectError(await client.post('/api/reset-password', { password: 'brand new password 1' }), 400, 'VALIDATION');
  });
});

describe('password reset e-mail sent through SMTP (SMTP_URL set)', () => {
  let t: TestApp;
  let client: Client;
  let smtp: SMTPServer;
  let dataDir: string;
  const received: { from: string; to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    dataDir = await tempDir('framewala-smtp-');
    t = await createTestApp({
      config: testConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Framewala <orders@framewala.in>',
      }),
    });
    client = new Client(t.app);
  });
  afterAll(async () => {
    client?.expectNoSecrets(['correct horse battery', 'via smtp password 9']);
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('delivers the reset e-mail to the SMTP server and the link works', async () => {
    const a = await signUpAndIn(client);
    const res = await client.post('/api/forgot-password', { email: a.body.email });
    expect(res.statusCode).toBe(202);
    expect(received).toEqual([]); // the answer does not wait on SMTP: the e-mail is sent after it, by a job
    const mail = await waitFor('the SMTP delivery', async () => received[0]);
    expect(mail.from).toBe('orders@framewala.in');
    expect(mail.to).toEqual([a.body.email]);
    expect(mail.raw).toMatch(/^Subject: Reset your Framewala password$/m);
    const token = resetTokenIn(mail.raw);
    expect(decodeQuotedPrintable(mail.raw)).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(await outboxFiles(dataDir)).toEqual([]);

    expect((await client.post('/api/reset-password', { token, password: 'via smtp password 9' })).statusCode).toBe(200);
    expect((await client.post('/api/login', { userName: a.body.email, password: 'via smtp password 9' })).statusCode).toBe(200);
    expectError(await client.post('/api/reset-password', { token, password: 'via smtp password 9' }), 400, 'RESET_TOKEN_INVALID');
  });
});
