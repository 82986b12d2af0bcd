import fs from 'node:fs/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/services/storage';
import { RENDER_FAILED_QUEUE } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  expectNoTempFiles,
  filesUnder,
  imageSize,
  newClaim,
  noisyJpeg,
  twoToneJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// Very large photos get their renditions from a pg-boss job. The threshold is lowered here (1 MP instead of 100 MP)
// so that small generated photos take that path.
let t: TestApp;
let dataDir: string;
const claim = newClaim();

beforeAll(async () => {
  dataDir = await tempDir('framewala-uploads-jobs-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
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

async function pollUntilSettled(id: string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { 'x-upload-claim': claim } });
    expect(res.statusCode, res.body).toBe(200);
    if (res.json().status !== 'processing') return res.json();
    if (Date.now() > until) throw new Error(`upload ${id} still processing after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('very large photos', () => {
  it('answer 201 with status processing and no URLs, then become ready (poll GET /api/uploads/:id)', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(1500, 1000), { claim }));
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json();
    expect(upload).toMatchObject({
      status: 'processing',
      url: null,
      thumbnailUrl: null,
      width: 1500,
      height: 1000,
      imageType: 'landscape',
    });
    await expectNoTempFiles(dataDir);
    const ready = await pollUntilSettled(upload._id);
    expect(ready).toMatchObject({
      ...upload,
      status: 'ready',
      url: expect.stringMatching(/\/display-/),
      thumbnailUrl: expect.stringMatching(/\/thumb-/),
    });
    expect(await imageSize(t.app, ready.url)).toMatchObject({ width: 1500, height: 1000, format: 'jpeg' });
    expect(await imageSize(t.app, ready.thumbnailUrl)).toMatchObject({ width: 400, height: 267 });
    await expectNoTempFiles(dataDir);
  });

  it('a large photo whose pixels do not decode ends as failed, and its original is removed', async () => {
    const whole = await noisyJpeg(1400, 1000);
    // A JPEG cut short is refused in the request (it ends before its end marker); this one's end marker follows the
    // cut, so only decoding its pixels finds it broken.
    const broken = Buffer.concat([whole.subarray(0, Math.floor(whole.length * 0.6)), Buffer.from([0xff, 0xd9])]);
    const res = await t.app.inject(uploadRequest(broken, { claim }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('processing');
    const settled = await pollUntilSettled(res.json()._id);
    expect(settled).toMatchObject({ status: 'failed', url: null, thumbnailUrl: null });
    expect((await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(settled._id))).toEqual([]);
    await expectNoTempFiles(dataDir);
    // Cropping a failed photo is refused.
    const crop = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${settled._id}/crop`,
      headers: { 'x-upload-claim': claim },
      payload: { x: 0, y: 0, width: 10, height: 10 },
    });
    expect(crop.statusCode).toBe(422);
    expect(crop.json().code).toBe('IMAGE_UNREADABLE');
  });

  it('a crop of a very large photo is processed the same way', async () => {
    const upload = (await t.app.inject(uploadRequest(await twoToneJpeg(1500, 1000), { claim }))).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${upload._id}/crop`,
      headers: { 'x-upload-claim': claim },
      payload: { x: 0, y: 500, width: 1500, height: 500 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'processing', parentId: upload._id, url: null });
    const ready = await pollUntilSettled(res.json()._id);
    expect(ready.status).toBe('ready');
    const display = await imageSize(t.app, ready.url);
    expect([display.width, display.height]).toEqual([1500, 500]);
    expect(display.top[2]).toBeGreaterThan(180); // the blue bottom half
    await expectNoTempFiles(dataDir);
  });

  it('a render job that failed on every retry ends in failed (pg-boss dead letter), removing the original', async () => {
    const upload = await pollUntilSettled((await t.app.inject(uploadRequest(await twoToneJpeg(1500, 1000), { claim }))).json()._id);
    expect(upload.status).toBe('ready');
    // As if its job were still running and then gave up: pg-boss moves it to the dead-letter queue.
    const sql = new pg.Client({ connectionString: t.testDb.url });
    await sql.connect();
    await sql.query(`UPDATE uploads SET status = 'processing' WHERE id = $1`, [upload._id]);
    await sql.end();
    const boss = new PgBoss({ connectionString: t.testDb.url, schema: 'pgboss', supervise: false, schedule: false });
    await boss.start();
    await boss.send(RENDER_FAILED_QUEUE, { uploadId: upload._id });
    await boss.stop({ graceful: false, close: true });
    const settled = await pollUntilSettled(upload._id);
    expect(settled).toMatchObject({ status: 'failed', url: null });
    expect((await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(upload._id) && f.includes('original-'))).toEqual([]);
  });
});
