import fs from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/services/s3-storage';
import { LocalStorage } from '../src/services/storage';
import { expectError } from './accounts-helpers';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  createCustomer,
  expectNoTempFiles,
  filesUnder,
  newClaim,
  plainJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// Storage goes away under a running server: the S3 endpoint stops answering (s3rver closed), and a local disk that
// refuses writes. Uploads answer 503 STORAGE_UNAVAILABLE with a message, leave no row and no temporary file, the
// health check says 503, and everything works again once the store is back, without restarting the server.
const BUCKET = 'framewala-faults';

async function uploadRows(t: TestApp): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM uploads');
  return Number(rows[0]!.n);
}

describe('S3 storage down', () => {
  let s3Dir: string;
  let dataDir: string;
  let port: number;
  let s3rver: S3rver | undefined;
  let t: TestApp;
  let jpeg: Buffer;

  async function startS3(atPort: number): Promise<number> {
    s3rver = new S3rver({
      port: atPort,
      address: '127.0.0.1',
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    return (await s3rver.run()).port;
  }

  beforeAll(async () => {
    s3Dir = await tempDir('framewala-faults-s3-');
    dataDir = await tempDir('framewala-faults-s3-data-');
    port = await startS3(0);
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl: undefined,
    });
    // Frame images are already in the database's catalogue; this app only needs to store photos.
    t = await createTestApp({ config: uploadTestConfig(dataDir), storage, prepareDatabase: false });
    jpeg = await plainJpeg(900, 720);
  });

  afterAll(async () => {
    try {
      await t?.close();
      await s3rver?.close().catch(() => undefined);
    } finally {
      await fs.rm(s3Dir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uploads while the store answers', async () => {
    const res = await t.app.inject(uploadRequest(jpeg, { claim: newClaim() }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 with a message, writes no row and leaves no temporary file while the store is down', async () => {
    await s3rver!.close();
    s3rver = undefined;
    const rowsBefore = await uploadRows(t);
    const customer = await createCustomer(t.testDb.url, 'Asha');
    for (const request of [uploadRequest(jpeg, { claim: newClaim() }), uploadRequest(jpeg, { token: customer.token, claim: null })]) {
      const res = await t.app.inject(request);
      const body = expectError(res, 503, 'STORAGE_UNAVAILABLE');
      expect(body.message).toMatch(/storage is not reachable/i);
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|stack/i);
    }
    expect(await uploadRows(t)).toBe(rowsBefore);
    await expectNoTempFiles(dataDir);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', db: 'ok', storage: 'error', code: 'SERVICE_UNAVAILABLE' });
    expect(health.json<{ message: string }>().message).toMatch(/storage/);
  });

  it('works again once the store is back, without a restart', async () => {
    await startS3(port);
    const res = await t.app.inject(uploadRequest(jpeg, { claim: newClaim() }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await expectNoTempFiles(dataDir);
  });
});

/** The unprivileged user a root test process acts as while folders are locked (Debian's `nobody`). */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/**
 * Makes folders refuse new entries with read-only permissions. Root ignores permissions, so a test run as root acts as
 * an unprivileged user (its effective uid) while they are locked: no file-system feature (such as an immutable
 * attribute) is needed, so the test runs the same on any disk. Checked by a write that must fail.
 */
async function setWritable(dirs: string[], writable: boolean): Promise<void> {
  if (writable && isRoot && process.geteuid?.() !== 0) process.seteuid!(0);
  for (const dir of dirs) await fs.chmod(dir, writable ? 0o755 : 0o555);
  if (!writable && isRoot) process.seteuid!(NOBODY);
}

/** As root, lets the unprivileged user write everywhere under `dir` (its folders are root's): only locked folders refuse. */
async function openToAll(dir: string): Promise<void> {
  if (!isRoot) return;
  await fs.chmod(dir, 0o777);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) if (entry.isDirectory()) await openToAll(path.join(dir, entry.name));
}

describe('local disk refusing writes', () => {
  let dataDir: string;
  let t: TestApp;
  let root: string;
  let locked: string[] = [];

  beforeAll(async () => {
    dataDir = await tempDir('framewala-faults-disk-');
    root = uploadDirs(dataDir).storage;
    await fs.mkdir(path.join(root, 'uploads'), { recursive: true });
    t = await createTestApp({ config: uploadTestConfig(dataDir), storage: new LocalStorage(root), prepareDatabase: false });
    await openToAll(dataDir);
  });

  afterAll(async () => {
    try {
      await setWritable(locked, true);
      await t?.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 while the photo folders cannot be written, the health check says so, and it works again after', async () => {
    locked = [root, path.join(root, 'uploads')];
    await setWritable(locked, false);
    await expect(fs.mkdir(path.join(root, 'uploads', 'probe')), 'the folder must refuse writes for this test').rejects.toThrow();

    const rowsBefore = await uploadRows(t);
    const res = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { claim: newClaim() }));
    const body = expectError(res, 503, 'STORAGE_UNAVAILABLE');
    expect(body.message).toMatch(/storage is not reachable/i);
    expect(res.body).not.toMatch(/EPERM|EACCES|framewala-faults/);
    expect(await uploadRows(t)).toBe(rowsBefore);
    await expectNoTempFiles(dataDir);
    expect(await filesUnder(root)).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ db: 'ok', storage: 'error' });

    await setWritable(locked, true);
    locked = [];
    const again = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { claim: newClaim() }));
    expect(again.statusCode, again.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
