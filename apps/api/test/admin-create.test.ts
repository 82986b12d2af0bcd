import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isProcessAlive } from '../src/db/process-alive';
import { runAdminCreate } from '../src/services/admin/create-admin';
import { Client, signUpAndIn } from './accounts-helpers';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { freePort, postmasterPid, SERVER, startNode } from './processes';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scripts/admin-create.ts');

/** Runs runAdminCreate in this process and keeps what it printed. */
async function run(argv: string[], env: { DATABASE_URL?: string; DATA_DIR?: string }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCreate(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('admin:create against DATABASE_URL', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = new Client(t.app);
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string) => client.post('/api/login', { userName: email, password });

  it('creates an admin with a generated password printed once, who can use the console', async () => {
    const email = `owner.${Date.now()}@example.in`;
    const res = await run(['--email', `  ${email.toUpperCase()} `, '--first-name', 'Meera', '--last-name', 'Shah'], {
      DATABASE_URL: t.testDb.url,
    });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`Created the admin ${email} in DATABASE_URL`);
    const password = /Password \(shown only now; keep it safe\): (\S+)/.exec(res.out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const row = (
      await t.database.pool.query('SELECT email, role, first_name, last_name, password_hash FROM users WHERE email = $1', [email])
    ).rows[0];
    expect(row).toMatchObject({ email, role: 'admin', first_name: 'Meera', last_name: 'Shah' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const signedIn = await login(email, password!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.role).toBe('admin');
    const orders = await client.get('/api/admin/orders', { token: signedIn.json().token });
    expect(orders.statusCode).toBe(200);

    const again = await run(['--email', email], { DATABASE_URL: t.testDb.url });
    expect(again).toMatchObject({ code: 0, out: `${email} is already an admin; nothing changed.` });
  });

  it('creates an admin with the given password', async () => {
    const email = `second.${Date.now()}@example.in`;
    const res = await run(['--email', email, '--password', 'a long admin password'], { DATABASE_URL: t.testDb.url });
    expect(res.code, res.err).toBe(0);
    expect(res.out).not.toContain('Password');
    expect((await login(email, 'a long admin password')).statusCode).toBe(200);
  });

  it('promotes an existing customer, keeping the password; the same token becomes an admin', async () => {
    const customer = await signUpAndIn(client);
    expect((await client.get('/api/admin/orders', { token: customer.token })).statusCode).toBe(403);
    const refused = await run(['--email', customer.body.email, '--password', 'something else 123'], { DATABASE_URL: t.testDb.url });
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/already has an account and keeps its password/);
    expect((await client.get('/api/admin/orders', { token: customer.token })).statusCode).toBe(403);

    const res = await run(['--email', customer.body.email.toUpperCase()], { DATABASE_URL: t.testDb.url });
    expect(res.code, res.err).toBe(0);
    expect(res.out).toContain(`${customer.body.email} is now an admin (their password is unchanged)`);
    expect((await client.get('/api/admin/orders', { token: customer.token })).statusCode).toBe(200);
    expect((await login(customer.body.email, customer.body.password)).statusCode).toBe(200);
  });

  it('explains bad input and changes nothing', async () => {
    const users = async () => (await t.database.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;
    const before = await users();
    const cases: [string[], RegExp][] = [
      [[], /--email is required/],
      [['--email'], /--email/],
      [['--email', 'not-an-email'], /--email: Enter a valid e-mail address/],
      [['--email', 'a@example.in', '--password', 'short'], /--password: Use at least 8 characters/],
      [['--email', 'a@example.in', '--password', 'password123'], /--password: This password is too common/],
      [['--email', 'a@example.in', '--mobile', '12'], /--mobile: Enter a valid phone number/],
      [['--email', 'a@example.in', '--first-name', 'x'.repeat(61)], /--first-name: use at most 60 characters/],
      [['--email', 'a@example.in', '--role', 'admin'], /Unknown option '--role'/],
      [['--email', 'a@example.in', 'extra'], /positional/i],
    ];
    for (const [argv, message] of cases) {
      const res = await run(argv, { DATABASE_URL: t.testDb.url });
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.err, argv.join(' ')).toMatch(message);
      expect(res.err).toContain('Usage: npm run admin:create');
    }
    const help = await run(['--help'], { DATABASE_URL: t.testDb.url });
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run admin:create');
    expect(await users()).toBe(before);

    const unreachable = await run(['--email', 'b@example.in'], { DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(/^admin:create failed: /);
    expect(unreachable.err).not.toContain('secret');
  });
});

describe('npm run admin:create with the embedded database', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await tempDir('framewala-admin-create-');
    await fs.cp(inject('storageRoot'), path.join(dataDir, 'storage'), { recursive: true });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    const pid = await postmasterPid(dataDir);
    if (pid && isProcessAlive(pid)) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('works with the server stopped (starting and stopping the database) and while it runs', async () => {
    // No server: the command makes and starts the cluster, migrates, creates the admin, and stops it again.
    const first = startNode([SCRIPT, '--email', 'first.admin@example.in', '--password', 'first admin password'], { DATA_DIR: dataDir });
    children.push(first.child);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain(
      `Created the admin first.admin@example.in in the embedded database in ${dataDir} (started for this command)`,
    );
    const pgPid = await postmasterPid(dataDir);
    expect(pgPid === undefined || !isProcessAlive(pgPid)).toBe(true);
    await expect(fs.access(path.join(dataDir, 'server.lock'))).rejects.toThrow();

    // With the server running: the command uses its cluster and leaves both running.
    const port = await freePort();
    const server = startNode([SERVER], { DATA_DIR: dataDir, PORT: String(port) });
    children.push(server.child);
    const until = Date.now() + 90_000;
    while (!server.output().includes('Framewala is ready')) {
      if (server.hasExited() || Date.now() > until) throw new Error(`the server did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const second = startNode([SCRIPT, '--email', 'second.admin@example.in'], { DATA_DIR: dataDir });
    children.push(second.child);
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toMatch(
      /Created the admin second\.admin@example\.in in the embedded database of the running server \(pid \d+\)/,
    );
    const password = /keep it safe\): (\S+)/.exec(second.output())?.[1];
    expect(password).toBeDefined();

    const base = `http://127.0.0.1:${port}`;
    for (const [email, pw] of [
      ['first.admin@example.in', 'first admin password'],
      ['second.admin@example.in', password!],
    ] as const) {
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: email, password: pw }),
      });
      expect(login.status, email).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const orders = await fetch(`${base}/api/admin/orders`, { headers: { authorization: `Bearer ${token}` } });
      expect(orders.status, email).toBe(200);
    }
    expect(server.hasExited()).toBe(false);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
