/**
 * Reads a photo's pixel size and EXIF orientation from its header, without decoding it.
 *
 * Pure: it looks only at the bytes it is given. The browser passes the first few hundred KB of the file
 * (`file.slice`); when that is not enough the result says which byte range to read next, and the caller reads it and
 * asks again with the bytes it holds. A JPEG's frame header (SOF) is usually within the first 64 KB, after the APP
 * segments; a TIFF's first directory (IFD0) may sit anywhere, often at the very end of the file, which is why the
 * answer is a range and not only "more of the prefix".
 *
 * - JPEG: walks the marker segments from SOI to the first SOF0–SOF15 (skipping DHT C4, JPG C8 and DAC CC, which share
 *   the range), reading the orientation from the first Exif APP1 segment (either byte order). Like libjpeg, stray
 *   bytes between segments are skipped.
 * - TIFF: IFD0's ImageWidth (256) and ImageLength (257), SHORT or LONG, and Orientation (274); classic TIFF in both
 *   byte orders and BigTIFF.
 * - Orientation 5–8 (the image is stored turned a quarter) swaps width and height for `orientedWidth/Height`, which
 *   is what the upload rules are checked against, as the server does after EXIF rotation.
 */

export type HeaderFormat = 'jpeg' | 'tiff';

/** EXIF orientation, 1 (as stored) to 8; 1 when absent or out of range. */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export type ImageHeader = {
  format: HeaderFormat;
  /** As stored in the file. */
  width: number;
  height: number;
  orientation: ExifOrientation;
  /** After applying the orientation: swapped for 5–8. */
  orientedWidth: number;
  orientedHeight: number;
};

/** Bytes of the file the caller holds: a prefix (a plain Uint8Array) or pieces at their offsets in the file. */
export type ByteRange = { offset: number; bytes: Uint8Array };
export type HeaderBytes = Uint8Array | readonly ByteRange[];

export type ImageHeaderResult =
  | { ok: true; header: ImageHeader }
  /**
   * The header goes on past the bytes given: read `length` bytes at `offset` (absolute, in the file) and call again
   * with them added. `needed` = offset + length is the prefix length that would do; with a prefix of n bytes,
   * `needed - n` more bytes. If the file is shorter than `needed`, it is truncated.
   */
  | { ok: false; reason: 'need-more'; offset: number; length: number; needed: number }
  /** Not a JPEG or TIFF, or a kind of one we do not read (e.g. a JPEG whose height is given later by DNL). */
  | { ok: false; reason: 'unsupported'; detail: string }
  /** The header is broken. */
  | { ok: false; reason: 'corrupt'; detail: string };

const ORIENTATION_TAG = 0x0112;
const IMAGE_WIDTH_TAG = 0x0100;
const IMAGE_LENGTH_TAG = 0x0101;

/** Where in the file the bytes the caller holds lie. */
class Bytes {
  private readonly ranges: readonly ByteRange[];

  constructor(input: HeaderBytes) {
    this.ranges = input instanceof Uint8Array ? [{ offset: 0, bytes: input }] : input;
  }

  /** The `length` bytes at `offset`, or undefined when the caller does not hold all of them. */
  slice(offset: number, length: number): Uint8Array | undefined {
    for (const { offset: start, bytes } of this.ranges) {
      if (offset >= start && offset + length <= start + bytes.length) {
        return bytes.subarray(offset - start, offset - start + length);
      }
    }
    return undefined;
  }
}

class NeedMore {
  constructor(
    readonly offset: number,
    readonly length: number,
  ) {}
}

class Broken {
  constructor(
    readonly reason: 'unsupported' | 'corrupt',
    readonly detail: string,
  ) {}
}

/** Reads from the held bytes, throwing NeedMore when a read goes past them. */
class Reader {
  constructor(
    private readonly bytes: Bytes,
    public littleEndian = false,
  ) {}

  take(offset: number, length: number): Uint8Array {
    const slice = this.bytes.slice(offset, length);
    if (!slice) throw new NeedMore(offset, length);
    return slice;
  }

  u8(offset: number): number {
    return this.take(offset, 1)[0] as number;
  }

  u16(offset: number): number {
    const b = this.take(offset, 2);
    const [b0, b1] = [b[0] as number, b[1] as number];
    return this.littleEndian ? b0 | (b1 << 8) : (b0 << 8) | b1;
  }

  u32(offset: number): number {
    const b = this.take(offset, 4);
    const [b0, b1, b2, b3] = [b[0] as number, b[1] as number, b[2] as number, b[3] as number];
    return this.littleEndian ? (b0 | (b1 << 8) | (b2 << 16) | (b3 << 24)) >>> 0 : ((b0 << 24) | (b1 << 16) | (b2 << 8) | b3) >>> 0;
  }

