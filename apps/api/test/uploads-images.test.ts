import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/services/storage';
import { dpiFromJfif, dpiFromTags, readResolutionTags, bufferSource } from '../src/services/uploads/resolution';
import { createTestApp, tempDir, type TestApp } from './helpers';
import {
  craftTiff,
  exifSegment,
  expectNoTempFiles,
  imageSize,
  insertSegments,
  jfifSegment,
  plainJpeg,
  tiffTags,
  twoToneJpeg,
  uploadDirs,
  uploadRequest,
  uploadTestConfig,
} from './upload-fixtures';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir('framewala-uploads-images-');
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

async function upload(data: Buffer, filename = 'photo.jpg') {
  const res = await t.app.inject(uploadRequest(data, { filename }));
  expect(res.statusCode, res.body).toBe(201);
  await expectNoTempFiles(dataDir);
  return res.json();
}

const RED_ON_TOP = (top: number[]) => top[0]! > 150 && top[2]! < 100;

describe('EXIF orientation', () => {
  it('orientation 6: a sideways-stored photo is portrait, its sides swapped, and its renditions upright', async () => {
    const jpeg = await twoToneJpeg(800, 1200, { orientation: 6 });
    const stored = await sharp(jpeg).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([1200, 800, 6]);
    const body = await upload(jpeg);
    expect(body).toMatchObject({ width: 800, height: 1200, imageType: 'portrait', status: 'ready' });
    const display = await imageSize(t.app, body.url);
    expect([display.width, display.height]).toEqual([800, 1200]);
    expect(RED_ON_TOP(display.top), `top colour ${display.top}`).toBe(true);
    const thumb = await imageSize(t.app, body.thumbnailUrl);
    expect([thumb.width, thumb.height]).toEqual([267, 400]);
    expect(RED_ON_TOP(thumb.top)).toBe(true);
  });

  it('orientation 8: the same the other way round', async () => {
    const body = await upload(await twoToneJpeg(900, 2600, { orientation: 8 }));
    expect(body).toMatchObject({ width: 900, height: 2600, imageType: 'portrait' });
    const display = await imageSize(t.app, body.url);
    expect([display.width, display.height]).toEqual([709, 2048]);
    expect(RED_ON_TOP(display.top), `top colour ${display.top}`).toBe(true);
  });

  it('orientation 6 on a stored landscape that is square after all: still square', async () => {
    const body = await upload(await twoToneJpeg(1000, 1000, { orientation: 6 }));
    expect(body).toMatchObject({ width: 1000, height: 1000, imageType: 'square' });
  });

  it('the dimension rule applies after orientation (699 px wide once turned)', async () => {
    const res = await t.app.inject(uploadRequest(await twoToneJpeg(699, 1000, { orientation: 6 })));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IMAGE_DIMENSIONS');
    await expectNoTempFiles(dataDir);
  });
});

