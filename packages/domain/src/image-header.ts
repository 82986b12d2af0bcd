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

/** SOF markers of frames coded progressively (Huffman or arithmetic): every scan refines the whole image. */
const PROGRESSIVE_SOF = new Set([0xc2, 0xc6, 0xca, 0xce]);

/** One component of a JPEG frame: its id and its sampling factors (1–4). */
export type JpegComponent = { id: number; h: number; v: number };

/**
 * How a JPEG's pixels are laid out in the file, from its frame header (SOF) and its first scan header (SOS): what a
 * decoder must hold to decode it. A progressive frame, or a first scan carrying fewer components than the frame (the
 * components sent one after another), makes libjpeg keep every coefficient of the image until the last scan.
 */
export type JpegLayout = {
  width: number;
  height: number;
  /** The SOF marker, 0xC0–0xCF. */
  frameMarker: number;
  progressive: boolean;
  components: JpegComponent[];
  /** Components in the first scan (1–4). */
  firstScanComponents: number;
};

export type JpegLayoutResult =
  | { ok: true; layout: JpegLayout }
  | { ok: false; reason: 'need-more'; offset: number; length: number; needed: number }
  | { ok: false; reason: 'unsupported' | 'corrupt'; detail: string };

function readFrame(reader: Reader, at: number, marker: number, length: number): Omit<JpegLayout, 'firstScanComponents'> {
  if (length < 8) throw new Broken('corrupt', 'the JPEG frame header is too short');
  const height = reader.u16(at + 3);
  const width = reader.u16(at + 5);
  const count = reader.u8(at + 7);
  if (width === 0) throw new Broken('corrupt', 'the JPEG frame header says the width is 0');
  if (height === 0) throw new Broken('unsupported', 'the JPEG gives its height later (DNL), which we do not read');
  if (count < 1 || count > 4 || length < 8 + 3 * count) throw new Broken('corrupt', 'the JPEG frame header lists its components wrongly');
  const components: JpegComponent[] = [];
  for (let i = 0; i < count; i++) {
    const sampling = reader.u8(at + 9 + 3 * i);
    const h = sampling >> 4;
    const v = sampling & 0x0f;
    if (h < 1 || h > 4 || v < 1 || v > 4) throw new Broken('corrupt', 'a JPEG component has a sampling factor outside 1–4');
    components.push({ id: reader.u8(at + 8 + 3 * i), h, v });
  }
  return { width, height, frameMarker: marker, progressive: PROGRESSIVE_SOF.has(marker), components };
}

/**
 * The layout of a JPEG (see {@link JpegLayout}): walks the marker segments as {@link readImageHeader} does, on past
 * the frame header to the first scan header. Pure, like readImageHeader: 'need-more' names the bytes to read next.
 */
export function readJpegLayout(input: HeaderBytes): JpegLayoutResult {
  const reader = new Reader(new Bytes(input));
  try {
    if (reader.u8(0) !== 0xff || reader.u8(1) !== 0xd8) throw new Broken('unsupported', 'not a JPEG');
    let frame: Omit<JpegLayout, 'firstScanComponents'> | undefined;
    let at = 2;
    for (;;) {
      while (reader.u8(at) !== 0xff) at++;
      while (reader.u8(at) === 0xff) at++;
      const marker = reader.u8(at);
      at++;
      if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
      if (marker === 0xd8) throw new Broken('corrupt', 'a second start-of-image marker comes before the first scan');
      if (marker === 0xd9) throw new Broken('corrupt', 'the JPEG ends before its first scan');
      const length = reader.u16(at);
      if (length < 2) throw new Broken('corrupt', 'a JPEG segment has a length below 2');
      if (marker >= 0xc0 && marker <= 0xcf && !NOT_SOF.has(marker)) {
        if (frame) throw new Broken('corrupt', 'the JPEG has a second frame header before its first scan');
        frame = readFrame(reader, at, marker, length);
      } else if (marker === 0xda) {
        if (!frame) throw new Broken('corrupt', 'the JPEG image data starts before its frame header');
        const inScan = reader.u8(at + 2);
        if (inScan < 1 || inScan > frame.components.length)
          throw new Broken('corrupt', 'the JPEG scan header lists its components wrongly');
        return { ok: true, layout: { ...frame, firstScanComponents: inScan } };
      }
      at += length;
    }
  } catch (error) {
    if (error instanceof NeedMore) {
      return { ok: false, reason: 'need-more', offset: error.offset, length: error.length, needed: error.offset + error.length };
    }
    if (error instanceof Broken) return { ok: false, reason: error.reason, detail: error.detail };
    throw error;
  }
}

/** Markers that may stand between a JPEG's scans, each with a length: DHT, DAC, DQT, DNL, DRI, APP0–15, COM. */
function segmentBetweenScans(marker: number): boolean {
  return (
    marker === 0xc4 ||
    marker === 0xcc ||
    marker === 0xdb ||
    marker === 0xdc ||
    marker === 0xdd ||
    (marker >= 0xe0 && marker <= 0xef) ||
    marker === 0xfe
  );
}