  /** A 64-bit unsigned value; beyond 2^53 it is not a usable offset or size, so the file is called corrupt. */
  u64(offset: number): number {
    const first = this.u32(offset);
    const second = this.u32(offset + 4);
    const [low, high] = this.littleEndian ? [first, second] : [second, first];
    if (high >= 0x200000) throw new Broken('corrupt', 'a 64-bit value is out of range');
    return high * 0x1_0000_0000 + low;
  }
}

function oriented(format: HeaderFormat, width: number, height: number, orientation: ExifOrientation): ImageHeader {
  const turned = orientation >= 5;
  return {
    format,
    width,
    height,
    orientation,
    orientedWidth: turned ? height : width,
    orientedHeight: turned ? width : height,
  };
}

function asOrientation(value: number | undefined): ExifOrientation {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 8 ? (value as ExifOrientation) : 1;
}

// TIFF field types we read: SHORT, LONG, and BigTIFF's LONG8.
const SHORT = 3;
const LONG = 4;
const LONG8 = 16;

type IfdValue = { type: number; count: number; valueAt: number };

/**
 * The entries of a TIFF directory (classic or BigTIFF) at `ifdOffset`, keyed by tag.
 * `valueAt` is where an inline value starts (the entry's value field).
 */
function readIfd(reader: Reader, ifdOffset: number, big: boolean): Map<number, IfdValue> {
  const countSize = big ? 8 : 2;
  const entrySize = big ? 20 : 12;
  const count = big ? reader.u64(ifdOffset) : reader.u16(ifdOffset);
  if (count === 0) throw new Broken('corrupt', 'the TIFF directory is empty');
  if (count > 4096) throw new Broken('corrupt', 'the TIFF directory is implausibly long');
  reader.take(ifdOffset, countSize + count * entrySize);
  const entries = new Map<number, IfdValue>();
  for (let i = 0; i < count; i++) {
    const at = ifdOffset + countSize + i * entrySize;
    const tag = reader.u16(at);
    const type = reader.u16(at + 2);
    const valueCount = big ? reader.u64(at + 4) : reader.u32(at + 4);
    if (!entries.has(tag)) entries.set(tag, { type, count: valueCount, valueAt: at + (big ? 12 : 8) });
  }
  return entries;
}

/** A single SHORT, LONG or LONG8 value stored inline in its entry, or undefined. */
function inlineNumber(reader: Reader, entry: IfdValue | undefined, big: boolean): number | undefined {
  if (!entry || entry.count < 1) return undefined;
  if (entry.type === SHORT) return reader.u16(entry.valueAt);
  if (entry.type === LONG) return reader.u32(entry.valueAt);
  if (entry.type === LONG8 && big) return reader.u64(entry.valueAt);
  return undefined;
}

/** The TIFF header at `base`: byte order, BigTIFF or not, and IFD0's offset (relative to `base`). */
function readTiffHeader(reader: Reader, base: number): { big: boolean; ifd0: number } {
  const order = reader.take(base, 2);
  if (order[0] === 0x49 && order[1] === 0x49) reader.littleEndian = true;
  else if (order[0] === 0x4d && order[1] === 0x4d) reader.littleEndian = false;
  else throw new Broken('corrupt', 'the TIFF byte order mark is missing');
  const magic = reader.u16(base + 2);
  if (magic === 42) return { big: false, ifd0: reader.u32(base + 4) };
  if (magic === 43) {
    if (reader.u16(base + 4) !== 8 || reader.u16(base + 6) !== 0) throw new Broken('corrupt', 'the BigTIFF header is not valid');
    return { big: true, ifd0: reader.u64(base + 8) };
  }
  throw new Broken('corrupt', 'the TIFF magic number is missing');
}

function readTiff(reader: Reader): ImageHeader {
  const { big, ifd0 } = readTiffHeader(reader, 0);
  if (ifd0 < (big ? 16 : 8)) throw new Broken('corrupt', 'the first TIFF directory offset is not valid');
  const entries = readIfd(reader, ifd0, big);
  const width = inlineNumber(reader, entries.get(IMAGE_WIDTH_TAG), big);
  const height = inlineNumber(reader, entries.get(IMAGE_LENGTH_TAG), big);
  if (width === undefined || height === undefined) throw new Broken('corrupt', 'the TIFF has no image width or length');
  if (width === 0 || height === 0) throw new Broken('corrupt', 'the TIFF says the image has no pixels');
  const orientation = asOrientation(inlineNumber(reader, entries.get(ORIENTATION_TAG), big));
  return oriented('tiff', width, height, orientation);
}

