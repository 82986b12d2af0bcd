import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { Upload as TusClientUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_TYPE_MESSAGE } from '@framewala/domain';
import type { AppContext } from '../src/context';
import { S3Storage } from '../src/services/s3-storage';
import { RETENTION_QUEUE, runRetention } from '../src/services/uploads/retention';
import { DEFAULT_UPLOAD_OPTIONS } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { startTestS3, type TestS3 } from './s3-test-server';
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

// S3Storage against s3rver, an S3 implementation started here on a loopback port with its files in a temp folder.
const BUCKET = 'framewala-test';
let s3: TestS3;
let s3Dir: string;
let endpoint: string;

function s3Storage(options: { publicUrl?: string; partSize?: number } = {}): S3Storage {
  return new S3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicUrl: options.publicUrl,
    partSize: options.partSize,
  });
}

async function keysIn(storage: S3Storage, prefix: string): Promise<string[]> {
  const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

beforeAll(async () => {
  s3Dir = await tempDir('framewala-s3rver-');
  s3 = await startTestS3({ directory: s3Dir, buckets: [BUCKET] });
  endpoint = s3.endpoint;
});

afterAll(async () => {
  try {
    await s3?.close();
  } finally {
    await fs.rm(s3Dir, { recursive: true, force: true });
  }
});

describe('S3Storage', () => {
  it('puts, reads, checks and deletes objects', async () => {
    const storage = s3Storage();
    await storage.check();
    await storage.put('t/hello.txt', Buffer.from('namaste'), 'text/plain');
    expect(await storage.exists('t/hello.txt')).toBe(true);
    expect(await storage.exists('t/missing.txt')).toBe(false);
    const opened = await storage.open('t/hello.txt');
    expect(opened.contentType).toBe('text/plain');
    expect(opened.contentLength).toBe(7);
    opened.body.resume();
    await storage.delete('t/hello.txt');
    await storage.delete('t/hello.txt'); // idempotent
    expect(await storage.exists('t/hello.txt')).toBe(false);
    await expect(storage.read('t/hello.txt')).rejects.toThrow('No stored file t/hello.txt');
    expect(storage.localPath()).toBeNull();
    expect(() => storage.url('../escape')).toThrow();
  });

  it('streams a large file up in parts from disk and back down to a file', async () => {
    const storage = s3Storage({ partSize: 5 * 1024 * 1024 });
    const dir = await tempDir('framewala-s3-parts-');
    const source = path.join(dir, 'big.bin');
    const data = Buffer.alloc(12 * 1024 * 1024 + 123);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE(i, i);
    await fs.writeFile(source, data);
    await storage.putFile('t/big.bin', source, 'application/octet-stream', { move: true });
    await expect(fs.access(source)).rejects.toThrow(); // moved: the local file is gone
    await storage.getToFile('t/big.bin', path.join(dir, 'back.bin'));
    expect(Buffer.compare(await fs.readFile(path.join(dir, 'back.bin')), data)).toBe(0);
    expect(await fs.readdir(dir)).toEqual(['back.bin']);
    await storage.delete('t/big.bin');
    await fs.rm(dir, { recursive: true });
  });

  it('gives public URLs from S3_PUBLIC_URL, else /media paths the server proxies', () => {
    expect(s3Storage({ publicUrl: 'https://media.framewala.in' }).url('uploads/a/b.jpg')).toBe(
      'https://media.framewala.in/uploads/a/b.jpg',
    );
    expect(s3Storage().url('uploads/a/b.jpg')).toBe('/media/uploads/a/b.jpg');
    expect(s3Storage().proxied).toBe(true);
  });
});

describe('uploads stored in S3', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: S3Storage;
  const claim = newClaim();

  beforeAll(async () => {
    dataDir = await tempDir('framewala-uploads-s3-');
    storage = s3Storage();
    t = await createTestApp({
      config: uploadTestConfig(dataDir),
      storage,
      prepareDatabase: false,
      uploads: { backgroundPixels: 2_000_000 },
    });
  });

  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('an upload lands in the bucket under its id, and /media streams it back', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(1200, 800), { claim }));
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json();
    const keys = await keysIn(storage, `uploads/${upload._id}/`);
    expect(keys.map((k) => k.replace(/-\d+-\d+\.jpg$/, '-N.jpg'))).toEqual([
      `uploads/${upload._id}/display-N.jpg`,
      `uploads/${upload._id}/original-N.jpg`,
      `uploads/${upload._id}/thumb-N.jpg`,
    ]);
    const media = await t.app.inject({ method: 'GET', url: upload.url });
    expect(media.headers['content-type']).toBe('image/jpeg');
    // A customer's photo: a signed URL, never cached by a shared cache.
    expect(media.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await imageSize(t.app, upload.url)).toMatchObject({ width: 1200, height: 800 });
    const missing = await t.app.inject({ method: 'GET', url: `/media/uploads/${upload._id}/nothing.jpg` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    await expectNoTempFiles(dataDir);
  });

  it('a crop reads the original from the bucket (a temporary copy, removed after)', async () => {
    const upload = (await t.app.inject(uploadRequest(await twoToneJpeg(1200, 800), { claim }))).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${upload._id}/crop`,
      headers: { 'x-upload-claim': claim },
      payload: { x: 0, y: 0, width: 600, height: 400 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const display = await imageSize(t.app, res.json().url);
    expect([display.width, display.height]).toEqual([600, 400]);
    expect(display.top[0]).toBeGreaterThan(200);
    await expectNoTempFiles(dataDir);
  });

  it('a very large photo is rendered by the job from the bucket', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(2000, 1200), { claim }));
    expect(res.json().status).toBe('processing');
    const until = Date.now() + 20_000;
    let upload = res.json();
    while (upload.status === 'processing') {
      if (Date.now() > until) throw new Error('still processing');
      await new Promise((r) => setTimeout(r, 100));
      upload = (await t.app.inject({ method: 'GET', url: `/api/uploads/${upload._id}`, headers: { 'x-upload-claim': claim } })).json();
    }
    expect(upload.status).toBe('ready');
    expect(await imageSize(t.app, upload.url)).toMatchObject({ width: 2000, height: 1200 });
    await expectNoTempFiles(dataDir);
  });

  it('retention deletes the objects', async () => {
    const upload = (await t.app.inject(uploadRequest(await twoToneJpeg(900, 900), { claim }))).json();
    expect((await keysIn(storage, `uploads/${upload._id}/`)).length).toBe(3);
    const sql = new pg.Client({ connectionString: t.testDb.url });
    await sql.connect();
    await sql.query(`UPDATE uploads SET expires_at = now() - interval '1 second'`);
    await sql.end();
    const ctx = { config: uploadTestConfig(dataDir), database: t.database, storage } as unknown as AppContext;
    const result = await runRetention({ ctx, options: DEFAULT_UPLOAD_OPTIONS, tmpDir: uploadDirs(dataDir).tmp });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await keysIn(storage, 'uploads/')).toEqual([]);
  });
});

describe('resumable uploads kept in S3', () => {
  let t: TestApp;
  let dataDir: string;
  let storage: S3Storage;
  let base: string;
  const claim = newClaim();
  const tusHeaders = { 'tus-resumable': '1.0.0', 'x-upload-claim': claim };

  beforeAll(async () => {
    dataDir = await tempDir('framewala-tus-s3-');
    storage = s3Storage();
    t = await createTestApp({ config: uploadTestConfig(dataDir), storage, prepareDatabase: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  async function create(length: number): Promise<string> {
    const res = await fetch(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from('scan.jpg').toString('base64')}`,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return `${base}${res.headers.get('location')}`;
  }

  const patch = (url: string, offset: number, bytes: Buffer) =>
    fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes,
    });

  async function offsetOf(url: string): Promise<number> {
    const res = await fetch(url, { method: 'HEAD', headers: tusHeaders });
    expect(res.status).toBe(200);
    return Number(res.headers.get('upload-offset'));
  }

  /** Objects in the bucket that are not stored photos: unfinished uploads, their records and pieces. */
  async function tusObjects(): Promise<string[]> {
    return (await keysIn(storage, '')).filter((key) => !key.startsWith('uploads/'));
  }

  async function storedOriginal(id: string): Promise<Buffer> {
    const key = (await keysIn(storage, `uploads/${id}/`)).find((k) => k.includes('/original-'))!;
    return Buffer.concat(await (await storage.read(key)).toArray());
  }

  it('takes a photo in pieces across S3 parts; HEAD says where it stands; the last piece makes it ready, and nothing is left', async () => {
    // Over S3's 5 MiB minimum part: one whole part, then the last.
    const jpeg = await noisyJpeg(3600, 2900);
    expect(jpeg.length).toBeGreaterThan(6 * 1024 * 1024);
    const url = await create(jpeg.length);
    const id = url.split('/').pop()!;
    const cuts = [0, 1000, 6 * 1024 * 1024, jpeg.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      expect(await offsetOf(url)).toBe(cuts[i]);
      const res = await patch(url, cuts[i]!, jpeg.subarray(cuts[i], cuts[i + 1]));
      expect(res.status, await res.clone().text()).toBe(204);
      expect(Number(res.headers.get('upload-offset'))).toBe(cuts[i + 1]);
      if (i + 2 < cuts.length) expect((await tusObjects()).length).toBeGreaterThan(0);
    }
    const photo = await fetch(`${base}/api/uploads/${id}`, { headers: { 'x-upload-claim': claim } });
    expect(await photo.json()).toMatchObject({ _id: id, status: 'ready', width: 3600, height: 2900 });
    expect((await storedOriginal(id)).equals(jpeg)).toBe(true);
    expect(await tusObjects()).toEqual([]);
    expect(await filesUnder(path.join(dataDir, 'tus'))).toEqual([]);
    await expectNoTempFiles(dataDir);
  });

  it('keeps what arrived before the connection was cut, and tus-js-client resumes from there', async () => {
    const jpeg = await noisyJpeg(1400, 1200);
    const url = await create(jpeg.length);
    const id = url.split('/').pop()!;
    const half = Math.floor(jpeg.length / 2);
    const request = http.request(url, {
      method: 'PATCH',
      agent: false,
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(jpeg.length),
      },
    });
    request.on('error', () => undefined);
    request.write(jpeg.subarray(0, half));
    await new Promise((r) => setTimeout(r, 300));
    request.destroy();
    const until = Date.now() + 10_000;
    while ((await offsetOf(url)) !== half) {
      if (Date.now() > until) throw new Error('the cut PATCH’s bytes were not kept');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise<void>((resolve, reject) => {
      const upload = new TusClientUpload(jpeg, {
        endpoint: `${base}/api/uploads/tus`,
        uploadUrl: url,
        headers: { 'x-upload-claim': claim },
        retryDelays: [0, 200],
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect((await storedOriginal(id)).equals(jpeg)).toBe(true);
    expect(await tusObjects()).toEqual([]);
    await expectNoTempFiles(dataDir);
  });

  it('refuses a body whose first bytes are not a photo with 415, and removes the upload from the bucket', async () => {
    const url = await create(50_000);
    const res = await patch(url, 0, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(4000)]));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_TYPE_MESSAGE });
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders })).status).toBe(404);
    expect(await tusObjects()).toEqual([]);
  });

  it('answers 404 to another customer, and DELETE removes an unfinished upload', async () => {
    const jpeg = await noisyJpeg(800, 800);
    const url = await create(jpeg.length);
    expect((await patch(url, 0, jpeg.subarray(0, 5000))).status).toBe(204);
    const other = { 'tus-resumable': '1.0.0', 'x-upload-claim': newClaim() };
    expect((await fetch(url, { method: 'HEAD', headers: other })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: other })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: tusHeaders })).status).toBe(204);
    expect(await tusObjects()).toEqual([]);
  });
});

