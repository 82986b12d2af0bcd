import { describe, expect, it } from 'vitest';
import {
  estimateJpegQuality,
  looksLikeMessagingName,
  readJpegFacts,
  scaledLuminanceTable,
  SHRUNK_COPY_NOTICE,
  shrunkCopyCheck,
} from './shrunk-copy';

// Natural → zigzag, to write a table as a JPEG stores it.
// prettier-ignore
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

/** A TIFF header with one IFD holding the given tags (SHORT value 1 each), in either byte order. */
function exifPayload(tags: number[], little: boolean): number[] {
  const w16 = (v: number) => (little ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
  const w32 = (v: number) =>
    little ? [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24] : [v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
  const tiff = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...w16(42), ...w32(8), ...w16(tags.length)];
  for (const tag of tags) tiff.push(...w16(tag), ...w16(3), ...w32(1), ...w16(1), 0, 0);
  tiff.push(...w32(0));
  return [...ascii('Exif'), 0, 0, ...tiff];
}

/** A JPEG's header as an encoder writes it: SOI, optional EXIF, DQT at `quality` (or a given table), SOF0, SOS. */
function jpegHead(options: {
  quality?: number;
  table?: number[];
  exifTags?: number[];
  little?: boolean;
  sixteenBit?: boolean;
}): Uint8Array {
  const table = options.table ?? scaledLuminanceTable(options.quality ?? 90);
  const zig = ZIGZAG.map((natural) => table[natural]!);
  const dqt = options.sixteenBit ? [0x10, ...zig.flatMap((v) => [v >> 8, v & 0xff])] : [0x00, ...zig];
  const chroma = [0x01, ...zig.map(() => 99)];
  const bytes = [
    0xff,
    0xd8,
    ...(options.exifTags ? segment(0xe1, exifPayload(options.exifTags, options.little ?? false)) : []),
    ...segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [...dqt, ...chroma]),
    ...segment(0xc0, [8, 0x04, 0xb0, 0x06, 0x40, 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12,
    0x34,
  ];
  return Uint8Array.from(bytes);
}

describe('readJpegFacts and estimateJpegQuality', () => {
  it('reads back the quality a standard encoder used', () => {
    for (const quality of [30, 50, 60, 70, 75, 80, 85, 90, 95]) {
      const facts = readJpegFacts(jpegHead({ quality }))!;
      expect(estimateJpegQuality(facts.quantTables.get(0)), `q${quality}`).toBe(quality);
      expect(facts.quantTables.get(1)?.every((v) => v === 99)).toBe(true);
    }
  });

  it('reads 16-bit tables', () => {
    expect(estimateJpegQuality(readJpegFacts(jpegHead({ quality: 40, sixteenBit: true }))!.quantTables.get(0))).toBe(40);
  });

  it('finds the nearest standard quality for an encoder’s own table', () => {
    const own = scaledLuminanceTable(72).map((v, i) => v + (i % 2));
    expect(Math.abs(estimateJpegQuality(own)! - 72)).toBeLessThanOrEqual(2);
  });

  it('sees a camera in EXIF Make or Model, in either byte order, and not in other tags', () => {
    expect(readJpegFacts(jpegHead({ exifTags: [0x010f] }))!.cameraExif).toBe(true);
    expect(readJpegFacts(jpegHead({ exifTags: [0x0112, 0x0110], little: true }))!.cameraExif).toBe(true);
    expect(readJpegFacts(jpegHead({ exifTags: [0x0112] }))!.cameraExif).toBe(false);
    expect(readJpegFacts(jpegHead({}))!.cameraExif).toBe(false);
  });

  it('is null for bytes that are not a JPEG and survives a cut-off header', () => {
    expect(readJpegFacts(Uint8Array.from([0x49, 0x49, 42, 0]))).toBeNull();
    const cut = jpegHead({ quality: 80 }).subarray(0, 40);
    expect(readJpegFacts(cut)!.quantTables.size).toBe(0);
    expect(estimateJpegQuality(undefined)).toBeNull();
  });
});

describe('looksLikeMessagingName', () => {
  it('knows messaging apps’ names', () => {
    expect(looksLikeMessagingName('IMG-20251104-WA0012.jpg')).toBe(true);
    expect(looksLikeMessagingName('C:\\Photos\\IMG-20251104-WA0012.jpeg')).toBe(true);
    expect(looksLikeMessagingName('WhatsApp Image 2025-11-04 at 10.12.13.jpeg')).toBe(true);
    expect(looksLikeMessagingName('IMG_20251104_101213.jpg')).toBe(false);
    expect(looksLikeMessagingName('DSC_0042.JPG')).toBe(false);
  });
});

describe('shrunkCopyCheck', () => {
  const camera = [0x010f, 0x0110];
  it('flags a messaging app’s copy: no camera EXIF, 1600 px, quality 70', () => {
    const verdict = shrunkCopyCheck({ fileName: 'photo.jpg', width: 1600, height: 1200, head: jpegHead({ quality: 70 }) });
    expect(verdict).toEqual({ likely: true, cameraExif: false, messagingName: false, messagingSize: true, quality: 70 });
  });

  it('flags a WhatsApp name whatever the bytes', () => {
    expect(
      shrunkCopyCheck({ fileName: 'IMG-20251104-WA0012.jpg', width: 4000, height: 3000, head: jpegHead({ quality: 95, exifTags: camera }) })
        .likely,
    ).toBe(true);
  });

  it('leaves a camera original alone', () => {
    const original = shrunkCopyCheck({
      fileName: 'IMG_1234.jpg',
      width: 4032,
      height: 3024,
      head: jpegHead({ quality: 92, exifTags: camera }),
    });
    expect(original.likely).toBe(false);
    expect(original.cameraExif).toBe(true);
    // Camera EXIF at a messaging size is not a shrunk copy either.
    expect(
      shrunkCopyCheck({ fileName: 'a.jpg', width: 2048, height: 1536, head: jpegHead({ quality: 70, exifTags: camera }) }).likely,
    ).toBe(false);
  });

  it('needs strong compression for a messaging size, and a small size for compression alone', () => {
    expect(shrunkCopyCheck({ fileName: 'a.jpg', width: 1280, height: 960, head: jpegHead({ quality: 95 }) }).likely).toBe(false);
    expect(shrunkCopyCheck({ fileName: 'a.jpg', width: 1500, height: 1000, head: jpegHead({ quality: 65 }) }).likely).toBe(true);
    expect(shrunkCopyCheck({ fileName: 'a.jpg', width: 1500, height: 1000, head: jpegHead({ quality: 80 }) }).likely).toBe(false);
    expect(shrunkCopyCheck({ fileName: 'a.jpg', width: 5000, height: 3000, head: jpegHead({ quality: 60 }) }).likely).toBe(false);
  });

  it('never flags a TIFF by its bytes', () => {
    expect(
      shrunkCopyCheck({ fileName: 'scan.tif', width: 1600, height: 1200, head: Uint8Array.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]) }).likely,
    ).toBe(false);
  });

  it('has the notice text', () => {
    expect(SHRUNK_COPY_NOTICE).toMatch(/^This looks like a copy sent over WhatsApp\./);
  });
});
