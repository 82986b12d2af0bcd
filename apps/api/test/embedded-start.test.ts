/**
 * The embedded PostgreSQL starts even when the port it chose is taken before it binds it (another cluster on the
 * machine, or an outgoing connection given the same ephemeral port), and a start that cannot succeed says why.
 */
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { tempDir } from './helpers';

/** The suite's own cluster: a port another PostgreSQL holds for the whole run. */
const heldPort = Number(new URL(inject('adminDatabaseUrl')).port);
const dirs: string[] = [];
const clusters: EmbeddedPostgres[] = [];

afterAll(async () => {
  await Promise.all(clusters.map((c) => c.stop()));
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function newDir(): Promise<string> {
  const dir = await tempDir('framewala-embedded-');
  dirs.push(dir);
  return dir;
}

describe('startEmbeddedPostgres', () => {
  it('moves to another port when the one it chose is held by another cluster', async () => {
    const tried: number[] = [];
    const said: string[] = [];
    const cluster = await startEmbeddedPostgres(await newDir(), (msg) => said.push(msg), {
      choosePort: async () => {
        const port = tried.length === 0 ? heldPort : await freePort();
        tried.push(port);
        return port;
      },
    });
    clusters.push(cluster);
    expect(tried).toHaveLength(2);
    expect(tried[0]).toBe(heldPort);
    expect(cluster.port).toBe(tried[1]);
    expect(said).toContain(`Port ${heldPort} was taken before PostgreSQL could bind it; trying another`);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ port: string }>('SHOW port');
      expect(Number(rows[0]!.port)).toBe(cluster.port);
    } finally {
      await client.end();
    }
  });

  it("gives up after a few taken ports, with PostgreSQL's own reason in the error", async () => {
    let calls = 0;
    const start = startEmbeddedPostgres(await newDir(), () => {}, {
      choosePort: async () => {
        calls++;
        return heldPort;
      },
    });
    await expect(start).rejects.toThrow(/did not start on 127\.0\.0\.1:\d+ \(attempt 5 of 5\)[\s\S]*Address already in use/);
    expect(calls).toBe(5);
  });
});