/** Where a JPEG's image ends, as {@link JpegEndFinder} finds it. */
export type JpegEnd =
  /** The end-of-image marker of the first image ends at `end` (bytes 0..end are the image; anything after is not). */
  | { kind: 'end'; end: number }
  /** A marker no decoder accepts at `at`: the bytes from there on are not this JPEG's. */
  | { kind: 'broken'; at: number; detail: string }
  /** The file ended before the end-of-image marker. */
  | { kind: 'unfinished' };

/**
 * Finds the end of a JPEG's image from its bytes, given in order in pieces of any size (a whole file is never held):
 * the marker segments, then each scan's entropy-coded data (where a 0xFF byte is followed by 0x00, a restart marker,
 * or a marker that ends the scan), up to the end-of-image marker. Markers are accepted where libjpeg accepts them; a
 * marker it refuses (an unknown one, a second image's start or frame) ends the search as 'broken'. Pure and
 * streaming: `push` answers once the end or a broken marker is found, `finish` at the end of the file.
 */
export class JpegEndFinder {
  private offset = 0;
  private state: 'soi0' | 'soi1' | 'seek' | 'marker' | 'len0' | 'len1' | 'skip' | 'entropy' | 'entropy-ff' = 'soi0';
  private marker = 0;
  private length = 0;
  private skip = 0;
  private frames = 0;
  private scans = 0;
  private result: JpegEnd | null = null;

  /** Takes the next bytes; answers the verdict once known (later calls answer it again), else null. */
  push(chunk: Uint8Array): JpegEnd | null {
    if (this.result) return this.result;
    let i = 0;
    const n = chunk.length;
    while (i < n && !this.result) {
      switch (this.state) {
        case 'soi0':
          if (chunk[i] !== 0xff) return this.broken(i, 'not a JPEG');
          this.state = 'soi1';
          i++;
          break;
        case 'soi1':
          if (chunk[i] !== 0xd8) return this.broken(i, 'not a JPEG');
          this.state = 'seek';
          i++;
          break;
        case 'seek': {
          // Stray bytes between segments are skipped, as libjpeg does.
          const ff = chunk.indexOf(0xff, i);
          if (ff < 0) {
            i = n;
            break;
          }
          i = ff + 1;
          this.state = 'marker';
          break;
        }
        case 'marker': {
          const marker = chunk[i]!;
          i++;
          if (marker === 0xff) break;
          // 0xFF 0x00 between segments: stray bytes too.
          if (marker === 0x00) this.state = 'seek';
          else this.afterMarker(marker, i - 1);
          break;
        }
        case 'len0':
          this.length = chunk[i]! << 8;
          this.state = 'len1';
          i++;
          break;
        case 'len1':
          this.length |= chunk[i]!;
          i++;
          if (this.length < 2) return this.broken(i - 2, 'a JPEG segment has a length below 2');
          this.skip = this.length - 2;
          this.state = 'skip';
          if (this.skip === 0) this.endOfSegment();
          break;
        case 'skip': {
          const take = Math.min(this.skip, n - i);
          i += take;
          this.skip -= take;
          if (this.skip === 0) this.endOfSegment();
          break;
        }
        case 'entropy': {
          const ff = chunk.indexOf(0xff, i);
          if (ff < 0) {
            i = n;
            break;
          }
          i = ff + 1;
          this.state = 'entropy-ff';
          break;
        }
        case 'entropy-ff': {
          const next = chunk[i]!;
          i++;
          // A stuffed zero, a fill byte or a restart marker: the scan goes on.
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) this.state = 'entropy';
          else if (next !== 0xff) this.afterMarker(next, i - 1);
          break;
        }
      }
    }
    this.offset += n;
    return this.result;
  }

  /** The verdict at the end of the file. */
  finish(): JpegEnd {
    return this.result ?? { kind: 'unfinished' };
  }

  private broken(i: number, detail: string): JpegEnd {
    this.result = { kind: 'broken', at: this.offset + i, detail };
    return this.result;
  }

  /** A marker whose byte is at `i` of the current chunk. */
  private afterMarker(marker: number, i: number): void {
    this.marker = marker;
    if (marker === 0xd9) {
      if (this.scans === 0) this.broken(i, 'the JPEG ends before its first scan');
      else this.result = { kind: 'end', end: this.offset + i + 1 };
      return;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      this.state = 'seek';
      return;
    }
    const frame = marker >= 0xc0 && marker <= 0xcf && !NOT_SOF.has(marker);
    if (frame && (this.frames > 0 || this.scans > 0)) {
      this.broken(i, 'a second frame follows the image');
      return;
    }
    if (marker === 0xda && this.frames === 0) {
      this.broken(i, 'the JPEG image data starts before its frame header');
      return;
    }
    if (!frame && marker !== 0xda && !segmentBetweenScans(marker)) {
      this.broken(i, `marker 0x${marker.toString(16).padStart(2, '0')} cannot stand in a JPEG here`);
      return;
    }
    if (frame) this.frames++;
    this.state = 'len0';
  }

  private endOfSegment(): void {
    if (this.marker === 0xda) {
      this.scans++;
      this.state = 'entropy';
    } else {
      this.state = 'seek';
    }
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
