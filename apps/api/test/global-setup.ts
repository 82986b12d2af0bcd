import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { seedCatalogue } from '../src/services/catalogue/seed';
import { LocalStorage } from '../src/services/storage';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection to the cluster's `postgres` database, for creating one database per test file. */
    adminDatabaseUrl: string;
    /** A migrated and seeded database to copy (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
    /** Storage already holding the seeded frame images. */
    storageRoot: string;
  }
}

/**
 * API tests run against a real PostgreSQL: DATABASE_URL when set (CI also runs them against the machine's
 * PostgreSQL 15), otherwise an embedded cluster in a temporary directory. One seeded template database is made
 * here; each test file copies it into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'framewala-api-tests-'));
  let stop = async () => {};
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const embedded = await startEmbeddedPostgres(path.join(work, 'pg'));
    stop = () => embedded.stop();
    adminUrl = embedded.url;
  }
  const template = `framewala_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const storageRoot = path.join(work, 'storage');
  const database = connectDatabase(withDatabase(adminUrl, template));
  await runMigrations(database);
  await seedCatalogue(database, new LocalStorage(storageRoot), { info() {}, warn() {} });
  await database.close();

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
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
