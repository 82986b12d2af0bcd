import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  IMAGE_IMPLAUSIBLE_MESSAGE,
  MAX_QUEUED_RENDERS_PER_OWNER,
  RENDERS_QUEUED_MESSAGE,
  SHARED_STRIPS_MESSAGE,
} from '@framewala/domain';
import { LocalStorage } from '../src/services/storage';
import { decodeLoad } from '../src/services/uploads/image';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  expectNoTempFiles,
  filesUnder,
  newClaim,
  noisyJpeg,
  plainJpeg,
  twoToneJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

// Decompression bombs: a few KB that decode to a billion pixels, and many of them queued by one customer.

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-bombs-');
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

/**
 * An 8-bit greyscale deflate TIFF whose `strips` strips all point at the same compressed rows (the probe's bomb), or,
 * with `shared: false`, each at a copy of its own.
 */
function stripTiff(width: number, height: number, strips: number, shared = true): Buffer {
  const rowsPerStrip = Math.ceil(height / strips);
  const blob = zlib.deflateSync(Buffer.alloc(width * rowsPerStrip, 0x80), { level: 9 });
  const entries: [number, number, number, number | number[]][] = [
    [256, 4, 1, width],
    [257, 4, 1, height],
    [258, 3, 1, 8],
    [259, 3, 1, 8],
    [262, 3, 1, 1],
    [273, 4, strips, []],
    [277, 3, 1, 1],
    [278, 4, 1, rowsPerStrip],
    [279, 4, strips, []],
  ];
  const ifdAt = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const offsetsAt = ifdAt + ifdSize;
  const countsAt = offsetsAt + strips * 4;
  const dataAt = countsAt + strips * 4;
  const copies = shared ? 1 : strips;
  const out = Buffer.alloc(dataAt + blob.length * copies);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(ifdAt, 4);
  out.writeUInt16LE(entries.length, ifdAt);
  entries.forEach(([tag, type, n, value], i) => {
    const at = ifdAt + 2 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(n, at + 4);
    if (tag === 273) out.writeUInt32LE(offsetsAt, at + 8);
    else if (tag === 279) out.writeUInt32LE(countsAt, at + 8);
    else if (type === 3) out.writeUInt16LE(value as number, at + 8);
    else out.writeUInt32LE(value as number, at + 8);
  });
  for (let i = 0; i < strips; i++) {
    out.writeUInt32LE(dataAt + (shared ? 0 : i * blob.length), offsetsAt + i * 4);
    out.writeUInt32LE(blob.length, countsAt + i * 4);
  }
  for (let i = 0; i < copies; i++) blob.copy(out, dataAt + i * blob.length);
  return out;
}

const upload = (data: Buffer, filename: string, claim = newClaim()) => t.app.inject(uploadRequest(data, { filename, claim }));

describe('decompression bombs', () => {
  it('refuses at once the ~7 KB TIFF declaring 40000 × 25000 whose strips all share the same bytes', async () => {
    const bomb = stripTiff(40000, 25000, 200);
    expect(bomb.length).toBeLessThan(10 * 1024);
    const decodes = decodeLoad().begun;
    const res = await upload(bomb, 'bomb.tif');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ code: 'IMAGE_IMPLAUSIBLE', message: IMAGE_IMPLAUSIBLE_MESSAGE });
    expect(decodeLoad().begun).toBe(decodes); // refused from its header and strip table: nothing decoded
    await expectNoTempFiles(dataDir);
    expect(await filesUnder(uploadDirs(dataDir).storage)).toEqual([]);
  });

  it('refuses a smaller TIFF whose strips share bytes, even when its size passes the bytes-per-pixel rule', async () => {
    const shared = stripTiff(5000, 4000, 40);
    const res = await upload(shared, 'shared.tif');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ code: 'IMAGE_IMPLAUSIBLE', message: SHARED_STRIPS_MESSAGE });
    // The same picture with a copy of the data for each strip is an honest (if dull) TIFF.
    const honest = await upload(stripTiff(1500, 1200, 12, false), 'honest.tif');
    expect(honest.statusCode, honest.body).toBe(201);
  });

  it('refuses a large JPEG whose file is implausibly small for its pixels', async () => {
    // A real 16 px JPEG stretched (in its header) to 6000 × 5000: 30 MP in a few hundred bytes.
    const tiny = await plainJpeg(16, 16);
    const sof = tiny.indexOf(Buffer.from([0xff, 0xc0]));
    tiny.writeUInt16BE(5000, sof + 5);
    tiny.writeUInt16BE(6000, sof + 7);
    const res = await upload(tiny, 'tiny.jpg');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('IMAGE_IMPLAUSIBLE');
  });

  it('accepts a flat 30 MP JPEG and a deflate TIFF, the flattest files real encoders make', async () => {
    const flat = await plainJpeg(6000, 5000);
    expect(flat.length / 30e6).toBeLessThan(0.01);
    const res = await upload(flat, 'flat.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const tiff = await sharp(await noisyJpeg(1200, 900))
      .tiff({ compression: 'deflate', tile: true, tileWidth: 256, tileHeight: 256 })
      .toBuffer();
    const tiled = await upload(tiff, 'tiled.tif');
    expect(tiled.statusCode, tiled.body).toBe(201);
  });
});

describe('queued renders per customer', () => {
  let queued: TestApp;
  let queuedDir: string;
  beforeAll(async () => {
    queuedDir = await tempDir('framewala-render-cap-');
    // Renditions of anything above 1 MP go to a job; no worker runs here, so the jobs stay queued.
    queued = await createTestApp({
      config: uploadTestConfig(queuedDir),
      storage: new LocalStorage(uploadDirs(queuedDir).storage),
      prepareDatabase: false,
      workers: false,
      uploads: { backgroundPixels: 1_000_000 },
    });
  });
  afterAll(async () => {
    try {
      await queued?.close();
    } finally {
      await fs.rm(queuedDir, { recursive: true, force: true });
    }
  });

  it(`lets one customer have ${MAX_QUEUED_RENDERS_PER_OWNER} photos waiting, refuses the next with 429, and not another customer`, async () => {
    const photo = await twoToneJpeg(1500, 1000);
    const claim = newClaim();
    for (let i = 0; i < MAX_QUEUED_RENDERS_PER_OWNER; i++) {
      const res = await queued.app.inject(uploadRequest(photo, { claim }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('processing');
    }
    const refused = await queued.app.inject(uploadRequest(photo, { claim }));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: RENDERS_QUEUED_MESSAGE });
    expect(ERROR_CATALOGUE.RATE_LIMITED.status).toBe(429);
    await expectNoTempFiles(queuedDir);
    const other = await queued.app.inject(uploadRequest(photo, { claim: newClaim() }));
    expect(other.statusCode, other.body).toBe(201);
    // Once one is done (or failed), the customer may queue another.
    await queued.database.pool.query(
      `UPDATE uploads SET status = 'ready' WHERE id = (SELECT id FROM uploads WHERE status = 'processing' AND claim_hash IS NOT NULL ORDER BY created_at LIMIT 1)`,
    );
    const rows = (
      await queued.database.pool.query(`SELECT claim_hash, count(*)::int AS n FROM uploads WHERE status = 'processing' GROUP BY 1`)
    ).rows;
    expect(rows.some((r) => r.n === MAX_QUEUED_RENDERS_PER_OWNER - 1)).toBe(true);
    const again = await queued.app.inject(uploadRequest(photo, { claim }));
    expect(again.statusCode, again.body).toBe(201);
  });
});
