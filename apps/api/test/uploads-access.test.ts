import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { LocalStorage } from '../src/services/storage';
import { RETENTION_QUEUE, runRetention, sweepTempDir } from '../src/services/uploads/retention';
import { DEFAULT_UPLOAD_OPTIONS, type UploadsDeps } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  createCustomer,
  expectNoTempFiles,
  filesUnder,
  imageSize,
  newClaim,
  twoToneJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

let t: TestApp;
let dataDir: string;
let storage: LocalStorage;
let sql: pg.Client;
let asha: { id: string; token: string };
let ravi: { id: string; token: string };
const ORPHAN = 'upload-left-by-a-killed-server.part';

beforeAll(async () => {
  dataDir = await tempDir('framewala-uploads-access-');
  // A temporary file from a server killed two hours ago, and one from an upload in flight right now.
  const { tmp } = uploadDirs(dataDir);
  await fs.mkdir(tmp, { recursive: true });
  await fs.writeFile(path.join(tmp, ORPHAN), 'partial');
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  await fs.utimes(path.join(tmp, ORPHAN), twoHoursAgo, twoHoursAgo);
  await fs.writeFile(path.join(tmp, 'upload-in-flight.part'), 'partial');

  storage = new LocalStorage(uploadDirs(dataDir).storage);
  t = await createTestApp({ config: uploadTestConfig(dataDir), storage, prepareDatabase: false });
  sql = new pg.Client({ connectionString: t.testDb.url });
  await sql.connect();
  asha = await createCustomer(t.testDb.url, 'Asha');
  ravi = await createCustomer(t.testDb.url, 'Ravi');
});

afterAll(async () => {
  try {
    await sql?.end();
    await t?.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

type Auth = { token?: string; claim?: string };

function headers(auth: Auth): Record<string, string> {
  const h: Record<string, string> = {};
  if (auth.token) h.authorization = `Bearer ${auth.token}`;
  if (auth.claim) h['x-upload-claim'] = auth.claim;
  return h;
}

async function uploadAs(auth: Auth, width = 1200, height = 800, orientation?: number) {
  const request = uploadRequest(await twoToneJpeg(width, height, { orientation }), { claim: auth.claim ?? null, token: auth.token });
  const res = await t.app.inject(request);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (id: string, auth: Auth) => t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: headers(auth) });
const crop = (id: string, auth: Auth, rect: object) =>
  t.app.inject({ method: 'POST', url: `/api/uploads/${id}/crop`, headers: headers(auth), payload: rect });
const NOT_FOUND = { code: 'NOT_FOUND', message: 'This photo does not exist or is no longer available.' };

function deps(): UploadsDeps {
  const ctx = { config: uploadTestConfig(dataDir), database: t.database, storage, jobs: undefined } as unknown as AppContext;
  return { ctx, options: DEFAULT_UPLOAD_OPTIONS, tmpDir: uploadDirs(dataDir).tmp };
}

async function sha256(file: string): Promise<string> {
  return createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
}

async function originalPathOf(id: string): Promise<string> {
  const { rows } = await sql.query('SELECT original_key FROM uploads WHERE id = $1', [id]);
  return storage.localPath(rows[0].original_key);
}

describe('the OpenAPI document', () => {
  it('describes the upload routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/upload-image', '/api/uploads', '/api/uploads/claim', '/api/uploads/{id}', '/api/uploads/{id}/crop']),
    );
    const upload = doc.paths['/api/upload-image'].post;
    expect(upload.tags).toEqual(['uploads']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415', '422']));
    expect(JSON.stringify(upload.responses['201'])).toContain('processing');
    expect(doc.paths['/api/uploads/{id}/crop'].post.requestBody).toBeDefined();
  });
});

describe('start-up', () => {
  it('sweeps temporary files older than an hour left by a killed server, and keeps recent ones', async () => {
    const left = await filesUnder(uploadDirs(dataDir).tmp);
    expect(left).not.toContain(ORPHAN);
    expect(left).toContain('upload-in-flight.part');
    await fs.rm(path.join(uploadDirs(dataDir).tmp, 'upload-in-flight.part'));
  });

  it('the sweep itself: by age', async () => {
    const dir = await tempDir('framewala-sweep-');
    await fs.writeFile(path.join(dir, 'old'), 'x');
    await fs.writeFile(path.join(dir, 'new'), 'x');
    const old = new Date(Date.now() - 61 * 60_000);
    await fs.utimes(path.join(dir, 'old'), old, old);
    expect(await sweepTempDir(dir)).toBe(1);
    expect(await fs.readdir(dir)).toEqual(['new']);
    await fs.rm(dir, { recursive: true });
  });
});

