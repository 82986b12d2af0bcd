import { describe, expect, it } from 'vitest';
import { readImageHeader, type ByteRange, type ImageHeaderResult } from './image-header';
import { checkImageDimensions, IMAGE_DIMENSION_MESSAGE } from './upload-rules';

// ---- Byte builders: JPEG and TIFF headers written by hand, as a decoder would read them. ----

type Order = 'II' | 'MM';

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

function u16(order: Order, n: number): number[] {
  return order === 'II' ? [n & 0xff, (n >> 8) & 0xff] : be16(n);
}

function u32(order: Order, n: number): number[] {
  const b = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  return order === 'II' ? b.reverse() : b;
}

function u64(order: Order, n: number): number[] {
  const high = Math.floor(n / 0x1_0000_0000);
  const low = n >>> 0;
  return order === 'II' ? [...u32(order, low), ...u32(order, high)] : [...u32(order, high), ...u32(order, low)];
}

/** One JPEG marker segment: FF, marker, length (payload + 2), payload. */
function segment(marker: number, payload: Uint8Array | number[]): Uint8Array {
  const body = payload instanceof Uint8Array ? payload : Uint8Array.from(payload);
  return concat([0xff, marker, ...be16(body.length + 2)], body);
}

/** A frame header (SOFn): precision 8, height, width, three components. */
function sof(width: number, height: number, marker = 0xc0): Uint8Array {
  return segment(marker, [8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
}

type Entry = { tag: number; type: number; value: number };
const SHORT = 3;
const LONG = 4;
const LONG8 = 16;

/** A classic TIFF IFD with inline values, at `offset` (for the next-IFD pointer only the value matters). */
function ifd(order: Order, entries: Entry[], nextIfd = 0): number[] {
  const out = [...u16(order, entries.length)];
  for (const { tag, type, value } of [...entries].sort((a, b) => a.tag - b.tag)) {
    const field = type === SHORT ? [...u16(order, value), 0, 0] : u32(order, value);
    out.push(...u16(order, tag), ...u16(order, type), ...u32(order, 1), ...field);
  }
  out.push(...u32(order, nextIfd));
  return out;
}

function bigIfd(order: Order, entries: Entry[]): number[] {
  const out = [...u64(order, entries.length)];
  for (const { tag, type, value } of entries) {
    const field =
      type === SHORT ? [...u16(order, value), 0, 0, 0, 0, 0, 0] : type === LONG ? [...u32(order, value), 0, 0, 0, 0] : u64(order, value);
    out.push(...u16(order, tag), ...u16(order, type), ...u64(order, 1), ...field);
  }
  out.push(...u64(order, 0));
  return out;
}

/** An Exif APP1 segment whose IFD0 holds an Orientation tag (and a Make tag before it, as cameras write). */
function exifApp1(order: Order, orientation: number): Uint8Array {
  const tiff = [
    ...ascii(order),
    ...u16(order, 42),
    ...u32(order, 8),
    ...ifd(order, [
      { tag: 0x010f, type: LONG, value: 0 },
      { tag: 0x0112, type: SHORT, value: orientation },
    ]),
  ];
  return segment(0xe1, [...ascii('Exif'), 0, 0, ...tiff]);
}

const SOI = [0xff, 0xd8];
const JFIF = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const DQT = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
const DHT = segment(0xc4, [0, ...new Array<number>(16).fill(0)]);
const SOS_AND_DATA = concat(segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]), [0x12, 0x34, 0xff, 0x00, 0x56], [0xff, 0xd9]);

function jpeg(width: number, height: number, ...before: Uint8Array[]): Uint8Array {
  return concat(SOI, JFIF, ...before, DQT, DHT, sof(width, height), SOS_AND_DATA);
}

