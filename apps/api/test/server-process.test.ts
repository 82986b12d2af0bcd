import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isProcessAlive } from '../src/db/process-alive';
import { tempDir } from './helpers';
import { freePort, postmasterPid, startServer, waitForReady } from './processes';

const alive = isProcessAlive;

describe('the server process with its embedded PostgreSQL', () => {
  let dataDir: string;
  const leftovers: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await tempDir('framewala-server-');
    // Pre-drawn frame images, so this test measures the server and not the drawing.
    await fs.cp(inject('storageRoot'), path.join(dataDir, 'storage'), { recursive: true });
  });

  afterAll(async () => {
    for (const c of leftovers) if (c.exitCode === null) c.kill('SIGKILL');
    const pid = await postmasterPid(dataDir);
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts, refuses a second server on the same DATA_DIR, stops cleanly on SIGINT, and survives a kill -9', async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    leftovers.push(first.child);
    await waitForReady(first, 90_000, 'the first server');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
    const pgPid = await postmasterPid(dataDir);
    expect(pgPid && alive(pgPid)).toBe(true);

    // A second server on the same DATA_DIR gets a clear error and leaves the first one alone.
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    leftovers.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already used by another Framewala server \(pid \d+\)/);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // Ctrl-C stops the server and its PostgreSQL.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');
    expect(alive(pgPid!)).toBe(false);
    await expect(fs.access(path.join(dataDir, 'server.lock'))).rejects.toThrow();

    // A restart reuses the database; kill -9 leaves PostgreSQL running, and the next start adopts it.
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    leftovers.push(third.child);
    await waitForReady(third, 60_000, 'the restarted server');
    const sets = (await (await fetch(`http://127.0.0.1:${port}/api/get-frame`)).json()) as { getFrameSize: unknown[] };
    expect(sets.getFrameSize).toHaveLength(5);
    third.child.kill('SIGKILL');
    await third.exited;
    const orphan = await postmasterPid(dataDir);
    expect(orphan && alive(orphan)).toBe(true);

    const fourth = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    leftovers.push(fourth.child);
    await waitForReady(fourth, 60_000, 'the server after kill -9');
    expect(fourth.output()).toContain('Reusing the embedded PostgreSQL left running');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
    expect(alive(orphan!)).toBe(false);
  }, 240_000);
});
