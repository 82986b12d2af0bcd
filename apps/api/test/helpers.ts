import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { connectDatabase, type Database } from '../src/db/client';
import { enhanceInProcess } from '../src/services/enhance/in-process';
import type { Upscaler } from '../src/services/enhance/upscale';
import { LocalStorage } from '../src/services/storage';
import { withDatabase } from './global-setup';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file: a copy of the seeded template, or empty when `empty` is set. */
export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const name = `framewala_t_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
  return {
    name,
    url: withDatabase(inject('adminDatabaseUrl'), name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'framewala-unused'), ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/**
 * The AI model's stand-in: a Lanczos resize to the same size. The model itself is proven by its own test
 * (src/services/enhance/upscale.test.ts) and `npm run bench:quality`; elsewhere it would only cost seconds a tile.
 */
export const resizeUpscaler: Upscaler = async ({ data, width, height }, factor) => {
  return () => sharp(data, { raw: { width, height, channels: 3 } }).resize(width * factor, height * factor, { kernel: 'lanczos3' });
};

/**
 * buildApp against a fresh real database, with the shared pre-drawn frame images. A copy of the template is already
 * prepared (migrations, seed, pg-boss's schema), so the app skips that unless the test asks for it; an empty database
 * is prepared as a first start would. Enhance jobs run in the test's process with the stand-in upscaler.
 */
export async function createTestApp(options: Partial<AppOptions> & { empty?: boolean } = {}): Promise<TestApp> {
  const { empty = false, ...appOptions } = options;
  const testDb = await createTestDatabase({ empty });
  const database = connectDatabase(testDb.url);
  const app = await buildApp({
    config: testConfig(),
    database,
    storage: new LocalStorage(inject('storageRoot')),
    webDist: false,
    logger: false,
    prepareDatabase: empty,
    enhancer: enhanceInProcess(resizeUpscaler),
    ...appOptions,
  });
  return {
    app,
    database,
    testDb,
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
}

export async function tempDir(prefix = 'framewala-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Calls `probe` until it gives a value (not undefined or false); throws after `timeoutMs`, naming `what`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the job queue has nothing left to do now: every job sent so far (to `queues`, or to any queue) has
 * finished, or waits for a retry later. Whatever the background work was going to do is then done, so a test can
 * assert that something did not happen (a second e-mail, a request to a stranger's URL) without a fixed wait.
 */
export async function drainJobs(sql: Pick<pg.Pool, 'query'>, queues?: readonly string[], timeoutMs = 30_000): Promise<void> {
  const pending = async () => {
    const { rows } = await sql.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active') AND start_after <= now() AND name NOT LIKE '\\_\\_pgboss\\_\\_%'
          AND ($1::text[] IS NULL OR name = ANY($1)) GROUP BY name`,
      [queues ?? null],
    );
    return rows;
  };
  let left = await pending();
  const until = Date.now() + timeoutMs;
  while (left.length > 0) {
    if (Date.now() > until) throw new Error(`the job queue did not drain: ${left.map((r) => `${r.name} × ${r.n}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
    left = await pending();
  }
}
