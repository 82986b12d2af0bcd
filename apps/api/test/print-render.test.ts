/**
 * The print-ready file's pixels (services/print/render.ts), on generated photos: size and ppi, DPI and sRGB tags,
 * the white border, EXIF orientation, colour profiles (Adobe RGB, Display P3, CMYK), broken sources, no leftovers.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrintFile, ShopError } from '@framewala/domain';
import { iccDescription } from '../src/services/print/icc';
import { renderPrintFile, type RenderSpec } from '../src/services/print/render';
import { readDpi } from '../src/services/uploads/resolution';
import { tempDir } from './helpers';
import {
  adobeRgbProfile,
  averageColour,
  BLUE,
  GREEN,
  GREY,
  markedJpeg,
  near,
  RED,
  taggedJpeg,
  writeFixture,
  type Rgb,
} from './print-fixtures';
import { plainJpeg, tiffTags } from './upload-fixtures';

let dir: string;
let work: string;
beforeAll(async () => {
  dir = await tempDir('framewala-print-');
  work = path.join(dir, 'work');
  fs.mkdirSync(work);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const whole = (width: number, height: number) => ({ left: 0, top: 0, width, height });

function spec(sourcePath: string, over: Partial<RenderSpec>): RenderSpec {
  return {
    sourcePath,
    orientation: 1,
    region: whole(100, 100),
    widthIn: 1,
    heightIn: 1,
    borderIn: 0,
    format: 'tiff',
    outPath: path.join(dir, `out-${Math.random().toString(36).slice(2)}.tif`),
    tmpDir: work,
    ...over,
  };
}

async function outputProfile(file: string): Promise<string | null> {
  const meta = await sharp(file).metadata();
  return meta.icc ? iccDescription(meta.icc) : null;
}

/** The colour a JPEG stores, read without any profile conversion. */
async function storedValues(jpeg: Buffer): Promise<number[]> {
  const { data } = await sharp(jpeg, { ignoreIcc: true })
    .extract({ left: 10, top: 10, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

const differsFrom = (values: number[], colour: Rgb, by: number) => !near(values, colour, by);

describe('size, ppi, DPI and colour', () => {
  it('makes a 6000 × 4000 Adobe RGB JPEG for 30 × 20 in into 6000 × 4000 at 200 ppi, tagged 200 dpi and sRGB (LZW TIFF)', async () => {
    const profile = writeFixture(path.join(dir, 'adobe.icc'), adobeRgbProfile());
    const colour = { r: 60, g: 160, b: 90 };
    const jpeg = await taggedJpeg(6000, 4000, colour, profile);
    const source = writeFixture(path.join(dir, 'adobe.jpg'), jpeg);
    const sourceMeta = await sharp(source).metadata();
    expect(iccDescription(sourceMeta.icc!)).toBe('Adobe RGB (1998)');
    // The file holds Adobe RGB numbers, far from the sRGB colour: passing them through unconverted would fail below.
    expect(differsFrom(await storedValues(jpeg), colour, 12)).toBe(true);

    const s = spec(source, { region: whole(6000, 4000), widthIn: 30, heightIn: 20 });
    const result = await renderPrintFile(s);
    expect(result).toMatchObject({ widthPx: 6000, heightPx: 4000, sourceProfile: 'Adobe RGB (1998)' });
    expect(result.plan.ppi).toBe(200);
    const meta = await sharp(s.outPath).metadata();
    expect(meta).toMatchObject({ format: 'tiff', width: 6000, height: 4000, density: 200, space: 'srgb', channels: 3, depth: 'uchar' });
    expect(await readDpi(s.outPath, 'tiff')).toMatchObject({ x: 200, y: 200, source: 'tiff' });
    expect(await outputProfile(s.outPath)).toMatch(/sRGB/);
    expect(tiffTags(fs.readFileSync(s.outPath)).get(259)).toBe(5); // LZW
    expect(result.bytes).toBe(fs.statSync(s.outPath).size);
    expect(near(await averageColour(s.outPath, 2000, 1500, 50, 50), colour, 4)).toBe(true);
  });

  it('cuts a 12 × 8 region of a large photo at 300 ppi: 3600 × 2400, the region and nothing else (JPEG quality 100)', async () => {
    // A 9000 × 6000 photo, grey, with the customer's 4800 × 3200 region painted red (400 ppi at 12 × 8 in).
    const region = { left: 3000, top: 1500, width: 4800, height: 3200 };
    const big = await sharp(await plainJpeg(9000, 6000))
      .composite([
        {
          input: { create: { width: region.width, height: region.height, channels: 3, background: RED } },
          left: region.left,
          top: region.top,
        },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const source = writeFixture(path.join(dir, 'big.jpg'), big);
    const s = spec(source, { region, widthIn: 12, heightIn: 8, format: 'jpeg', outPath: path.join(dir, 'big-out.jpg') });
    const result = await renderPrintFile(s);
    expect(result).toMatchObject({ widthPx: 3600, heightPx: 2400 });
    expect(result.plan.ppi).toBe(300);
    const meta = await sharp(s.outPath).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 3600, height: 2400, density: 300, chromaSubsampling: '4:4:4' });
    expect(await readDpi(s.outPath, 'jpeg')).toMatchObject({ x: 300, y: 300 });
    expect(await outputProfile(s.outPath)).toMatch(/sRGB/);
    // Every corner and the centre are the region's red: the cut is in the right place at the right scale.
    for (const [x, y] of [
      [2, 2],
      [3590, 2],
      [2, 2390],
      [3590, 2390],
      [1795, 1195],
    ] as const) {
      expect(near(await averageColour(s.outPath, x, y, 8, 8), RED, 14), `${x},${y}`).toBe(true);
    }
  });

  it('adds the white border as exactly 2 × border × ppi pixels each way', async () => {
    const source = writeFixture(path.join(dir, 'border.jpg'), await markedJpeg(1200, 800, 100));
    for (const borderIn of [0.5, 1, 1.5]) {
      const s = spec(source, { region: whole(1200, 800), widthIn: 6, heightIn: 4, borderIn });
      const result = await renderPrintFile(s);
      const ppi = 200;
      expect(result.plan.ppi).toBe(ppi);
      expect(result.widthPx).toBe(1200 + 2 * borderIn * ppi);
      expect(result.heightPx).toBe(800 + 2 * borderIn * ppi);
      expect(result.plan.borderPx).toBe(borderIn * ppi);
      const b = borderIn * ppi;
      // White up to the border's inner edge, the photo right after it.
      for (const [x, y] of [
        [0, 0],
        [b - 3, b - 3],
        [result.widthPx - b + 1, result.heightPx / 2],
        [result.widthPx / 2, result.heightPx - 3],
      ] as const) {
        expect(near(await averageColour(s.outPath, x, y, 2, 2), { r: 255, g: 255, b: 255 }, 1), `white at ${x},${y}`).toBe(true);
      }
      expect(near(await averageColour(s.outPath, b + 4, b + 4, 4, 4), RED, 14)).toBe(true);
      expect(near(await averageColour(s.outPath, result.widthPx - b - 8, b + 4, 4, 4), GREEN, 14)).toBe(true);
    }
  });

  it('converts Display P3 and CMYK photos to sRGB', async () => {
    const colour = { r: 200, g: 90, b: 60 };
    const p3 = await taggedJpeg(800, 800, colour, 'p3');
    expect(differsFrom(await storedValues(p3), colour, 6)).toBe(true);
    const p3Source = writeFixture(path.join(dir, 'p3.jpg'), p3);
    const p3Out = spec(p3Source, { region: whole(800, 800), widthIn: 4, heightIn: 4 });
    const p3Result = await renderPrintFile(p3Out);
    expect(p3Result.sourceProfile).toMatch(/P3/);
    expect(near(await averageColour(p3Out.outPath, 300, 300, 50, 50), colour, 4)).toBe(true);
    expect(await outputProfile(p3Out.outPath)).toMatch(/sRGB/);

    const cmykColour = { r: 90, g: 130, b: 170 };
    const cmyk = await taggedJpeg(800, 800, cmykColour, 'cmyk', { cmyk: true });
    const cmykMeta = await sharp(cmyk).metadata();
    expect(cmykMeta).toMatchObject({ space: 'cmyk', channels: 4 });
    const cmykSource = writeFixture(path.join(dir, 'cmyk.jpg'), cmyk);
    const cmykOut = spec(cmykSource, {
      region: whole(800, 800),
      widthIn: 4,
      heightIn: 4,
      format: 'jpeg',
      outPath: path.join(dir, 'cmyk-out.jpg'),
    });
    const cmykResult = await renderPrintFile(cmykOut);
    expect(cmykResult.sourceProfile).not.toBe('sRGB (assumed)');
    const outMeta = await sharp(cmykOut.outPath).metadata();
    expect(outMeta).toMatchObject({ space: 'srgb', channels: 3, density: 200 });
    expect(near(await averageColour(cmykOut.outPath, 300, 300, 50, 50), cmykColour, 10)).toBe(true);
  });
});

describe('EXIF orientation', () => {
  const expectUpright = async (file: string, width: number, height: number, mark: number, scale = 1) => {
    const m = Math.round((mark * scale) / 2);
    expect(near(await averageColour(file, 2, 2, m, m), RED, 14), 'red top left').toBe(true);
    expect(near(await averageColour(file, width - m - 2, 2, m, m), GREEN, 14), 'green top right').toBe(true);
    expect(near(await averageColour(file, 2, height - m - 2, m, m), BLUE, 14), 'blue bottom left').toBe(true);
    expect(near(await averageColour(file, width - m - 2, height - m - 2, m, m), GREY, 14), 'grey bottom right').toBe(true);
  };

  for (const orientation of [6, 8, 3, 5]) {
    it(`turns an orientation ${orientation} photo upright, whole and cropped`, async () => {
      const source = writeFixture(path.join(dir, `o${orientation}.jpg`), await markedJpeg(900, 600, 90, orientation));
      expect((await sharp(source).metadata()).orientation).toBe(orientation);
      // The whole photo: 900 × 600 upright, printed 9 × 6 in at 100 ppi.
      const all = spec(source, { orientation, region: whole(900, 600), widthIn: 9, heightIn: 6 });
      const result = await renderPrintFile(all);
      expect([result.widthPx, result.heightPx]).toEqual([900, 600]);
      await expectUpright(all.outPath, 900, 600, 90);
      // The top-left 450 × 300 of the upright photo (red corner only), printed 3 × 2 in at 150 ppi.
      const part = spec(source, { orientation, region: whole(450, 300), widthIn: 3, heightIn: 2, borderIn: 0.2 });
      const cropped = await renderPrintFile(part);
      expect(cropped.plan.ppi).toBe(150);
      expect([cropped.widthPx, cropped.heightPx]).toEqual([450 + 60, 300 + 60]);
      expect(near(await averageColour(part.outPath, 34, 34, 20, 20), RED, 14)).toBe(true);
      expect(near(await averageColour(part.outPath, 440, 280, 20, 20), GREY, 14)).toBe(true);
      expect(near(await averageColour(part.outPath, 440, 34, 20, 20), GREY, 14)).toBe(true);
      expect(near(await averageColour(part.outPath, 34, 280, 20, 20), GREY, 14)).toBe(true);
      expect(near(await averageColour(part.outPath, 0, 0, 10, 10), { r: 255, g: 255, b: 255 }, 1)).toBe(true);
    });
  }

  it('turns upright at a reduced scale with a border (orientation 6, JPEG output)', async () => {
    const source = writeFixture(path.join(dir, 'o6-big.jpg'), await markedJpeg(3000, 2000, 300, 6));
    const s = spec(source, {
      orientation: 6,
      region: whole(3000, 2000),
      widthIn: 6,
      heightIn: 4,
      borderIn: 0.5,
      format: 'jpeg',
      outPath: path.join(dir, 'o6.jpg'),
    });
    const result = await renderPrintFile(s);
    expect(result.plan).toMatchObject({ ppi: 300, imageWidthPx: 1800, imageHeightPx: 1200, borderPx: 150 });
    const inner = await sharp(s.outPath).extract({ left: 150, top: 150, width: 1800, height: 1200 }).png().toBuffer();
    const innerFile = writeFixture(path.join(dir, 'o6-inner.png'), inner);
    await expectUpright(innerFile, 1800, 1200, 300, 0.6);
  });
});

describe('failures', () => {
  it('refuses a broken original or a region outside it with IMAGE_UNREADABLE, leaving no files', async () => {
    const good = await plainJpeg(1000, 800);
    const broken = writeFixture(path.join(dir, 'broken.jpg'), good.subarray(0, Math.floor(good.length / 3)));
    const brokenSpec = spec(broken, { region: whole(1000, 800), widthIn: 5, heightIn: 4 });
    await expect(renderPrintFile(brokenSpec)).rejects.toMatchObject({ code: 'IMAGE_UNREADABLE' });
    expect(fs.existsSync(brokenSpec.outPath)).toBe(false);

    const source = writeFixture(path.join(dir, 'small.jpg'), good);
    const outside = spec(source, { region: { left: 500, top: 0, width: 600, height: 800 }, widthIn: 5, heightIn: 4 });
    await expect(renderPrintFile(outside)).rejects.toBeInstanceOf(ShopError);
    expect(fs.existsSync(outside.outPath)).toBe(false);

    const notAnImage = writeFixture(path.join(dir, 'text.jpg'), Buffer.from('hello, not a photo'));
    await expect(renderPrintFile(spec(notAnImage, {}))).rejects.toMatchObject({ code: 'IMAGE_UNREADABLE' });
    expect(fs.readdirSync(work)).toEqual([]);
  });

  it('agrees with the domain plan on an odd case (crop aspect off by more than 1 %: the centre is cut)', async () => {
    const source = writeFixture(path.join(dir, 'odd.jpg'), await markedJpeg(1000, 1000, 100));
    const s = spec(source, { region: whole(1000, 1000), widthIn: 5, heightIn: 4 });
    const result = await renderPrintFile(s);
    const plan = planPrintFile({ region: whole(1000, 1000), widthIn: 5, heightIn: 4, borderIn: 0 });
    expect(plan.trimmed).toBe(true);
    expect([result.widthPx, result.heightPx]).toEqual([plan.widthPx, plan.heightPx]);
    expect([result.widthPx, result.heightPx]).toEqual([1000, 800]);
    expect(fs.readdirSync(work)).toEqual([]);
  });
});
