import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PgBoss from 'pg-boss';
import sharp from 'sharp';
import { Upload as TusClientUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_DIMENSION_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
  UPLOAD_LONGER_THAN_DECLARED_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '@framewala/domain';
import { LocalStorage } from '../src/services/storage';
import { RETENTION_QUEUE } from '../src/services/uploads/retention';
import { createTestApp, tempDir, type TestApp } from './helpers';
import { claimSize, createCustomer, expectNoTempFiles, filesUnder, newClaim, uploadDirs, uploadTestConfig } from './upload-fixtures';

// The 2 GiB limit is tested with a small limit of the same code path (never with gigabytes on disk).
const TEST_MAX_BYTES = 600_000;

let t: TestApp;
let dataDir: string;
let base: string;
const claim = newClaim();
const tusDir = () => path.join(dataDir, 'tus');

beforeAll(async () => {
  dataDir = await tempDir('framewala-tus-');
  t = await createTestApp({
    config: uploadTestConfig(dataDir),
    storage: new LocalStorage(uploadDirs(dataDir).storage),
    prepareDatabase: false,
    uploads: { maxBytes: TEST_MAX_BYTES },
  });
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

/** A photo-like JPEG (noise compresses like real scan data), a few hundred KB. */
const grainyJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

const b64 = (text: string) => Buffer.from(text).toString('base64');
const tusHeaders = (who: Record<string, string> = { 'x-upload-claim': claim }) => ({ 'tus-resumable': '1.0.0', ...who });

async function create(length: number, who?: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/uploads/tus`, {
    method: 'POST',
    headers: {
      ...tusHeaders(who),
      'upload-length': String(length),
      'upload-metadata': `filename ${b64('photo.jpg')},filetype ${b64('image/jpeg')}`,
    },
  });
}

async function createdUrl(length: number, who?: Record<string, string>): Promise<string> {
  const res = await create(length, who);
  expect(res.status, await res.clone().text()).toBe(201);
  return `${base}${res.headers.get('location')}`;
}

function patch(url: string, offset: number, bytes: Buffer, who?: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'PATCH',
    headers: { ...tusHeaders(who), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

async function offsetOf(url: string, who?: Record<string, string>): Promise<number> {
  const res = await fetch(url, { method: 'HEAD', headers: tusHeaders(who) });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

async function eventually(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function storedOriginal(id: string): Promise<Buffer | undefined> {
  const file = (await filesUnder(uploadDirs(dataDir).storage)).find((f) => f.includes(id) && /original-/.test(f));
  return file ? fs.readFile(path.join(uploadDirs(dataDir).storage, file)) : undefined;
}

async function expectNothingLeft(): Promise<void> {
  expect(await filesUnder(tusDir())).toEqual([]);
  await expectNoTempFiles(dataDir);
}

describe('POST /api/uploads/tus: creation', () => {
  it('answers 201 with the Location of the upload, whose id is the photo’s, and the expiry', async () => {
    const res = await create(1000);
    expect(res.status).toBe(201);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const expires = Date.parse(res.headers.get('upload-expires')!);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect((await fetch(`${base}${location}`, { method: 'DELETE', headers: tusHeaders() })).status).toBe(204);
    await expectNothingLeft();
  });

  it('announces the protocol, its extensions and the maximum size', async () => {
    const res = await fetch(`${base}/api/uploads/tus`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toContain('1.0.0');
    expect(res.headers.get('tus-extension')).toMatch(/creation.*termination.*expiration/);
    expect(res.headers.get('tus-max-size')).toBe(String(TEST_MAX_BYTES));
  });

  it('refuses an Upload-Length over the limit with 413 at creation, leaving nothing', async () => {
    const res = await create(TEST_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'UPLOAD_TOO_LARGE', message: UPLOAD_TOO_LARGE_MESSAGE });
    await expectNothingLeft();
  });

  it('needs the claim or a token, like every photo call', async () => {
    const res = await create(1000, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('UPLOAD_CLAIM_REQUIRED');
  });

  it('answers a request without Tus-Resumable in the error shape', async () => {
    const res = await fetch(`${base}/api/uploads/tus`, { method: 'POST', headers: { 'x-upload-claim': claim, 'upload-length': '10' } });
    expect(res.status).toBe(412);
    expect(((await res.json()) as { code: string }).code).toBe('TUS_VERSION_REQUIRED');
  });
});

describe('PATCH: pieces, a cut connection, resume and finish', () => {
  it('takes the photo in pieces, says where it stands, and the last piece answers 204 with the photo ready', async () => {
    const jpeg = await grainyJpeg(900, 800);
    const url = await createdUrl(jpeg.length);
    const id = url.split('/').pop()!;
    const cuts = [0, 1000, Math.floor(jpeg.length / 2), jpeg.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      expect(await offsetOf(url)).toBe(cuts[i]);
      const res = await patch(url, cuts[i]!, jpeg.subarray(cuts[i], cuts[i + 1]));
      expect(res.status, await res.clone().text()).toBe(204);
      expect(Number(res.headers.get('upload-offset'))).toBe(cuts[i + 1]);
      if (i + 2 < cuts.length) expect(res.headers.get('upload-expires')).toBeTruthy();
    }
    const photo = await fetch(`${base}/api/uploads/${id}`, { headers: { 'x-upload-claim': claim } });
    expect(photo.status).toBe(200);
    expect(await photo.json()).toMatchObject({ _id: id, status: 'ready', width: 900, height: 800, format: 'jpeg' });
    expect((await storedOriginal(id))!.equals(jpeg)).toBe(true);
    // Its bytes were taken: the upload itself is gone.
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
    await expectNothingLeft();
  });

  it('a wrong offset answers 409 in the error shape', async () => {
    const jpeg = await grainyJpeg(800, 800);
    const url = await createdUrl(jpeg.length);
    const res = await patch(url, 10, jpeg.subarray(10, 20));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('CONFLICT');
    await fetch(url, { method: 'DELETE', headers: tusHeaders() });
  });

  it('keeps what arrived before the connection was cut; HEAD says so and the rest completes the photo', async () => {
    const jpeg = await grainyJpeg(1000, 900);
    const url = await createdUrl(jpeg.length);
    const id = url.split('/').pop()!;
    const half = Math.floor(jpeg.length / 2);
    // A PATCH announcing the whole photo, cut after half of it.
    const request = http.request(url, {
      method: 'PATCH',
      agent: false,
      headers: {
        ...tusHeaders(),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(jpeg.length),
      },
    });
    request.on('error', () => undefined);
    request.write(jpeg.subarray(0, half));
    const part = path.join(tusDir(), id);
    await eventually('the first half on disk', async () => (await fs.stat(part).catch(() => undefined))?.size === half);
    request.destroy();
    await eventually('the server to let go of the cut PATCH', async () => {
      const res = await fetch(url, { method: 'HEAD', headers: tusHeaders() });
      return res.status === 200 && Number(res.headers.get('upload-offset')) === half;
    });
    const res = await patch(url, half, jpeg.subarray(half));
    expect(res.status, await res.clone().text()).toBe(204);
    expect((await storedOriginal(id))!.equals(jpeg)).toBe(true);
    await expectNothingLeft();
  });

  it('tus-js-client: an upload stopped midway resumes from the server’s offset and finishes', async () => {
    const jpeg = await grainyJpeg(1200, 1000);
    expect(jpeg.length).toBeGreaterThan(300_000);
    const options = {
      endpoint: `${base}/api/uploads/tus`,
      headers: { 'x-upload-claim': claim },
      metadata: { filename: 'holiday.jpeg', filetype: 'image/jpeg' },
      chunkSize: 100_000,
      retryDelays: [0, 200],
    };
    let url = '';
    await new Promise<void>((resolve, reject) => {
      const first = new TusClientUpload(jpeg, {
        ...options,
        onError: reject,
        onChunkComplete: (_chunk, sent) => {
          if (sent >= 200_000) {
            url = first.url!;
            void first.abort().then(resolve, reject);
          }
        },
      });
      first.start();
    });
    expect(await offsetOf(url)).toBe(200_000);
    const progress: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const second = new TusClientUpload(jpeg, {
        ...options,
        uploadUrl: url,
        onError: reject,
        onProgress: (sent) => progress.push(sent),
        onSuccess: () => resolve(),
      });
      second.start();
    });
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(200_000);
    const id = url.split('/').pop()!;
    expect((await storedOriginal(id))!.equals(jpeg)).toBe(true);
    const stored = (await filesUnder(uploadDirs(dataDir).storage)).find((f) => f.includes(id) && /original-/.test(f))!;
    expect(path.extname(stored)).toBe('.jpeg');
    await expectNothingLeft();
  });
});

describe('early refusals and the checks at the end', () => {
  it('a body whose first bytes are not a JPEG or TIFF answers 415 on that PATCH, and the upload is gone', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const url = await createdUrl(png.length);
    const res = await patch(url, 0, png.subarray(0, 4096));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_TYPE_MESSAGE });
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
    await expectNothingLeft();
  });

  it('a JPEG whose frame header breaks the size rules answers 422 as soon as the header has arrived', async () => {
    const jpeg = claimSize(await grainyJpeg(800, 800), 699, 800);
    const url = await createdUrl(jpeg.length);
    const res = await patch(url, 0, jpeg.subarray(0, 2000));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'IMAGE_DIMENSIONS', message: IMAGE_DIMENSION_MESSAGE });
    await expectNothingLeft();
  });

  it('judges the header across a resume: the first bytes stored, the frame header in the next PATCH', async () => {
    const jpeg = claimSize(await grainyJpeg(800, 800), 60_000, 800);
    const url = await createdUrl(jpeg.length);
    expect((await patch(url, 0, jpeg.subarray(0, 100))).status).toBe(204);
    const res = await patch(url, 100, jpeg.subarray(100, 3000));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('IMAGE_DIMENSIONS');
    await expectNothingLeft();
  });

  it('the last PATCH answers the checks’ refusal (pixels that do not decode) and nothing stays', async () => {
    const whole = await grainyJpeg(900, 900);
    const broken = Buffer.concat([whole.subarray(0, Math.floor(whole.length * 0.6))]);
    const url = await createdUrl(broken.length);
    const before = (await filesUnder(uploadDirs(dataDir).storage)).length;
    const res = await patch(url, 0, broken);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('IMAGE_UNREADABLE');
    expect((await filesUnder(uploadDirs(dataDir).storage)).length).toBe(before);
    await expectNothingLeft();
  });

  it('a PATCH that sends more than the upload’s length is refused, saying so (not the 2 GB limit)', async () => {
    const url = await createdUrl(100);
    const res = await patch(url, 0, Buffer.alloc(200, 0xff));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'UPLOAD_LONGER_THAN_DECLARED', message: UPLOAD_LONGER_THAN_DECLARED_MESSAGE });
    await fetch(url, { method: 'DELETE', headers: tusHeaders() });
    await expectNothingLeft();
  });
});

describe('someone else’s upload', () => {
  it('answers 404 to HEAD, PATCH and DELETE with another claim or another account’s token', async () => {
    const jpeg = await grainyJpeg(800, 800);
    const owner = await createCustomer(t.testDb.url, 'tusowner');
    const other = await createCustomer(t.testDb.url, 'tusother');
    for (const [mine, theirs] of [
      [{ 'x-upload-claim': claim }, { 'x-upload-claim': newClaim() }],
      [{ authorization: `Bearer ${owner.token}` }, { authorization: `Bearer ${other.token}` }],
      [{ authorization: `Bearer ${owner.token}` }, { 'x-upload-claim': claim }],
    ] as Array<[Record<string, string>, Record<string, string>]>) {
      const url = await createdUrl(jpeg.length, mine);
      expect((await patch(url, 0, jpeg.subarray(0, 1000), mine)).status).toBe(204);
      const answers = [
        await fetch(url, { method: 'HEAD', headers: tusHeaders(theirs) }),
        await patch(url, 1000, jpeg.subarray(1000, 2000), theirs),
        await fetch(url, { method: 'DELETE', headers: tusHeaders(theirs) }),
      ];
      expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
      expect(await answers[1]!.json()).toEqual({ code: 'NOT_FOUND', message: 'This upload does not exist or is no longer available.' });
      expect(await offsetOf(url, mine)).toBe(1000);
      expect((await fetch(url, { method: 'DELETE', headers: tusHeaders(mine) })).status).toBe(204);
      expect((await fetch(url, { method: 'HEAD', headers: tusHeaders(mine) })).status).toBe(404);
    }
    // Metadata sent under the server's own names does not make anyone an owner.
    const forged = await fetch(`${base}/api/uploads/tus`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-length': '1000', 'upload-metadata': `owner ${b64(other.id)},claim ${b64('x')}` },
    });
    const forgedUrl = `${base}${forged.headers.get('location')}`;
    expect((await fetch(forgedUrl, { method: 'HEAD', headers: tusHeaders({ authorization: `Bearer ${other.token}` }) })).status).toBe(404);
    expect((await fetch(forgedUrl, { method: 'DELETE', headers: tusHeaders() })).status).toBe(204);
    await expectNothingLeft();
  });
});

describe('unfinished uploads expire', () => {
  /** An unfinished upload with 5000 bytes received, made 25 hours ago. */
  async function expiredUpload(jpeg: Buffer): Promise<string> {
    const url = await createdUrl(jpeg.length);
    const id = url.split('/').pop()!;
    expect((await patch(url, 0, jpeg.subarray(0, 5000))).status).toBe(204);
    const record = path.join(tusDir(), `${id}.json`);
    const info = JSON.parse(await fs.readFile(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    await fs.writeFile(record, JSON.stringify(info));
    return url;
  }

  it('after 24 hours: 410 (its bytes deleted then), and the retention job deletes the bytes of those not asked for', async () => {
    const jpeg = await grainyJpeg(800, 800);
    const url = await expiredUpload(jpeg);
    const late = await patch(url, 5000, jpeg.subarray(5000, 6000));
    expect(late.status).toBe(410);
    expect(((await late.json()) as { code: string }).code).toBe('UPLOAD_EXPIRED');
    expect(await filesUnder(tusDir())).toEqual([]);
    expect((await fetch(url, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
    // A HEAD is answered 410 as well, and deletes the bytes as the PATCH did.
    const asked = await expiredUpload(jpeg);
    expect((await fetch(asked, { method: 'HEAD', headers: tusHeaders() })).status).toBe(410);
    expect(await filesUnder(tusDir())).toEqual([]);

    const untouched = await expiredUpload(jpeg);
    expect(await filesUnder(tusDir())).toHaveLength(2);
    const boss = new PgBoss({ connectionString: t.testDb.url, schema: 'pgboss', migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.send(RETENTION_QUEUE, {});
      await eventually('the retention job to delete the unfinished upload', async () => (await filesUnder(tusDir())).length === 0, 20_000);
    } finally {
      await boss.stop({ graceful: false });
    }
    expect((await fetch(untouched, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
  });
});
