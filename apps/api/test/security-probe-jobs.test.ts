import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type Database } from '../src/db/client';
import { Jobs, LEASE_STALE_SECONDS } from '../src/services/jobs';
import { LocalStorage } from '../src/services/storage';
import { RENDER_QUEUE } from '../src/services/uploads/service';
import { tempFileName } from '../src/services/uploads/temp-files';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { filesUnder, newClaim, twoToneJpeg, uploadDirs, uploadRequest, uploadTestConfig } from './upload-fixtures';

// Work interrupted by kill -9: a render left 'active' by a process that is gone, and the temporary folders of a print
// render. A server starting (or any server, within a minute) hands the job back and sweeps the folders at once.

let t: TestApp;
let dataDir: string;
const quiet = { info() {}, error() {} };

beforeAll(async () => {
  dataDir = await tempDir('framewala-jobs-crash-');
  // The server that "crashes": it only enqueues (no worker of its own), so its job stays where the test puts it.
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    workers: false,
    uploads: { backgroundPixels: 1_000_000 },
  });
});
afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a render whose server was killed', () => {
  let restarted: FastifyInstance | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await restarted?.close();
    await database?.close();
  });

  it('is handed back and finished by the next server within seconds, not left processing for its 15-minute expiry', async () => {
    const claim = newClaim();
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(1500, 1000), { claim }));
    expect(res.statusCode, res.body).toBe(201);
    const uploadId = res.json()._id as string;
    expect(res.json().status).toBe('processing');

    // A worker of the killed server had taken the job (active) and held its lease; its heartbeat stopped 2 minutes ago.
    const jobs = await Jobs.start(t.database, quiet, { workers: false });
    try {
      const [job] = await jobs.boss.fetch(RENDER_QUEUE);
      expect(job?.data).toEqual({ uploadId });
      await t.database.pool.query(
        `INSERT INTO job_leases (job_id, queue, instance_id, heartbeat_at) VALUES ($1, $2, 'dead-host:1:0', now() - interval '2 minutes')`,
        [job!.id, RENDER_QUEUE],
      );
      // The job is active with 15 minutes to go: pg-boss alone would not look at it again before then.
      const state = await t.database.pool.query(`SELECT state FROM pgboss.job WHERE id = $1`, [job!.id]);
      expect(state.rows[0].state).toBe('active');
    } finally {
      await jobs.stop();
    }

    // The server starts again (same database and storage) with its workers.
    database = connectDatabase(t.testDb.url);
    const started = Date.now();
    restarted = await buildApp({
      config: uploadTestConfig(dataDir),
      database,
      storage: new LocalStorage(uploadDirs(dataDir).storage),
      webDist: false,
      logger: false,
      prepareDatabase: false,
      ownsDatabase: false,
      uploads: { backgroundPixels: 1_000_000 },
    });
    const settled = await waitFor('the render to finish', async () => {
      const row = (await t.database.pool.query('SELECT status FROM uploads WHERE id = $1', [uploadId])).rows[0];
      return row.status === 'processing' ? undefined : (row.status as string);
    });
    expect(settled).toBe('ready');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM job_leases')).rows[0].n).toBe(0);
  });
});

describe('leases of live jobs', () => {
  it('a leased job holds a lease while it runs (refreshed by its heartbeat) and drops it when done; a live lease is never released', async () => {
    const jobs = await Jobs.start(t.database, quiet, { workers: true });
    try {
      await jobs.define('probe-leased', { retryLimit: 0 });
      let finish: () => void = () => undefined;
      const running = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let ran = 0;
      await jobs.work(
        'probe-leased',
        async () => {
          ran += 1;
          await running;
        },
        { lease: true, pollingIntervalSeconds: 0.5 },
      );
      const jobId = await jobs.send('probe-leased', {});
      const lease = await waitFor('the lease', async () => {
        const { rows } = await t.database.pool.query('SELECT * FROM job_leases WHERE job_id = $1', [jobId]);
        return rows[0];
      });
      expect(lease).toMatchObject({ queue: 'probe-leased', instance_id: jobs.instanceId });
      // Another server's sweep leaves a live lease alone.
      expect(await jobs.releaseAbandoned(LEASE_STALE_SECONDS)).toBe(0);
      finish();
      await waitFor('the lease to go', async () => {
        const { rows } = await t.database.pool.query('SELECT 1 FROM job_leases WHERE job_id = $1', [jobId]);
        return rows.length === 0 ? true : undefined;
      });
      expect(ran).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a job whose handler ends after its server stopped', () => {
  it('is left to its lease: what pg-boss writes after the stop never reaches the closed pool (no unhandled rejection)', async () => {
    const database = connectDatabase(t.testDb.url);
    const jobs = await Jobs.start(database, quiet, { workers: false });
    const id = await jobs.send(RENDER_QUEUE, { uploadId: 'late-writer' });
    expect(id).not.toBeNull();
    await jobs.stop();
    await database.close();
    // A handler outlasting the stop: pg-boss then records its failure, on the pool the server has closed.
    await expect(jobs.boss.fail(RENDER_QUEUE, id!, { message: 'too late' })).resolves.toMatchObject({ affected: 0 });
    const job = await t.database.pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(job.rows[0]?.state).toBe('created');
  });
});

describe('temporary folders of a print render', () => {
  it('are named for their process, so the start-up sweep removes those of a dead process at once', async () => {
    const tmp = path.join(dataDir, 'tmp');
    await fs.mkdir(tmp, { recursive: true });
    const mine = tempFileName('print');
    expect(mine).toMatch(new RegExp(`^tmp-[a-z0-9]+-${process.pid}-print-`));
    const dead = mine.replace(`-${process.pid}-`, `-${await deadPid()}-`);
    await fs.mkdir(path.join(tmp, dead, 'print-work-x'), { recursive: true });
    await fs.writeFile(path.join(tmp, dead, 'print-work-x', 'strip-0.raw'), 'half a print');
    await fs.mkdir(path.join(tmp, mine), { recursive: true });

    const database = connectDatabase(t.testDb.url);
    const app = await buildApp({
      config: uploadTestConfig(dataDir),
      database,
      storage: new LocalStorage(uploadDirs(dataDir).storage),
      webDist: false,
      logger: false,
      prepareDatabase: false,
      ownsDatabase: false,
    });
    try {
      const left = await filesUnder(tmp);
      expect(left.some((f) => f.startsWith(dead))).toBe(false);
      expect((await fs.readdir(tmp)).includes(dead)).toBe(false);
      // A folder of this live process stays.
      expect((await fs.readdir(tmp)).includes(mine)).toBe(true);
    } finally {
      await app.close();
      await database.close();
      await fs.rm(path.join(tmp, mine), { recursive: true, force: true });
    }
  });
});