describe('who may see an upload', () => {
  it('the signed-in owner; not another customer, not an anonymous claim, and nobody without a claim', async () => {
    const upload = await uploadAs({ token: asha.token });
    const stored = await sql.query('SELECT owner_user_id, claim_hash FROM uploads WHERE id = $1', [upload._id]);
    expect(stored.rows[0]).toEqual({ owner_user_id: asha.id, claim_hash: null });
    expect((await get(upload._id, { token: asha.token })).json()).toEqual(upload);
    const other = await get(upload._id, { token: ravi.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(NOT_FOUND);
    expect((await get(upload._id, { claim: newClaim() })).statusCode).toBe(404);
    const nobody = await get(upload._id, {});
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('UPLOAD_CLAIM_REQUIRED');
  });

  it('an anonymous upload: the claim holder only; the server keeps only a SHA-256 of the claim', async () => {
    const claim = newClaim();
    const upload = await uploadAs({ claim });
    const stored = await sql.query('SELECT owner_user_id, claim_hash FROM uploads WHERE id = $1', [upload._id]);
    expect(stored.rows[0]).toEqual({ owner_user_id: null, claim_hash: createHash('sha256').update(claim).digest('hex') });
    expect((await get(upload._id, { claim })).statusCode).toBe(200);
    expect((await get(upload._id, { claim: newClaim() })).json()).toEqual(NOT_FOUND);
    expect((await get(upload._id, { token: ravi.token })).statusCode).toBe(404);
    // Signed in but not yet claimed: the browser's claim still opens it.
    expect((await get(upload._id, { token: ravi.token, claim })).statusCode).toBe(200);
  });

  it('an unknown id and a malformed id answer the same 404 as someone else’s photo', async () => {
    const claim = newClaim();
    expect((await get('6f1d5a3e-9c1b-4d7a-8a52-0c5f5e6b7a81', { claim })).json()).toEqual(NOT_FOUND);
    expect((await get('../../etc/passwd', { claim })).statusCode).toBe(404);
    expect((await get('x', { claim })).json()).toEqual(NOT_FOUND);
  });

  it('a bad token is refused (401) even with a valid claim', async () => {
    const res = await get('6f1d5a3e-9c1b-4d7a-8a52-0c5f5e6b7a81', { token: 'nonsense', claim: newClaim() });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/uploads/claim and GET /api/uploads', () => {
  it('moves every anonymous upload of the claim to the account, then lists them newest first', async () => {
    const customer = await createCustomer(t.testDb.url, 'Meera');
    const claim = newClaim();
    const first = await uploadAs({ claim });
    const second = await uploadAs({ claim }, 900, 1300);
    const stranger = await uploadAs({ claim: newClaim() });

    expect((await t.app.inject({ method: 'GET', url: '/api/uploads', headers: headers({ token: customer.token }) })).json()).toEqual({
      uploads: [],
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads/claim', headers: headers({ token: customer.token, claim }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ claimed: 2 });
    const again = await t.app.inject({ method: 'POST', url: '/api/uploads/claim', headers: headers({ token: customer.token, claim }) });
    expect(again.json()).toEqual({ claimed: 0 });

    const list = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: headers({ token: customer.token }) });
    expect(list.statusCode).toBe(200);
    expect(list.json().uploads.map((u: { _id: string }) => u._id)).toEqual([second._id, first._id]);
    expect(list.json().uploads[0]).toEqual(second);
    // Now the account's: the claim alone no longer opens it, and another customer cannot.
    expect((await get(first._id, { claim })).statusCode).toBe(404);
    expect((await get(first._id, { token: customer.token })).statusCode).toBe(200);
    expect((await get(stranger._id, { token: customer.token })).statusCode).toBe(404);
  });

  it('claim needs a session (401) and the header (400)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/uploads/claim', headers: headers({ claim: newClaim() }) });
    expect(anonymous.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/uploads/claim', headers: headers({ token: asha.token }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'UPLOAD_CLAIM_REQUIRED',
      message: 'Send the X-Upload-Claim header with the claim this browser kept for its photos.',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/claim',
      headers: headers({ token: asha.token, claim: 'abc' }),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('the list needs a session and leaves out other people’s, expired, deleted and failed photos', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads' })).statusCode).toBe(401);
    const customer = await createCustomer(t.testDb.url, 'Kiran');
    const kept = await uploadAs({ token: customer.token });
    const expired = await uploadAs({ token: customer.token });
    const deleted = await uploadAs({ token: customer.token });
    const failed = await uploadAs({ token: customer.token });
    await uploadAs({ token: ravi.token });
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired._id]);
    await sql.query(`UPDATE uploads SET deleted_at = now() WHERE id = $1`, [deleted._id]);
    await sql.query(`UPDATE uploads SET status = 'failed' WHERE id = $1`, [failed._id]);
    const list = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: headers({ token: customer.token }) });
    expect(list.json().uploads.map((u: { _id: string }) => u._id)).toEqual([kept._id]);
    expect((await get(expired._id, { token: customer.token })).statusCode).toBe(404);
  });
});