function tiff(order: Order, entries: Entry[], opts: { ifdAtEnd?: boolean; pixelBytes?: number } = {}): Uint8Array {
  const pixels = new Array<number>(opts.pixelBytes ?? 64).fill(0x80);
  if (opts.ifdAtEnd) {
    // libtiff's habit: header, image data, then the directory at the end.
    const ifdOffset = 8 + pixels.length;
    return concat([...ascii(order), ...u16(order, 42), ...u32(order, ifdOffset)], pixels, ifd(order, entries));
  }
  return concat([...ascii(order), ...u16(order, 42), ...u32(order, 8)], ifd(order, entries), pixels);
}

function sizeEntries(width: number, height: number, type = SHORT): Entry[] {
  return [
    { tag: 0x0100, type, value: width },
    { tag: 0x0101, type, value: height },
    { tag: 0x0102, type: SHORT, value: 8 },
    { tag: 0x0103, type: SHORT, value: 1 },
  ];
}

function header(result: ImageHeaderResult) {
  if (!result.ok) throw new Error(`expected a header, got ${JSON.stringify(result)}`);
  return result.header;
}

/** Feeds a growing prefix as a caller would, returning the result and how many reads it took. */
function readGrowing(file: Uint8Array, start = 0) {
  let length = start;
  let reads = 0;
  for (;;) {
    const result = readImageHeader(file.subarray(0, length));
    if (result.ok || result.reason !== 'need-more') return { result, reads, length };
    expect(result.needed).toBeGreaterThan(length);
    if (result.needed > file.length) return { result, reads, length };
    length = result.needed;
    reads++;
  }
}

// ---- JPEG ----

