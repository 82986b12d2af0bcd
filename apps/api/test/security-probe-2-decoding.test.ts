import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESSIVE_TOO_LARGE_MESSAGE } from '@framewala/domain';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/context';
import { connectDatabase } from '../src/db/client';
import { ResourceFailure } from '../src/services/child-result';
import { ENHANCE_QUEUE, processEnhanceJob } from '../src/services/enhance/service';
import { Jobs } from '../src/services/jobs';
import { processPrintFileJob } from '../src/services/print/service';
import { renderInChild } from '../src/services/print/run';
import { LocalStorage } from '../src/services/storage';
import { decodeLoad } from '../src/services/uploads/image';
import { DEFAULT_UPLOAD_OPTIONS, RENDER_FAILED_QUEUE, RENDER_QUEUE } from '../src/services/uploads/service';
import { Client, signUpAndIn } from './accounts-helpers';
import { paidOrder, waitFor } from './admin-helpers';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { pickCatalogue, saveAddress } from './orders-helpers';
import {
  claimSize,
  expectNoTempFiles,
  filesUnder,
  insertSegments,
  newClaim,
  plainJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// A progressive JPEG makes libjpeg keep every DCT coefficient of the image, whatever size it is asked for: a
// 31000 × 31000 progressive 4:4:4 file of 11 MB took the server to 6 GB. Every decode of a customer's photo now reads
// the cost from the file's header first and refuses one that would hold more than 200 MB (decision 107).

const quiet = { info() {}, error() {} };

/** A COM segment of `length` payload bytes (at most 65533). */
function comSegment(length: number): Buffer {
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(length + 2, 2);
  return Buffer.concat([head, Buffer.alloc(length, 0x20)]);
}

/**
 * A real progressive JPEG of 64 × 64 px whose frame header claims `width` × `height`, with `padding` bytes of comments
 * before it so that the file passes the bytes-per-pixel rule, as the probe's nearly flat photo did. Only the header is
 * read before the verdict, so the pixels behind it do not matter.
 */
async function progressiveClaiming(width: number, height: number, subsampling: '4:4:4' | '4:2:0', padding: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 120, g: 140, b: 90 } } })
    .jpeg({ quality: 80, progressive: true, chromaSubsampling: subsampling })
    .toBuffer();
  expect(small.includes(Buffer.from([0xff, 0xc2]))).toBe(true);
  const comments = Array.from({ length: Math.ceil(padding / 65_000) }, () => comSegment(65_000));
  return insertSegments(claimSize(small, width, height), ...comments);
}