describe('unfinished uploads in S3 expire', () => {
  it('after the expiry: 410, and the retention job deletes their parts and records', async () => {
    const dataDir = await tempDir('framewala-tus-s3-expiry-');
    const storage = s3Storage();
    const t = await createTestApp({
      config: uploadTestConfig(dataDir),
      storage,
      prepareDatabase: false,
      uploads: { unfinishedExpiryMs: 1500 },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const claim = newClaim();
      const headers = { 'tus-resumable': '1.0.0', 'x-upload-claim': claim };
      const jpeg = await noisyJpeg(800, 800);
      const created = await fetch(`${base}/api/uploads/tus`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(jpeg.length) },
      });
      const url = `${base}${created.headers.get('location')}`;
      const first = await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: jpeg.subarray(0, 5000),
      });
      expect(first.status).toBe(204);
      const before = (await keysIn(storage, '')).filter((key) => !key.startsWith('uploads/'));
      expect(before.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 2000));
      expect((await fetch(url, { method: 'HEAD', headers })).status).toBe(410);

      const boss = new PgBoss({ connectionString: t.testDb.url, schema: 'pgboss', migrate: false });
      boss.on('error', () => undefined);
      await boss.start();
      try {
        await boss.send(RETENTION_QUEUE, {});
        const until = Date.now() + 20_000;
        while ((await keysIn(storage, '')).some((key) => !key.startsWith('uploads/'))) {
          if (Date.now() > until) throw new Error(`the retention job left ${(await keysIn(storage, '')).join(', ')}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        await boss.stop({ graceful: false });
      }
      expect(await filesUnder(path.join(s3Dir, BUCKET, '._S3rver_uploads'))).toEqual([]);
    } finally {
      await t.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