describe('readImageHeader: JPEG', () => {
  it('reads the size from the frame header (SOF0)', () => {
    expect(header(readImageHeader(jpeg(4000, 3000)))).toEqual({
      format: 'jpeg',
      width: 4000,
      height: 3000,
      orientation: 1,
      orientedWidth: 4000,
      orientedHeight: 3000,
    });
  });

  it('reads every SOF kind and skips DHT, JPG and DAC, which share the C0–CF range', () => {
    for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      const file = concat(SOI, sof(1200, 900, marker), SOS_AND_DATA);
      expect(header(readImageHeader(file))).toMatchObject({ width: 1200, height: 900 });
    }
    // Segments in C4, C8 and CC whose bytes would read as 60000 × 60000 if taken for a frame header.
    const decoys = [0xc4, 0xc8, 0xcc].map((m) => segment(m, [8, 0xea, 0x60, 0xea, 0x60, 3]));
    const file = concat(SOI, ...decoys, sof(800, 700), SOS_AND_DATA);
    expect(header(readImageHeader(file))).toMatchObject({ width: 800, height: 700 });
  });

  it('reads EXIF orientation 6 and 8 in both byte orders, and swaps the oriented size', () => {
    for (const order of ['II', 'MM'] as const) {
      for (const orientation of [6, 8] as const) {
        expect(header(readImageHeader(jpeg(4000, 3000, exifApp1(order, orientation))))).toEqual({
          format: 'jpeg',
          width: 4000,
          height: 3000,
          orientation,
          orientedWidth: 3000,
          orientedHeight: 4000,
        });
      }
    }
  });

  it('keeps the stored size for orientations 1 to 4 and swaps it for 5 to 8', () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      const h = header(readImageHeader(jpeg(1600, 900, exifApp1('MM', orientation))));
      expect(h.orientation).toBe(orientation);
      expect([h.orientedWidth, h.orientedHeight]).toEqual(orientation >= 5 ? [900, 1600] : [1600, 900]);
    }
  });

  it('treats an out-of-range orientation as 1', () => {
    for (const value of [0, 9, 300]) {
      expect(header(readImageHeader(jpeg(1600, 900, exifApp1('II', value)))).orientation).toBe(1);
    }
  });

  it('ignores a non-Exif APP1 (XMP) and uses the first Exif block', () => {
    const xmp = segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta tiff:Orientation="6"/>'));
    const h = header(readImageHeader(jpeg(1600, 900, xmp, exifApp1('II', 8), exifApp1('II', 6))));
    expect(h.orientation).toBe(8);
  });

  it('ignores a broken Exif block, as decoders do', () => {
    const order = 'II';
    // IFD0 offset points past the end of the block.
    const broken = segment(0xe1, [...ascii('Exif'), 0, 0, ...ascii(order), ...u16(order, 42), ...u32(order, 5000)]);
    expect(header(readImageHeader(jpeg(1600, 900, broken)))).toMatchObject({ width: 1600, orientation: 1 });
    const noTiff = segment(0xe1, [...ascii('Exif'), 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(header(readImageHeader(jpeg(1600, 900, noTiff)))).toMatchObject({ width: 1600, orientation: 1 });
  });

  it('skips stray bytes and 0xFF fill bytes between segments, like libjpeg', () => {
    const file = concat(SOI, JFIF, [0x00, 0x00, 0x0a], [0xff, 0xff, 0xff], DQT, sof(2000, 1000), SOS_AND_DATA);
    expect(header(readImageHeader(file))).toMatchObject({ width: 2000, height: 1000 });
  });

  it('reads the header of a tiny file that claims 40000 × 40000 (the caller then refuses it)', () => {
    const file = jpeg(40000, 40000);
    expect(file.length).toBeLessThan(300);
    const h = header(readImageHeader(file));
    expect([h.orientedWidth, h.orientedHeight]).toEqual([40000, 40000]);
    expect(checkImageDimensions(h.orientedWidth, h.orientedHeight)).toEqual({
      ok: false,
      code: 'IMAGE_DIMENSIONS',
      message: IMAGE_DIMENSION_MESSAGE,
    });
  });

  it('gives the oriented sides to the rules: 699 vs 700 after a quarter turn', () => {
    const check = (file: Uint8Array) => {
      const h = header(readImageHeader(file));
      return checkImageDimensions(h.orientedWidth, h.orientedHeight).ok;
    };
    expect(check(jpeg(1000, 700, exifApp1('II', 6)))).toBe(true);
    expect(check(jpeg(1000, 699, exifApp1('II', 6)))).toBe(false);
    expect(check(jpeg(50000, 700))).toBe(true);
    expect(check(jpeg(50001, 700))).toBe(false);
  });

  it('says which bytes it needs when given a prefix, and succeeds once it has them', () => {
    const file = jpeg(3000, 2000, exifApp1('MM', 6));
    // The reader stops right after the width: FF C0, length, precision, height, width.
    const sofEnd = file.length - SOS_AND_DATA.length - sof(3000, 2000).length + 9;
    for (let n = 0; n < sofEnd; n++) {
      const result = readImageHeader(file.subarray(0, n));
      expect(result).toMatchObject({ ok: false, reason: 'need-more' });
      if (!result.ok && result.reason === 'need-more') {
        expect(result.needed).toBeGreaterThan(n);
        expect(result.needed).toBeLessThanOrEqual(sofEnd);
        expect(result.needed).toBe(result.offset + result.length);
      }
    }
    expect(header(readImageHeader(file.subarray(0, sofEnd)))).toMatchObject({ width: 3000, orientation: 6 });
    const { result, reads } = readGrowing(file);
    expect(header(result)).toMatchObject({ orientedWidth: 2000, orientedHeight: 3000 });
    expect(reads).toBeGreaterThan(0);
  });

  it('skips a big segment without its bytes: the next range lies after it', () => {
    const icc = segment(0xe2, [...ascii('ICC_PROFILE'), 0, 1, 1, ...new Array<number>(60_000).fill(7)]);
    const file = jpeg(6000, 4000, icc);
    const prefix = file.subarray(0, 1024);
    const first = readImageHeader(prefix);
    expect(first).toMatchObject({ ok: false, reason: 'need-more' });
    if (first.ok || first.reason !== 'need-more') return;
    const iccStart = SOI.length + JFIF.length;
    expect(first.offset).toBe(iccStart + icc.length);
    // Hand over only the piece after the ICC segment.
    const ranges: ByteRange[] = [
      { offset: 0, bytes: prefix },
      { offset: first.offset, bytes: file.subarray(first.offset, first.offset + 1024) },
    ];
    expect(header(readImageHeader(ranges))).toMatchObject({ width: 6000, height: 4000 });
  });

  it('calls a truncated JPEG truncated: it needs bytes past the end of the file', () => {
    const file = jpeg(3000, 2000, exifApp1('II', 1));
    const cut = file.subarray(0, SOI.length + JFIF.length + 10);
    const { result } = readGrowing(cut);
    expect(result).toMatchObject({ ok: false, reason: 'need-more' });
    if (!result.ok && result.reason === 'need-more') expect(result.needed).toBeGreaterThan(cut.length);
  });

  it('calls broken headers corrupt', () => {
    const cases: [string, Uint8Array][] = [
      ['end of image first', concat(SOI, JFIF, [0xff, 0xd9])],
      ['scan before frame', concat(SOI, JFIF, SOS_AND_DATA)],
      ['second SOI', concat(SOI, [0xff, 0xd8], sof(800, 800))],
      ['segment length 1', concat(SOI, [0xff, 0xe0, 0x00, 0x01], sof(800, 800))],
      ['short frame header', concat(SOI, segment(0xc0, [8, 0, 1, 0, 1]))],
      ['width 0', concat(SOI, sof(0, 800), SOS_AND_DATA)],
    ];
    for (const [name, file] of cases) {
      expect({ name, result: readImageHeader(file) }).toMatchObject({ name, result: { ok: false, reason: 'corrupt' } });
    }
  });

  it('calls a height given later by DNL unsupported', () => {
    expect(readImageHeader(concat(SOI, sof(800, 0), SOS_AND_DATA))).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});

// ---- TIFF ----

describe('readImageHeader: TIFF', () => {
  it('reads ImageWidth and ImageLength as SHORT or LONG, little- and big-endian', () => {
    for (const order of ['II', 'MM'] as const) {
      expect(header(readImageHeader(tiff(order, sizeEntries(1200, 800, SHORT))))).toEqual({
        format: 'tiff',
        width: 1200,
        height: 800,
        orientation: 1,
        orientedWidth: 1200,
        orientedHeight: 800,
      });
      expect(header(readImageHeader(tiff(order, sizeEntries(70000, 40000, LONG))))).toMatchObject({ width: 70000, height: 40000 });
    }
  });

  it('reads Orientation and swaps the oriented size for 5–8', () => {
    for (const order of ['II', 'MM'] as const) {
      for (const [orientation, swapped] of [
        [3, false],
        [6, true],
        [8, true],
      ] as const) {
        const file = tiff(order, [...sizeEntries(3000, 2000), { tag: 0x0112, type: SHORT, value: orientation }]);
        const h = header(readImageHeader(file));
        expect(h.orientation).toBe(orientation);
        expect([h.orientedWidth, h.orientedHeight]).toEqual(swapped ? [2000, 3000] : [3000, 2000]);
      }
    }
  });

  it('finds a directory at the end of the file by asking for that range', () => {
    const file = tiff('MM', sizeEntries(5000, 4000, LONG), { ifdAtEnd: true, pixelBytes: 100_000 });
    const prefix = file.subarray(0, 4096);
    const first = readImageHeader(prefix);
    expect(first).toMatchObject({ ok: false, reason: 'need-more', offset: 8 + 100_000 });
    if (first.ok || first.reason !== 'need-more') return;
    const second = readImageHeader([
      { offset: 0, bytes: prefix },
      { offset: first.offset, bytes: file.subarray(first.offset, first.offset + first.length) },
    ]);
    // Having the entry count, it now asks for the whole directory.
    expect(second).toMatchObject({ ok: false, reason: 'need-more', offset: first.offset, length: 2 + 4 * 12 });
    const ranges: ByteRange[] = [
      { offset: 0, bytes: prefix },
      { offset: first.offset, bytes: file.subarray(first.offset) },
    ];
    expect(header(readImageHeader(ranges))).toMatchObject({ width: 5000, height: 4000 });
  });

  it('reads the first page of a multi-page TIFF', () => {
    const order = 'II';
    const page2 = ifd(order, sizeEntries(100, 100));
    const firstIfd = ifd(order, sizeEntries(2400, 1600), 0); // placeholder to measure its length
    const page2Offset = 8 + firstIfd.length;
    const file = concat([...ascii(order), ...u16(order, 42), ...u32(order, 8)], ifd(order, sizeEntries(2400, 1600), page2Offset), page2);
    expect(header(readImageHeader(file))).toMatchObject({ width: 2400, height: 1600 });
  });

  it('reads BigTIFF in both byte orders, with LONG8 sizes', () => {
    for (const order of ['II', 'MM'] as const) {
      const head = [...ascii(order), ...u16(order, 43), ...u16(order, 8), ...u16(order, 0), ...u64(order, 16)];
      const entries: Entry[] = [
        { tag: 0x0100, type: LONG8, value: 45000 },
        { tag: 0x0101, type: LONG, value: 20000 },
        { tag: 0x0112, type: SHORT, value: 6 },
      ];
      expect(header(readImageHeader(concat(head, bigIfd(order, entries))))).toEqual({
        format: 'tiff',
        width: 45000,
        height: 20000,
        orientation: 6,
        orientedWidth: 20000,
        orientedHeight: 45000,
      });
    }
  });

  it('calls broken TIFF headers corrupt', () => {
    const order = 'II';
    const head = (ifdOffset: number) => [...ascii(order), ...u16(order, 42), ...u32(order, ifdOffset)];
    const cases: [string, Uint8Array][] = [
      ['no width', concat(head(8), ifd(order, [{ tag: 0x0101, type: SHORT, value: 800 }]))],
      ['zero height', concat(head(8), ifd(order, sizeEntries(800, 0)))],
      ['IFD inside the header', concat(head(4), ifd(order, sizeEntries(800, 800)))],
      ['empty IFD', concat(head(8), [0, 0, 0, 0, 0, 0])],
      ['absurd entry count', concat(head(8), [0xff, 0xff])],
      ['bad BigTIFF header', Uint8Array.from([...ascii(order), ...u16(order, 43), ...u16(order, 4), 0, 0, ...u64(order, 16)])],
    ];
    for (const [name, file] of cases) {
      expect({ name, result: readImageHeader(file) }).toMatchObject({ name, result: { ok: false, reason: 'corrupt' } });
    }
  });

  it('calls a TIFF cut inside its directory truncated', () => {
    const file = tiff('II', sizeEntries(1200, 800));
    const { result } = readGrowing(file.subarray(0, 20));
    expect(result).toMatchObject({ ok: false, reason: 'need-more' });
    if (!result.ok && result.reason === 'need-more') expect(result.needed).toBeGreaterThan(20);
  });
});

describe('readImageHeader: other files', () => {
  it('calls other formats unsupported', () => {
    const png = Uint8Array.from([0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]);
    expect(readImageHeader(png)).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(readImageHeader(Uint8Array.from(ascii('GIF89a')))).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(readImageHeader(Uint8Array.from([0xff, 0xd8, 0x00, 0x00]))).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('asks for the first four bytes of an empty or tiny input', () => {
    expect(readImageHeader(new Uint8Array())).toEqual({ ok: false, reason: 'need-more', offset: 0, length: 4, needed: 4 });
    expect(readImageHeader(Uint8Array.from([0xff, 0xd8]))).toMatchObject({ ok: false, reason: 'need-more', needed: 4 });
  });
});