/** The probe's photo: 31000 × 31000 (961 MP), which the density rule lets through with ≥ 480.5 KB. */
const PROBE_SIDE = 31_000;
const PROBE_PADDING = 520_000;
const BUFFERED_444 = 3875 * 3875 * 128 * 3;
const BUFFERED_420 = 3876 * 3876 * 128 + 2 * 1938 * 1938 * 128;

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-decoding-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    // The shop's own enhancer, a child process: its refusal before decoding is what is tested here.
    enhancer: undefined,
  });
});
afterAll(async () => {
  try {
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

const upload = (data: Buffer, claim = newClaim()) => t.app.inject(uploadRequest(data, { claim }));

/** The stored original of an upload, on the test's local storage. */
async function originalPath(uploadId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ original_key: string }>('SELECT original_key FROM uploads WHERE id = $1', [uploadId]);
  return path.join(uploadDirs(dataDir).storage, ...rows[0]!.original_key.split('/'));
}

/** An upload accepted before the rule existed whose original is a progressive JPEG the rule refuses. */
async function acceptedBeforeTheRule(photo: Buffer, token?: string): Promise<string> {
  const res = await t.app.inject(uploadRequest(photo, token ? { token, claim: null } : { claim: FIXED_CLAIM }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ _id: string }>()._id;
  await fs.writeFile(await originalPath(id), await progressiveClaiming(6000, 6000, '4:4:4', 0));
  return id;
}
const FIXED_CLAIM = newClaim();

describe('a progressive JPEG too large to decode within the memory rule', () => {
  it('is refused from its header with a clear 422 (save it as a standard JPG), the probe’s 31000 × 31000 in 4:4:4 and 4:2:0', async () => {
    for (const [subsampling, buffered] of [
      ['4:4:4', BUFFERED_444],
      ['4:2:0', BUFFERED_420],
    ] as const) {
      const photo = await progressiveClaiming(PROBE_SIDE, PROBE_SIDE, subsampling, PROBE_PADDING);
      expect(photo.length / (PROBE_SIDE * PROBE_SIDE)).toBeGreaterThan(0.0005);
      const res = await upload(photo);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ code: 'IMAGE_PROGRESSIVE_TOO_LARGE', message: PROGRESSIVE_TOO_LARGE_MESSAGE, bufferedBytes: buffered });
      expect(res.json<{ message: string }>().message).toMatch(/standard \(baseline\) JPG/);
    }
    await expectNoTempFiles(dataDir);
    expect(await filesUnder(uploadDirs(dataDir).storage)).toEqual([]);
  });

  it('is refused by the resumable path as soon as its first scan header has arrived', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const photo = await progressiveClaiming(PROBE_SIDE, PROBE_SIDE, '4:4:4', PROBE_PADDING);
    const headers = { 'tus-resumable': '1.0.0', 'x-upload-claim': newClaim() };
    const created = await fetch(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(photo.length) },
    });
    expect(created.status).toBe(201);
    const res = await fetch(`${base}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      // The header and the first scan header, not the whole file.
      body: photo.subarray(0, photo.length - 100),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('IMAGE_PROGRESSIVE_TOO_LARGE');
    expect(await filesUnder(path.join(dataDir, 'tus'))).toEqual([]);
  });

  it('is refused by the checks of the whole file when its first scan lies past the first MiB', async () => {
    const photo = await progressiveClaiming(PROBE_SIDE, PROBE_SIDE, '4:4:4', 1_250_000);
    expect(photo.indexOf(Buffer.from([0xff, 0xc2]))).toBeGreaterThan(1024 * 1024);
    const res = await upload(photo);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ code: string }>().code).toBe('IMAGE_PROGRESSIVE_TOO_LARGE');
    await expectNoTempFiles(dataDir);
  });

  it('as a baseline JPEG the same size is accepted: only how it is coded counts', async () => {
    const baseline = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 120, g: 140, b: 90 } } })
      .jpeg({ quality: 70, chromaSubsampling: '4:4:4' })
      .toBuffer();
    const res = await upload(baseline);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ status: string }>().status).toBe('ready');
  });

  it('stored before the rule, is refused when cropped (422) rather than decoded', async () => {
    const id = await acceptedBeforeTheRule(await plainJpeg(1500, 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${id}/crop`,
      headers: { 'x-upload-claim': FIXED_CLAIM },
      payload: { x: 0, y: 0, width: 800, height: 600 },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ code: string }>().code).toBe('IMAGE_PROGRESSIVE_TOO_LARGE');
  });

  it('stored before the rule, fails its enhance job in the child before decoding, and the job is not retried', async () => {
    const id = await acceptedBeforeTheRule(await plainJpeg(1200, 900));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${id}/enhance`,
      headers: { 'x-upload-claim': FIXED_CLAIM },
      payload: { auto: { strength: 60 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const enhancedId = res.json<{ _id: string }>()._id;
    const status = await waitFor(
      'the enhance job',
      async () => {
        const { rows } = await t.database.pool.query<{ status: string }>('SELECT status FROM uploads WHERE id = $1', [enhancedId]);
        return rows[0]!.status === 'processing' ? undefined : rows[0]!.status;
      },
      90_000,
    );
    expect(status).toBe('failed');
    const job = await waitFor('the job to be completed', async () => {
      const { rows } = await t.database.pool.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'uploadId' = $2`,
        [ENHANCE_QUEUE, enhancedId],
      );
      return rows[0]?.state === 'completed' ? rows[0] : undefined;
    });
    expect(job.retry_count).toBe(0);
  });

  it('stored before the rule, fails its print file in the child before decoding, at the first attempt', async () => {
    const client = new Client(t.app);
    const customer = await signUpAndIn(client);
    await saveAddress(t, customer.user._id);
    const c = await pickCatalogue(t);
    const id = await acceptedBeforeTheRule(await plainJpeg(1500, 1000), customer.token);
    const order = await paidOrder(client, customer.token, c, id);
    const row = await waitFor(
      'the print file',
      async () => {
        const { rows } = await t.database.pool.query<{ status: string; attempts: number; error: string | null }>(
          'SELECT status, attempts, error FROM print_files WHERE order_id = $1',
          [order.orderId],
        );
        return rows[0] && rows[0].status !== 'queued' && rows[0].status !== 'rendering' ? rows[0] : undefined;
      },
      120_000,
    );
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toMatch(/progressive JPEG too large to decode/);
  });
});