const EXIF_SIGNATURE = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

/** The orientation from an Exif APP1 payload ("Exif\0\0" and a TIFF structure whose offsets count from its start), or 1. */
function exifOrientation(payload: Uint8Array): ExifOrientation {
  if (payload.length < 14 || !EXIF_SIGNATURE.every((b, i) => payload[i] === b)) return 1;
  const tiff = new Reader(new Bytes(payload.subarray(6)));
  try {
    const { big, ifd0 } = readTiffHeader(tiff, 0);
    if (big) return 1;
    const entries = readIfd(tiff, ifd0, false);
    return asOrientation(inlineNumber(tiff, entries.get(ORIENTATION_TAG), false));
  } catch {
    // A broken or truncated Exif block is ignored, as decoders do: the photo is shown as stored.
    return 1;
  }
}

/** Markers in C0–CF that are not frame headers: DHT, JPG (reserved), DAC. */
const NOT_SOF = new Set([0xc4, 0xc8, 0xcc]);

function readJpeg(reader: Reader): ImageHeader {
  if (reader.u8(0) !== 0xff || reader.u8(1) !== 0xd8) throw new Broken('unsupported', 'not a JPEG');
  let orientation: ExifOrientation | undefined;
  let at = 2;
  for (;;) {
    // Find the next marker: like libjpeg, skip stray bytes, then any 0xFF fill bytes.
    while (reader.u8(at) !== 0xff) at++;
    while (reader.u8(at) === 0xff) at++;
    const marker = reader.u8(at);
    at++;
    if (marker === 0x00) continue; // a stuffed 0xFF00 outside entropy data: stray bytes
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM, RSTn: no length
    if (marker === 0xd8) throw new Broken('corrupt', 'a second start-of-image marker comes before the frame header');
    if (marker === 0xd9) throw new Broken('corrupt', 'the JPEG ends before its frame header');
    if (marker === 0xda) throw new Broken('corrupt', 'the JPEG image data starts before its frame header');
    const length = reader.u16(at);
    if (length < 2) throw new Broken('corrupt', 'a JPEG segment has a length below 2');
    if (marker >= 0xc0 && marker <= 0xcf && !NOT_SOF.has(marker)) {
      if (length < 8) throw new Broken('corrupt', 'the JPEG frame header is too short');
      const height = reader.u16(at + 3);
      const width = reader.u16(at + 5);
      if (width === 0) throw new Broken('corrupt', 'the JPEG frame header says the width is 0');
      if (height === 0) throw new Broken('unsupported', 'the JPEG gives its height later (DNL), which we do not read');
      return oriented('jpeg', width, height, orientation ?? 1);
    }
    if (marker === 0xe1 && orientation === undefined) {
      const payloadAt = at + 2;
      const payloadLength = length - 2;
      const head = reader.take(payloadAt, Math.min(payloadLength, EXIF_SIGNATURE.length));
      if (head.length === EXIF_SIGNATURE.length && EXIF_SIGNATURE.every((b, i) => head[i] === b)) {
        orientation = exifOrientation(reader.take(payloadAt, payloadLength));
      }
    }
    at += length;
  }
}

/**
 * The format, stored size and EXIF orientation of a JPEG or TIFF from its header. See the result type for what the
 * caller does with each answer.
 */
export function readImageHeader(input: HeaderBytes): ImageHeaderResult {
  const reader = new Reader(new Bytes(input));
  try {
    const first = reader.take(0, 4);
    const [a, b, c, d] = [first[0], first[1], first[2], first[3]];
    if (a === 0xff && b === 0xd8 && c === 0xff) return { ok: true, header: readJpeg(reader) };
    const tiffMagic =
      (a === 0x49 && b === 0x49 && (c === 0x2a || c === 0x2b) && d === 0) ||
      (a === 0x4d && b === 0x4d && c === 0 && (d === 0x2a || d === 0x2b));
    if (tiffMagic) return { ok: true, header: readTiff(reader) };
    return { ok: false, reason: 'unsupported', detail: 'not a JPEG or TIFF' };
  } catch (error) {
    if (error instanceof NeedMore) {
      return { ok: false, reason: 'need-more', offset: error.offset, length: error.length, needed: error.offset + error.length };
    }
    if (error instanceof Broken) return { ok: false, reason: error.reason, detail: error.detail };
    throw error;
  }
}
