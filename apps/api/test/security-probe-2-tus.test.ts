import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/services/storage';
import type { UploadOptions } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { createCustomer, expectNoTempFiles, filesUnder, newClaim, uploadDirs, uploadTestConfig } from './upload-fixtures';

// The resumable upload endpoint as a second probe found it: extensions it does not offer answered 500, a creation
// that brought the whole photo answered 404, a photo finished after signing in stayed anonymous, and unfinished
// uploads had no quota and kept their bytes until the nightly sweep.

/** A photo-like JPEG (noise compresses like real scan data). */
const grainyJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

interface Server {
  t: TestApp;
  dataDir: string;
  base: string;
}

async function startServer(uploads: Partial<UploadOptions> = {}): Promise<Server> {
  const dataDir = await tempDir('framewala-tus-probe-');
  const t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    uploads,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, dataDir, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  try {
    await server.t.close();
  } finally {
    await fs.rm(server.dataDir, { recursive: true, force: true });
  }
}

const tus = (who: Record<string, string>) => ({ 'tus-resumable': '1.0.0', ...who });

function create(server: Server, length: number, who: Record<string, string>, extra: RequestInit = {}): Promise<Response> {
  return fetch(`${server.base}/api/uploads/tus`, {
    method: 'POST',
    ...extra,
    headers: { ...tus(who), 'upload-length': String(length), ...(extra.headers as Record<string, string> | undefined) },
  });
}