describe('progressive JPEGs within the rule', () => {
  it('are decoded one at a time by the server however many arrive together', async () => {
    // 12 MP in 4:2:0: 36 MB of coefficients, above the 32 MiB that makes a decode heavy, well within the 200 MB rule.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 90, b: 60 } } })
      .jpeg({ quality: 80, progressive: true })
      .toBuffer();
    let heavyActive = 0;
    let heavyWaiting = 0;
    const watch = setInterval(() => {
      const load = decodeLoad();
      heavyActive = Math.max(heavyActive, load.heavyActive);
      heavyWaiting = Math.max(heavyWaiting, load.heavyWaiting);
    }, 5);
    try {
      const answers = await Promise.all([upload(photo), upload(photo), upload(photo)]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    } finally {
      clearInterval(watch);
    }
    expect(heavyActive).toBe(1);
    expect(heavyWaiting).toBeGreaterThanOrEqual(1);
  });
});

describe('a job that failed on resources', () => {
  let queued: TestApp;
  let queuedDir: string;
  let ctx: AppContext;
  beforeAll(async () => {
    queuedDir = await tempDir('framewala-decoding-jobs-');
    // Jobs are queued here, not run: each test runs the job it needs itself.
    queued = await createTestApp({
      config: uploadTestConfig(queuedDir),
      storage: new LocalStorage(uploadDirs(queuedDir).storage),
      prepareDatabase: false,
      workers: false,
      uploads: { backgroundPixels: 1_000_000 },
    });
    ctx = {
      config: uploadTestConfig(queuedDir),
      database: queued.database,
      storage: new LocalStorage(uploadDirs(queuedDir).storage),
      jobs: await Jobs.start(queued.database, quiet, { workers: false }),
    };
  });
  afterAll(async () => {
    try {
      await ctx?.jobs.stop();
      await queued?.close();
    } finally {
      await fs.rm(queuedDir, { recursive: true, force: true });
    }
  });

  it('a child killed by the kernel (SIGKILL the parent did not send) is reported as out of memory, not as a retryable error', async () => {
    const work = path.join(queuedDir, 'child-work');
    await fs.mkdir(work, { recursive: true });
    const source = path.join(work, 'source.jpg');
    await fs.writeFile(source, await plainJpeg(1500, 1000));
    const failure = await renderInChild(
      {
        sourcePath: source,
        orientation: 1,
        region: { left: 0, top: 0, width: 1500, height: 1000 },
        widthIn: 12,
        heightIn: 8,
        borderIn: 0,
        format: 'jpeg',
        outPath: path.join(work, 'out.jpg'),
        tmpDir: work,
      },
      { onSpawn: (pid) => process.kill(pid, 'SIGKILL') },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResourceFailure);
    expect((failure as Error).message).toMatch(/ran out of memory \(SIGKILL\)/);
    await fs.rm(work, { recursive: true, force: true });
  });

  it('a print file whose renderer ran out of memory is failed at once, not retried into the same failure', async () => {
    const client = new Client(queued.app);
    const customer = await signUpAndIn(client);
    await saveAddress(queued, customer.user._id);
    const c = await pickCatalogue(queued);
    const uploaded = await queued.app.inject(uploadRequest(await plainJpeg(900, 700), { token: customer.token, claim: null }));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const order = await paidOrder(client, customer.token, c, uploaded.json<{ _id: string }>()._id);
    let runs = 0;
    const render: typeof renderInChild = async () => {
      runs += 1;
      throw new ResourceFailure('The print renderer ran out of memory (SIGKILL)');
    };
    // Resolves: pg-boss records the job as done, so it is not run again.
    await expect(processPrintFileJob({ ctx, tmpDir: path.join(queuedDir, 'tmp'), render }, order.orderId)).resolves.toBeUndefined();
    const { rows } = await queued.database.pool.query('SELECT status, attempts, error FROM print_files WHERE order_id = $1', [
      order.orderId,
    ]);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1, error: 'The print renderer ran out of memory (SIGKILL)' });
    expect(runs).toBe(1);
  });

  it('an enhancement whose child ran out of memory is marked failed at once, not retried', async () => {
    const claim = newClaim();
    const photo = await queued.app.inject(uploadRequest(await plainJpeg(900, 700), { claim }));
    expect(photo.statusCode, photo.body).toBe(201);
    const res = await queued.app.inject({
      method: 'POST',
      url: `/api/uploads/${photo.json<{ _id: string }>()._id}/enhance`,
      headers: { 'x-upload-claim': claim },
      payload: { auto: { strength: 50 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    const deps = {
      ctx,
      options: DEFAULT_UPLOAD_OPTIONS,
      tmpDir: path.join(queuedDir, 'tmp'),
      runEnhance: async () => {
        throw new ResourceFailure('The enhancer ran out of memory (SIGKILL)');
      },
    };
    await expect(processEnhanceJob(deps, id)).resolves.toBeUndefined();
    const { rows } = await queued.database.pool.query('SELECT status FROM uploads WHERE id = $1', [id]);
    expect(rows[0].status).toBe('failed');
  });

  it('a job whose process stopped while running it twice is not run a third time: its dead letter marks the photo failed', async () => {
    const claim = newClaim();
    const res = await queued.app.inject(uploadRequest(await plainJpeg(1500, 1000), { claim }));
    expect(res.statusCode, res.body).toBe(201);
    const uploadId = res.json<{ _id: string; status: string }>()._id;
    expect(res.json<{ status: string }>().status).toBe('processing');
    const abandon = async () => {
      const [job] = await ctx.jobs.boss.fetch<{ uploadId: string }>(RENDER_QUEUE);
      expect(job?.data).toEqual({ uploadId });
      await queued.database.pool.query(
        `INSERT INTO job_leases (job_id, queue, instance_id, heartbeat_at) VALUES ($1, $2, 'dead-host:1:0', now() - interval '2 minutes')`,
        [job!.id, RENDER_QUEUE],
      );
      expect(await ctx.jobs.releaseAbandoned()).toBe(1);
      return job!.id;
    };
    const jobId = await abandon();
    // Once: handed back to run again (after its retry delay).
    const once = await queued.database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [jobId]);
    expect(once.rows[0].state).toBe('retry');
    await queued.database.pool.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [jobId]);
    await abandon();
    const twice = await queued.database.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [jobId]);
    expect(twice.rows[0].state).toBe('cancelled');
    // The dead letter carries the photo, and its handler (on a server with workers) marks it failed.
    const dead = await queued.database.pool.query(`SELECT data FROM pgboss.job WHERE name = $1`, [RENDER_FAILED_QUEUE]);
    expect(dead.rows.map((r) => r.data)).toContainEqual({ uploadId });
    const worker = connectDatabase(queued.testDb.url);
    const app = await buildApp({
      config: uploadTestConfig(queuedDir),
      database: worker,
      storage: new LocalStorage(uploadDirs(queuedDir).storage),
      webDist: false,
      logger: false,
      prepareDatabase: false,
      ownsDatabase: false,
    });
    try {
      const status = await waitFor('the photo to be marked failed', async () => {
        const { rows } = await queued.database.pool.query<{ status: string }>('SELECT status FROM uploads WHERE id = $1', [uploadId]);
        return rows[0]!.status === 'failed' ? rows[0]!.status : undefined;
      });
      expect(status).toBe('failed');
    } finally {
      await app.close();
      await worker.close();
    }
  });
});