describe('POST /api/uploads/:id/crop', () => {
  it('cuts the full-resolution original into a new upload, leaving the original unchanged', async () => {
    const photo = await uploadAs({ token: asha.token }, 1200, 800);
    const original = await originalPathOf(photo._id);
    const before = await sha256(original);
    const res = await crop(photo._id, { token: asha.token }, { x: 0, y: 0, width: 1200, height: 400 });
    expect(res.statusCode, res.body).toBe(201);
    const cropped = res.json();
    expect(cropped).toMatchObject({
      parentId: photo._id,
      crop: { x: 0, y: 0, width: 1200, height: 400 },
      width: 1200,
      height: 400,
      imageType: 'landscape',
      format: 'jpeg',
      status: 'ready',
      dpi: photo.dpi,
    });
    expect(cropped._id).not.toBe(photo._id);
    // The top half of the photo is red: so is the whole crop.
    const display = await imageSize(t.app, cropped.url);
    expect([display.width, display.height]).toEqual([1200, 400]);
    expect(display.top[0]).toBeGreaterThan(200);
    expect(display.top[2]).toBeLessThan(60);
    expect(await sha256(original)).toBe(before);
    expect((await get(photo._id, { token: asha.token })).json()).toEqual(photo);
    expect((await get(cropped._id, { token: asha.token })).json()).toEqual(cropped);
    await expectNoTempFiles(dataDir);
  });

  it('works in the photo’s upright pixels (after EXIF orientation 6)', async () => {
    const photo = await uploadAs({ token: asha.token }, 800, 1200, 6);
    expect([photo.width, photo.height]).toEqual([800, 1200]);
    const bottom = await crop(photo._id, { token: asha.token }, { x: 0, y: 700, width: 800, height: 500 });
    expect(bottom.statusCode, bottom.body).toBe(201);
    const display = await imageSize(t.app, bottom.json().url);
    expect([display.width, display.height]).toEqual([800, 500]);
    expect(display.top[2]).toBeGreaterThan(180); // blue: the bottom half of the upright photo
    expect(display.top[0]).toBeLessThan(60);
  });

  it('a crop of a crop is placed within the root original', async () => {
    const photo = await uploadAs({ token: asha.token }, 1200, 800);
    const first = (await crop(photo._id, { token: asha.token }, { x: 100, y: 300, width: 800, height: 400 })).json();
    const res = await crop(first._id, { token: asha.token }, { x: 10, y: 150, width: 700, height: 250 });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json();
    expect(second).toMatchObject({ parentId: first._id, crop: { x: 10, y: 150, width: 700, height: 250 }, width: 700, height: 250 });
    const { rows } = await sql.query('SELECT region_left, region_top, original_key FROM uploads WHERE id = ANY($1) ORDER BY created_at', [
      [photo._id, second._id],
    ]);
    expect(rows[1]).toMatchObject({ region_left: 110, region_top: 450, original_key: rows[0].original_key });
    const display = await imageSize(t.app, second.url);
    expect(display.top[2]).toBeGreaterThan(180); // rows 450.. of the original: the blue half
  });

  it('refuses a rectangle outside the photo or without a positive whole size (422)', async () => {
    const photo = await uploadAs({ token: asha.token }, 1200, 800);
    const message = 'The crop must lie inside the photo (1200 × 800 px), in whole pixels, with a positive size.';
    for (const rect of [
      { x: 1, y: 0, width: 1200, height: 800 },
      { x: 0, y: 401, width: 1200, height: 400 },
      { x: 0, y: 0, width: 0, height: 10 },
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0.5, y: 0, width: 10, height: 10 },
    ]) {
      const res = await crop(photo._id, { token: asha.token }, rect);
      expect(res.statusCode, JSON.stringify(rect)).toBe(422);
      expect(res.json()).toEqual({ code: 'CROP_OUTSIDE_IMAGE', message, imageWidth: 1200, imageHeight: 800 });
    }
    const malformed = await crop(photo._id, { token: asha.token }, { x: '0', y: 0, width: 10 });
    expect(malformed.statusCode).toBe(400);
    const count = await sql.query('SELECT count(*)::int AS n FROM uploads WHERE parent_id = $1', [photo._id]);
    expect(count.rows[0].n).toBe(0);
    await expectNoTempFiles(dataDir);
  });

  it('follows the same access rules: another customer’s photo is 404; an anonymous claim holder crops their own', async () => {
    const photo = await uploadAs({ token: asha.token });
    const res = await crop(photo._id, { token: ravi.token }, { x: 0, y: 0, width: 100, height: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await crop(photo._id, {}, { x: 0, y: 0, width: 100, height: 100 })).statusCode).toBe(400);

    const claim = newClaim();
    const mine = await uploadAs({ claim });
    const cropped = await crop(mine._id, { claim }, { x: 0, y: 0, width: 100, height: 100 });
    expect(cropped.statusCode, cropped.body).toBe(201);
    expect((await get(cropped.json()._id, { claim })).statusCode).toBe(200);
    expect((await get(cropped.json()._id, { claim: newClaim() })).statusCode).toBe(404);
    expect(cropped.json()).toMatchObject({ imageType: 'square', width: 100, height: 100 });
  });
});