function patch(url: string, offset: number, bytes: Buffer, who: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'PATCH',
    headers: { ...tus(who), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

describe('the tus endpoint’s answers', () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => stopServer(s));

  it('answers a parallel upload (Upload-Concat) with 400 in the error shape, not 500', async () => {
    const res = await create(s, 1000, { 'x-upload-claim': newClaim() }, { headers: { 'upload-concat': 'partial' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Parallel uploads (Upload-Concat) are not offered: send the photo as one upload.',
    });
  });

  it('a creation that brings the whole photo answers 201 with its Location and the photo, which is then there', async () => {
    const claim = newClaim();
    const jpeg = await grainyJpeg(900, 700);
    const res = await create(
      s,
      jpeg.length,
      { 'x-upload-claim': claim },
      {
        headers: { 'content-type': 'application/offset+octet-stream' },
        body: jpeg,
      },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f-]{36}$/);
    const id = location.split('/').pop()!;
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const photo = (await res.json()) as { _id: string; status: string; width: number; height: number };
    expect(photo).toMatchObject({ _id: id, status: 'ready', width: 900, height: 700 });
    const got = await fetch(`${s.base}/api/uploads/${id}`, { headers: { 'x-upload-claim': claim } });
    expect(got.status).toBe(200);
    expect(await filesUnder(path.join(s.dataDir, 'tus'))).toEqual([]);
    await expectNoTempFiles(s.dataDir);
  });

  it('an anonymous upload finished after signing in (token and claim) becomes the account’s photo', async () => {
    const claim = newClaim();
    const customer = await createCustomer(s.t.testDb.url, 'tuslate');
    const jpeg = await grainyJpeg(900, 700);
    const created = await create(s, jpeg.length, { 'x-upload-claim': claim });
    expect(created.status).toBe(201);
    const url = `${s.base}${created.headers.get('location')}`;
    expect((await patch(url, 0, jpeg.subarray(0, 10_000), { 'x-upload-claim': claim })).status).toBe(204);
    const signedIn = { 'x-upload-claim': claim, authorization: `Bearer ${customer.token}` };
    expect((await patch(url, 10_000, jpeg.subarray(10_000), signedIn)).status).toBe(204);
    const id = url.split('/').pop()!;
    const mine = await fetch(`${s.base}/api/uploads`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(((await mine.json()) as { uploads: { _id: string }[] }).uploads.map((u) => u._id)).toContain(id);
    expect((await fetch(`${s.base}/api/uploads/${id}`, { headers: { authorization: `Bearer ${customer.token}` } })).status).toBe(200);
    const { rows } = await s.t.database.pool.query('SELECT owner_user_id, claim_hash FROM uploads WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ owner_user_id: customer.id, claim_hash: null });
  });
});

describe('limits on unfinished uploads', () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer({
      unfinished: { perAddress: 3, perOwner: 2, bytesPerAddress: 25_000, bytesPerOwner: 10_000, totalBytes: 40_000 },
    });
  });
  afterAll(() => stopServer(s));

  const locationOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(201);
    return `${s.base}${res.headers.get('location')}`;
  };
  const refusal = async (res: Response) => {
    expect(res.status).toBe(429);
    return ((await res.json()) as { code: string; message: string }).message;
  };

  it('counts them per customer and per address, and their declared bytes; a finished or cancelled one no longer counts', async () => {
    const a = { 'x-upload-claim': newClaim() };
    const b = { 'x-upload-claim': newClaim() };
    const first = await locationOf(await create(s, 1000, a));
    await locationOf(await create(s, 1000, a));
    expect(await refusal(await create(s, 1000, a))).toMatch(/too many photos half uploaded/);
    // Another claim from the same address: a claim is free, the address is not.
    await locationOf(await create(s, 1000, b));
    expect(await refusal(await create(s, 1000, { 'x-upload-claim': newClaim() }))).toMatch(/too many photos half uploaded/);
    // Cancelling one gives its place back.
    expect((await fetch(first, { method: 'DELETE', headers: tus(a) })).status).toBe(204);
    const again = await locationOf(await create(s, 1000, b));
    expect((await fetch(again, { method: 'DELETE', headers: tus(b) })).status).toBe(204);
    // Declared bytes: b already declared 1000; 9500 more would pass its 10 000.
    expect(await refusal(await create(s, 9500, b))).toMatch(/too large together/);
    const { rows } = await s.t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM unfinished_uploads');
    expect(rows[0]!.n).toBe(2);
  });

  it('counts an account’s unfinished uploads wherever it signs in from', async () => {
    await s.t.database.pool.query('DELETE FROM unfinished_uploads');
    const customer = await createCustomer(s.t.testDb.url, 'tusquota');
    const who = { authorization: `Bearer ${customer.token}` };
    await locationOf(await create(s, 1000, who));
    await locationOf(await create(s, 1000, who));
    // Elsewhere: the count is the account's, kept in PostgreSQL for every server.
    await s.t.database.pool.query(`UPDATE unfinished_uploads SET client_address = '203.0.113.9'`);
    expect(await refusal(await create(s, 1000, who))).toMatch(/too many photos half uploaded/);
  });

  it('keeps the shop’s total of declared bytes', async () => {
    await s.t.database.pool.query('DELETE FROM unfinished_uploads');
    await s.t.database.pool.query(
      `INSERT INTO unfinished_uploads (id, claim_hash, client_address, declared_bytes, expires_at)
       VALUES ('elsewhere-1', 'x', '198.51.100.1', 20000, now() + interval '1 hour'),
              ('elsewhere-2', 'y', '198.51.100.2', 15000, now() + interval '1 hour')`,
    );
    expect(await refusal(await create(s, 6000, { 'x-upload-claim': newClaim() }))).toMatch(/receiving a lot of photos/);
    await locationOf(await create(s, 5000, { 'x-upload-claim': newClaim() }));
    // Records past their expiry do not count, and are dropped when the next upload is created.
    await s.t.database.pool.query(`UPDATE unfinished_uploads SET expires_at = now() - interval '1 second' WHERE id LIKE 'elsewhere-%'`);
    await locationOf(await create(s, 6000, { 'x-upload-claim': newClaim() }));
    const { rows } = await s.t.database.pool.query(`SELECT id FROM unfinished_uploads WHERE id LIKE 'elsewhere-%'`);
    expect(rows).toEqual([]);
  });
});

describe('expired unfinished uploads', () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer({ unfinishedExpiryMs: 1500, unfinishedSweepMs: 500 });
  });
  afterAll(() => stopServer(s));

  it('lose their bytes within a sweep interval, without anyone asking for them', async () => {
    const claim = { 'x-upload-claim': newClaim() };
    const jpeg = await grainyJpeg(900, 700);
    const created = await create(s, jpeg.length, claim);
    expect(created.status).toBe(201);
    const url = `${s.base}${created.headers.get('location')}`;
    expect((await patch(url, 0, jpeg.subarray(0, 20_000), claim)).status).toBe(204);
    const tusDir = path.join(s.dataDir, 'tus');
    expect(await filesUnder(tusDir)).toHaveLength(2);
    const until = Date.now() + 15_000;
    while ((await filesUnder(tusDir)).length > 0) {
      if (Date.now() > until) throw new Error('the expired upload’s bytes were not deleted');
      await new Promise((r) => setTimeout(r, 100));
    }
    const { rows } = await s.t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM unfinished_uploads');
    expect(rows[0]!.n).toBe(0);
  });
});