describe('DPI from XResolution / YResolution', () => {
  it('reads 300 dpi from Exif in inches', async () => {
    const jpeg = await sharp(await plainJpeg(900, 700))
      .withMetadata({ density: 300 })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg)).dpi).toEqual({ x: 300, y: 300 });
  });

  it('converts centimetres (118 px/cm = 299.72 dpi)', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), exifSegment({ resolution: { x: [118, 1], y: [118, 1], unit: 3 } }));
    expect((await upload(jpeg)).dpi).toEqual({ x: 299.72, y: 299.72 });
  });

  it('uses 96 when the tags are absent (sharp itself would say 72)', async () => {
    const jpeg = await plainJpeg(900, 700);
    expect((await sharp(jpeg).metadata()).density).toBe(72);
    expect((await upload(jpeg)).dpi).toEqual({ x: 96, y: 96 });
  });

  it('keeps different horizontal and vertical resolutions, from a big-endian Exif block', async () => {
    const jpeg = insertSegments(
      await plainJpeg(900, 700),
      exifSegment({ bigEndian: true, resolution: { x: [600, 1], y: [300, 1], unit: 2 } }),
    );
    expect((await upload(jpeg)).dpi).toEqual({ x: 600, y: 300 });
  });

  it('takes inches when ResolutionUnit is absent (the TIFF default)', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), exifSegment({ resolution: { x: [240, 1], y: [240, 1] } }));
    expect((await upload(jpeg)).dpi).toEqual({ x: 240, y: 240 });
  });

  it('treats ResolutionUnit "none" as no resolution: 96', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), exifSegment({ resolution: { x: [300, 1], y: [300, 1], unit: 1 } }));
    expect((await upload(jpeg)).dpi).toEqual({ x: 96, y: 96 });
  });

  it('reads a JFIF-only density in dots per inch', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), jfifSegment(1, 150, 150));
    expect((await upload(jpeg)).dpi).toEqual({ x: 150, y: 150 });
  });

  it('converts a JFIF density in dots per cm', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), jfifSegment(2, 59, 59));
    expect((await upload(jpeg)).dpi).toEqual({ x: 149.86, y: 149.86 });
  });

  it('treats a JFIF density without units (an aspect ratio) as absent: 96', async () => {
    const jpeg = insertSegments(await plainJpeg(900, 700), jfifSegment(0, 1, 1));
    expect((await upload(jpeg)).dpi).toEqual({ x: 96, y: 96 });
  });

  it('prefers Exif over JFIF when both are present', async () => {
    const jpeg = insertSegments(
      await plainJpeg(900, 700),
      jfifSegment(1, 72, 72),
      exifSegment({ resolution: { x: [350, 1], y: [350, 1], unit: 2 } }),
    );
    expect((await upload(jpeg)).dpi).toEqual({ x: 350, y: 350 });
  });

  it('falls back to JFIF when Exif has only ResolutionUnit "none"', async () => {
    const jpeg = insertSegments(
      await plainJpeg(900, 700),
      jfifSegment(1, 200, 200),
      exifSegment({ resolution: { x: [1, 1], y: [1, 1], unit: 1 } }),
    );
    expect((await upload(jpeg)).dpi).toEqual({ x: 200, y: 200 });
  });

  it('reads the tags of a TIFF written in centimetres', async () => {
    const tiff = await sharp({ create: { width: 800, height: 900, channels: 3, background: '#456' } })
      .tiff({ xres: 300 / 25.4, yres: 300 / 25.4, resolutionUnit: 'cm' })
      .toBuffer();
    expect((await upload(tiff, 'scan.tif')).dpi).toEqual({ x: 300, y: 300 });
  });

  it('uses 96 for a TIFF without resolution tags', async () => {
    expect((await upload(craftTiff(800, 700), 'scan.tif')).dpi).toEqual({ x: 96, y: 96 });
  });

  it('uses 96 for a TIFF whose ResolutionUnit is "none"', async () => {
    expect((await upload(craftTiff(800, 700, { resolution: { x: [300, 1], y: [300, 1], unit: 1 } }), 'scan.tif')).dpi).toEqual({
      x: 96,
      y: 96,
    });
  });

  it('the tag reader: zero denominators and a missing axis', async () => {
    expect(dpiFromTags({ x: 300, y: undefined, unit: 2 })).toEqual({ x: 300, y: 300 });
    expect(dpiFromTags({ x: undefined, y: undefined, unit: 2 })).toBeUndefined();
    expect(dpiFromTags({ x: 0, y: 0, unit: 2 })).toBeUndefined();
    expect(dpiFromTags({ x: 300, y: 300, unit: 7 })).toBeUndefined();
    expect(dpiFromJfif({ units: 1, x: 0, y: 0 })).toBeUndefined();
    const zeroDen = craftTiff(8, 8, { resolution: { x: [300, 0], y: [300, 0], unit: 2 } });
    expect(await readResolutionTags(bufferSource(zeroDen))).toEqual({ x: undefined, y: undefined, unit: 2 });
    expect(await readResolutionTags(bufferSource(Buffer.from('not a tiff at all')))).toBeUndefined();
  });
});

