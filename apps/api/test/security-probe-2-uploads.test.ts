import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_QUEUE_FULL_MESSAGE, JOBS_QUEUED_FROM_ADDRESS_MESSAGE, MAX_QUEUED_JOBS_PER_ADDRESS } from '@framewala/domain';
import { ENHANCE_QUEUE } from '../src/services/enhance/service';
import { TRAILING_DATA_MESSAGE } from '../src/services/uploads/decode-cost';
import { Jobs } from '../src/services/jobs';
import { LocalStorage } from '../src/services/storage';
import { RENDER_QUEUE } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  expectNoTempFiles,
  filesUnder,
  newClaim,
  noisyJpeg,
  plainJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// Photos as a second probe sent them: a JPEG with random bytes where its end marker should be, and one address
// queueing a dozen enhancements under fresh claims while another customer's one waited behind them.

const quiet = { info() {}, error() {} };

describe('bytes after a JPEG’s image', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir('framewala-trailing-');
    t = await createTestApp({
      config: uploadTestConfig(dataDir),
      storage: new LocalStorage(uploadDirs(dataDir).storage),
      prepareDatabase: false,
    });
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a JPEG whose end marker was replaced by 3 MB of random bytes is refused, and nothing of it is stored', async () => {
    const jpeg = await noisyJpeg(1200, 900);
    const tampered = Buffer.concat([jpeg.subarray(0, jpeg.length - 2), randomBytes(3 * 1024 * 1024)]);
    const res = await t.app.inject(uploadRequest(tampered, { claim: newClaim() }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMAGE_UNREADABLE', message: TRAILING_DATA_MESSAGE });
    expect(await filesUnder(uploadDirs(dataDir).storage)).toEqual([]);
    await expectNoTempFiles(dataDir);
  });

  it('a JPEG followed by other bytes after its end marker is kept without them: the stored original is the image alone', async () => {
    const jpeg = await noisyJpeg(1200, 900);
    const trailed = Buffer.concat([jpeg, randomBytes(3 * 1024 * 1024)]);
    const res = await t.app.inject(uploadRequest(trailed, { claim: newClaim() }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    const { rows } = await t.database.pool.query<{ original_key: string; bytes: string }>(
      'SELECT original_key, bytes FROM uploads WHERE id = $1',
      [id],
    );
    const stored = await fs.readFile(path.join(uploadDirs(dataDir).storage, ...rows[0]!.original_key.split('/')));
    expect(stored.equals(jpeg)).toBe(true);
    expect(Number(rows[0]!.bytes)).toBe(jpeg.length);
  });
});

describe('queued jobs per address and in all, served fairly', () => {
  let t: TestApp;
  let dataDir: string;
  let jobs: Jobs;
  beforeAll(async () => {
    dataDir = await tempDir('framewala-fair-jobs-');
    // No worker runs here: the jobs stay queued, in the order pg-boss would hand them out.
    t = await createTestApp({
      config: uploadTestConfig(dataDir),
      storage: new LocalStorage(uploadDirs(dataDir).storage),
      prepareDatabase: false,
      workers: false,
      uploads: {
        backgroundPixels: 1_000_000,
        jobLimits: { perAddress: MAX_QUEUED_JOBS_PER_ADDRESS, total: MAX_QUEUED_JOBS_PER_ADDRESS + 2 },
      },
    });
    jobs = await Jobs.start(t.database, quiet, { workers: false });
  });
  afterAll(async () => {
    try {
      await jobs?.stop();
      await t?.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  /** A ready photo of a fresh claim, uploaded from `ip`. */
  async function readyPhoto(ip: string): Promise<{ id: string; claim: string }> {
    const claim = newClaim();
    const res = await t.app.inject({ ...uploadRequest(await plainJpeg(900, 700), { claim }), remoteAddress: ip });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ _id: string }>()._id, claim };
  }

  const enhance = (photo: { id: string; claim: string }, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/uploads/${photo.id}/enhance`,
      headers: { 'x-upload-claim': photo.claim },
      payload: { upscale: 2 },
      remoteAddress: ip,
    });

  it('one address’s fresh claims stop at the address’s cap, and another customer’s first job comes right after the first of them', async () => {
    const busy = '10.20.30.40';
    const queued: string[] = [];
    // Three claims from one address, four enhancements each (each claim's own cap).
    for (let claimIndex = 0; claimIndex < 3; claimIndex++) {
      const photo = await readyPhoto(busy);
      for (let i = 0; i < 4; i++) {
        const res = await enhance(photo, busy);
        if (queued.length < MAX_QUEUED_JOBS_PER_ADDRESS) {
          expect(res.statusCode, res.body).toBe(201);
          queued.push(res.json<{ _id: string }>()._id);
        } else {
          expect(res.statusCode, res.body).toBe(429);
          expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: JOBS_QUEUED_FROM_ADDRESS_MESSAGE, retryAfterSeconds: 60 });
        }
      }
    }
    expect(queued).toHaveLength(MAX_QUEUED_JOBS_PER_ADDRESS);

    const other = await readyPhoto('192.0.2.7');
    const theirs = await enhance(other, '192.0.2.7');
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json<{ _id: string }>()._id;

    // The order the enhance worker takes them in: one at a time, as it fetches.
    const order: string[] = [];
    for (;;) {
      const [job] = await jobs.boss.fetch<{ uploadId: string }>(ENHANCE_QUEUE);
      if (!job) break;
      order.push(job.data.uploadId);
    }
    expect(order).toHaveLength(MAX_QUEUED_JOBS_PER_ADDRESS + 1);
    expect(order.indexOf(theirId)).toBeLessThanOrEqual(1);
    expect(order.filter((id) => id !== theirId)).toEqual(queued);
  });

  it('refuses a job past the shop’s total, from any address, before anything is stored', async () => {
    // The eight of the busy address and the other customer's one are still processing (their jobs were only fetched).
    const third = await readyPhoto('198.51.100.3');
    expect((await enhance(third, '198.51.100.3')).statusCode).toBe(201);
    const before = (await filesUnder(uploadDirs(dataDir).storage)).length;
    const large = await t.app.inject({
      ...uploadRequest(await plainJpeg(1500, 1000), { claim: newClaim() }),
      remoteAddress: '198.51.100.4',
    });
    expect(large.statusCode, large.body).toBe(429);
    expect(large.json()).toEqual({ code: 'RATE_LIMITED', message: JOBS_QUEUE_FULL_MESSAGE, retryAfterSeconds: 120 });
    expect((await filesUnder(uploadDirs(dataDir).storage)).length).toBe(before);
    const { rows } = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [
      RENDER_QUEUE,
    ]);
    expect(rows[0]!.n).toBe(0);
  });
});
