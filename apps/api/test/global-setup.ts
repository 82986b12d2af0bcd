import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { LocalStorage } from '../src/services/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection to the cluster's `postgres` database, for creating one database per test file. */
    adminDatabaseUrl: string;
    /** A database to copy (CREATE DATABASE … TEMPLATE): migrated, seeded, with pg-boss's schema and queues. */
    templateDatabase: string;
    /** Storage already holding the seeded frame images. */
    storageRoot: string;
  }
}

/**
 * API tests run against a real PostgreSQL: DATABASE_URL when set (CI also runs some of them against the machine's
 * PostgreSQL), otherwise an embedded cluster in a temporary directory. One template database is prepared here, as a
 * server's first start would (migrations, the seeded catalogue, pg-boss's schema and queues); each test file copies it
 * into a fresh database of its own and builds its app without preparing it again.
 */
export default async function setup(project: TestProject) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-api-tests-'));
  let stop = async () => {};
  let step = 'starting PostgreSQL';
  try {
    let adminUrl: string;
    if (process.env.DATABASE_URL) {
      adminUrl = process.env.DATABASE_URL;
    } else {
      const embedded = await startEmbeddedPostgres(path.join(work, 'pg'));
      stop = () => embedded.stop();
      adminUrl = embedded.url;
    }
    step = 'creating the template database';
    const template = `framewala_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();

    step = 'preparing the template database (migrations, seed, job queues)';
    const storageRoot = path.join(work, 'storage');
    await prepareTemplate(withDatabase(adminUrl, template), storageRoot);

    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('templateDatabase', template);
    project.provide('storageRoot', storageRoot);

    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
      await client.end();
      await stop();
      await fs.rm(work, { recursive: true, force: true });
    };
  } catch (error) {
    // Said here in full: a failed global set-up otherwise shows as a layer that ran no test.
    console.error(
      `\nAPI tests: the global set-up failed while ${step}:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    await stop().catch(() => undefined);
    throw error;
  }
}

/** The server's first start on the template: migrations, the catalogue (frame images drawn once), pg-boss's schema and queues. */
async function prepareTemplate(url: string, storageRoot: string): Promise<void> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'framewala-unused') }),
    database: connectDatabase(url),
    storage: new LocalStorage(storageRoot),
    webDist: false,
    logger: false,
    workers: false,
  });
  await app.close();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