describe('TIFF variants (shown through a JPEG rendition)', () => {
  const base = () => sharp({ create: { width: 1000, height: 800, channels: 3, background: { r: 200, g: 60, b: 30 } } });

  async function expectTiffAccepted(tiff: Buffer, expected: { width: number; height: number }) {
    const body = await upload(tiff, 'scan.tiff');
    expect(body).toMatchObject({ ...expected, format: 'tiff', status: 'ready' });
    const display = await imageSize(t.app, body.url);
    expect(display).toMatchObject({ ...expected, format: 'jpeg' });
    return { body, display };
  }

  it('LZW-compressed', async () => {
    const tiff = await base().tiff({ compression: 'lzw' }).toBuffer();
    expect(tiffTags(tiff).get(259)).toBe(5); // Compression: LZW
    await expectTiffAccepted(tiff, { width: 1000, height: 800 });
  });

  it('JPEG-compressed (sharp’s default TIFF compression)', async () => {
    const tiff = await base().tiff().toBuffer();
    expect(tiffTags(tiff).get(259)).toBe(7); // Compression: JPEG
    await expectTiffAccepted(tiff, { width: 1000, height: 800 });
  });

  it('tiled', async () => {
    const tiff = await base().tiff({ tile: true, tileWidth: 256, tileHeight: 256 }).toBuffer();
    expect(tiffTags(tiff).get(322)).toBe(256); // TileWidth
    await expectTiffAccepted(tiff, { width: 1000, height: 800 });
  });

  it('16 bits per sample (the rendition is 8-bit sRGB)', async () => {
    const tiff = await base().toColourspace('rgb16').tiff({ compression: 'deflate' }).toBuffer();
    expect((await sharp(tiff).metadata()).depth).toBe('ushort');
    const { display } = await expectTiffAccepted(tiff, { width: 1000, height: 800 });
    expect(display.top[0]).toBeGreaterThan(170);
  });

  it('CMYK (converted to sRGB for display)', async () => {
    const tiff = await base().toColourspace('cmyk').tiff().toBuffer();
    expect((await sharp(tiff).metadata()).space).toBe('cmyk');
    const { body } = await expectTiffAccepted(tiff, { width: 1000, height: 800 });
    const res = await t.app.inject({ method: 'GET', url: body.url });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.space, meta.channels]).toEqual(['srgb', 3]);
  });

  it('big-endian (MM)', async () => {
    const tiff = craftTiff(900, 750, { bigEndian: true, resolution: { x: [200, 1], y: [200, 1], unit: 2 } });
    expect(tiff.subarray(0, 4)).toEqual(Buffer.from([0x4d, 0x4d, 0x00, 0x2a]));
    const { body } = await expectTiffAccepted(tiff, { width: 900, height: 750 });
    expect(body.dpi).toEqual({ x: 200, y: 200 });
  });

  it('multi-page: accepted, sized and shown by its first page', async () => {
    const page = (colour: string) =>
      sharp({ create: { width: 900, height: 800, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const tiff = await sharp([await page('#e01010'), await page('#1010e0')], { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    const { display } = await expectTiffAccepted(tiff, { width: 900, height: 800 });
    expect(RED_ON_TOP(display.top), `first page colour ${display.top}`).toBe(true);
  });

  it('a TIFF whose strips are cut short is refused with 422 IMAGE_UNREADABLE', async () => {
    const tiff = craftTiff(900, 800);
    const res = await t.app.inject(uploadRequest(tiff.subarray(0, tiff.length - 200_000), { filename: 'scan.tif' }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('IMAGE_UNREADABLE');
    await expectNoTempFiles(dataDir);
  });
});
