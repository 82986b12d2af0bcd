import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { S3Storage } from '../src/services/s3-storage';
import { runRetention } from '../src/services/uploads/retention';
import { DEFAULT_UPLOAD_OPTIONS } from '../src/services/uploads/service';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { expectNoTempFiles, imageSize, newClaim, twoToneJpeg, uploadDirs, uploadRequest, uploadTestConfig } from './upload-fixtures';

// S3Storage against s3rver, an S3 implementation started here on a loopback port with its files in a temp folder.
const BUCKET = 'framewala-test';
let s3rver: S3rver;
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
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const address = await s3rver.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  try {
    await s3rver?.close();
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
