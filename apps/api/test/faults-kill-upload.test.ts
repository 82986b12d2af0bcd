import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sweepTempDir, tempFileName } from '../src/services/uploads/temp-files';
import { createTestDatabase, tempDir, type TestDatabase } from './helpers';
import { freePort, startServer, waitForReady, type Running } from './processes';
import { newClaim, plainJpeg, uploadDirs } from './upload-fixtures';

// kill -9 of the real server process in the middle of an upload: the temporary file it was writing stays behind, and
// the next start removes it at once (its name carries the dead server's pid), while files of live processes stay.
async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms: number, server?: Running): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${server ? `; server output:\n${server.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ready = (server: Running) => waitForReady(server, 90_000);

async function tempFiles(dir: string): Promise<{ name: string; size: number }[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const out: { name: string; size: number }[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat) out.push({ name, size: stat.size });
  }
  return out;
}

describe('kill -9 in the middle of an upload', () => {
  let dataDir: string;
  let db: TestDatabase;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await tempDir('framewala-faults-kill-');
    // Pre-drawn frame images and a seeded database, so the server starts in a second or two.
    await fs.cp(inject('storageRoot'), uploadDirs(dataDir).storage, { recursive: true });
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('leaves a partial temporary file that the next start removes, keeping those of live processes', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const first = startServer(env);
    children.push(first.child);
    await ready(first);

    // A 64 MB photo sent slowly: a real JPEG's first bytes (so it is accepted as one), then the rest trickling in.
    const head = await plainJpeg(900, 720);
    const boundary = '----framewalafault';
    const preamble = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const total = preamble.length + 64 * 1024 * 1024 + `\r\n--${boundary}--\r\n`.length;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload-image',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
        'x-upload-claim': newClaim(),
      },
    });
    const answered = new Promise<string>((resolve) => {
      request.on('response', (res) => resolve(`answered ${res.statusCode}`));
      request.on('error', (error) => resolve(`connection ended: ${error.message}`));
    });
    request.write(preamble);
    request.write(head);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const tmp = uploadDirs(dataDir).tmp;
    // Keep sending until more than one 4 MiB batch is on disk, then kill the server mid-stream.
    const partial = await waitFor(
      'a partial temporary file on disk',
      async () => {
        request.write(chunk);
        const files = await tempFiles(tmp);
        return files.find((f) => f.size >= 4 * 1024 * 1024);
      },
      30_000,
      first,
    );
    expect(partial.name).toMatch(new RegExp(`^tmp-[a-z0-9]+-${first.child.pid}-upload-`));
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await answered).toMatch(/connection ended/);
    expect((await tempFiles(tmp)).map((f) => f.name)).toContain(partial.name); // the kill did leave it behind

    // Files of processes that are alive, here this test's own, and a young one from another machine sharing the folder.
    const live = tempFileName('upload', '.part');
    const otherMachine = `tmp-othermachine-${first.child.pid}-upload-0000.part`;
    await fs.writeFile(path.join(tmp, live), 'in flight');
    await fs.writeFile(path.join(tmp, otherMachine), 'in flight elsewhere');

    const second = startServer(env);
    children.push(second.child);
    await ready(second);
    expect((await tempFiles(tmp)).map((f) => f.name).sort()).toEqual([live, otherMachine].sort());
    const rows = new pg.Client({ connectionString: db.url });
    await rows.connect();
    try {
      expect((await rows.query('SELECT count(*)::int AS n FROM uploads')).rows[0].n).toBe(0);
    } finally {
      await rows.end();
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await fs.rm(path.join(tmp, live));
    await fs.rm(path.join(tmp, otherMachine));
  }, 180_000);
});

describe('the temporary-file sweep', () => {
  it('removes at once what dead processes of this machine left, by age anything else', async () => {
    const dir = await tempDir('framewala-sweep-pid-');
    const mine = tempFileName('upload', '.part'); // this process: alive
    const dead = mine.replace(`-${process.pid}-`, '-4194999-'); // above Linux's largest pid_max (4194304): never alive
    const foreign = 'tmp-elsewhere-4194999-upload-1.part';
    const unnamed = 'upload-without-owner.part';
    const oldForeign = 'tmp-elsewhere-4000001-upload-2.part';
    for (const name of [mine, dead, foreign, unnamed, oldForeign]) await fs.writeFile(path.join(dir, name), 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(path.join(dir, oldForeign), old, old);

    expect(await sweepTempDir(dir)).toBe(2);
    expect((await fs.readdir(dir)).sort()).toEqual([foreign, mine, unnamed].sort());
    // With a liveness check that says every process is gone, only this process's own file stays.
    expect(await sweepTempDir(dir, undefined, undefined, () => false)).toBe(0);
    expect(tempFileName('x', '.jpg')).toMatch(new RegExp(`^tmp-[a-z0-9]+-${process.pid}-x-[0-9a-f-]{36}\\.jpg$`));
    await fs.rm(dir, { recursive: true });
  });
});