describe('retention', () => {
  it('deletes renditions and originals 90 days after upload; a crop keeps the shared original alive; the rest stays', async () => {
    await runRetention(deps()); // whatever earlier tests left expired
    const customer = await createCustomer(t.testDb.url, 'Old');
    const photo = await uploadAs({ token: customer.token });
    const cropped = (await crop(photo._id, { token: customer.token }, { x: 0, y: 0, width: 800, height: 800 })).json();
    const other = await uploadAs({ token: customer.token });
    const files = async (id: string) => (await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(id));
    expect((await files(photo._id)).length).toBe(3); // original, display, thumbnail
    const original = await originalPathOf(photo._id);

    // Ninety days on for the photo only.
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [photo._id]);
    expect(await runRetention(deps())).toEqual({ deleted: 1, originalsDeleted: 0 });
    expect(await files(photo._id)).toEqual([expect.stringMatching(/original-/)]);
    expect((await sql.query('SELECT deleted_at FROM uploads WHERE id = $1', [photo._id])).rows[0].deleted_at).not.toBeNull();
    expect((await get(photo._id, { token: customer.token })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect((await get(cropped._id, { token: customer.token })).statusCode).toBe(200);

    // Then the crop: its renditions and now the original go.
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [cropped._id]);
    expect(await runRetention(deps())).toEqual({ deleted: 1, originalsDeleted: 1 });
    await expect(fs.access(original)).rejects.toThrow();
    expect(await files(cropped._id)).toEqual([]);
    expect(await files(photo._id)).toEqual([]);
    expect((await files(other._id)).length).toBe(3);
    expect(await runRetention(deps())).toEqual({ deleted: 0, originalsDeleted: 0 });
  });

  it('keeps photos that an order not yet delivered uses', async () => {
    const customer = await createCustomer(t.testDb.url, 'Ordered');
    const photo = await uploadAs({ token: customer.token });
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [photo._id]);
    const held = async () => new Set([photo._id]);
    const result = await runRetention(deps(), { heldByOpenOrders: held });
    expect(result.deleted).toBe(0);
    expect((await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(photo._id)).length).toBe(3);
    await runRetention(deps());
  });

  it('runs daily on the pg-boss schedule, and the queued job deletes what has expired', async () => {
    const schedule = await sql.query('SELECT name, cron, timezone FROM pgboss.schedule WHERE name = $1', [RETENTION_QUEUE]);
    expect(schedule.rows).toEqual([{ name: RETENTION_QUEUE, cron: '30 21 * * *', timezone: 'UTC' }]);
    const customer = await createCustomer(t.testDb.url, 'Queued');
    const photo = await uploadAs({ token: customer.token });
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [photo._id]);
    // Enqueue a run by hand (as the schedule does each night); the app's worker picks it up.
    const client = new PgBoss({ connectionString: t.testDb.url, schema: 'pgboss', supervise: false, schedule: false });
    await client.start();
    await client.send(RETENTION_QUEUE, {});
    const until = Date.now() + 20_000;
    while ((await sql.query('SELECT deleted_at FROM uploads WHERE id = $1', [photo._id])).rows[0].deleted_at === null) {
      if (Date.now() > until) throw new Error('the retention job did not run');
      await new Promise((r) => setTimeout(r, 200));
    }
    await client.stop({ graceful: false, close: true });
    expect((await filesUnder(uploadDirs(dataDir).storage)).filter((f) => f.includes(photo._id))).toEqual([]);
  });
});
