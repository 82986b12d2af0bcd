import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';

export interface BenchDatabase {
  url: string;
  /** The embedded cluster's postmaster pid (to count PostgreSQL's CPU); undefined on DATABASE_URL. */
  postmasterPid: number | undefined;
  /** Stops the embedded cluster, or drops the scratch database. Never throws. */
  drop: () => Promise<void>;
}

/**
 * A database for a benchmark: a scratch database created in DATABASE_URL's server when it is set, else an embedded
 * PostgreSQL under `dir/pg`. `drop()` removes whichever it made.
 */
export async function benchDatabase(dir: string, log: (...args: unknown[]) => void): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const scratch = `framewala_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratch}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    return {
      url: url.toString(),
      postmasterPid: undefined,
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        try {
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
        } catch {
          // best effort: the bench's figures are already printed
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    };
  }
  log('starting an embedded PostgreSQL in', dir);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'));
  const pidFile = await fs.readFile(path.join(dir, 'pg', 'db', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidFile.split('\n')[0]);
  return {
    url: embedded.url,
    postmasterPid: Number.isInteger(pid) && pid > 0 ? pid : undefined,
    drop: () => embedded.stop().catch(() => undefined),
  };
}
