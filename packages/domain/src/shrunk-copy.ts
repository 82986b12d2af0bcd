/**
 * Recognises a probably-shrunk copy of a photo: the copy a messaging app sends (WhatsApp and the like), which has lost
 * the camera's EXIF, has been scaled to a fixed long side (1280, 1600 or 2048 px) and re-compressed hard. Pure: it
 * reads only the bytes it is given (the first few hundred KB of the file hold the EXIF and quantisation tables).
 *
 * Signals:
 * - camera EXIF: an Exif APP1 segment whose first directory names the camera (Make 0x010F or Model 0x0110);
 * - long side one of MESSAGING_LONG_SIDES;
 * - JPEG quality estimated from the luminance quantisation table (DQT), matched against the standard (IJG) table
 *   scaled for each quality 1–100;
 * - a messaging app's file name (`IMG-20251104-WA0012.jpg`, `WhatsApp Image 2025-11-04 at 10.12.13.jpeg`).
 *
 * A name alone is enough; otherwise a copy is "probably shrunk" when it has no camera EXIF, a messaging long side and
 * a quality of at most SHRUNK_MAX_QUALITY, or no camera EXIF and a quality of at most STRONG_COMPRESSION_QUALITY at a
 * long side of at most 2048 px.
 */

export const MESSAGING_LONG_SIDES = [1280, 1600, 2048] as const;
/** Estimated JPEG quality at or under which a copy with a messaging app's size counts as re-compressed. */
export const SHRUNK_MAX_QUALITY = 85;
/** Estimated JPEG quality at or under which a small copy without camera EXIF counts as shrunk whatever its size. */
export const STRONG_COMPRESSION_QUALITY = 70;

export const SHRUNK_COPY_NOTICE =
  'This looks like a copy sent over WhatsApp. If you have the original, send it as a Document for a sharper print — or let us sharpen this one (below).';

/** The standard luminance quantisation table (ITU-T T.81 K.1), in natural (row-major) order. */
// prettier-ignore
const STD_LUMINANCE = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
/** Zigzag position → natural position. */
// prettier-ignore
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** The luminance table a libjpeg-style encoder writes at `quality` (1–100), natural order. */
export function scaledLuminanceTable(quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - q * 2;
  return STD_LUMINANCE.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

export interface JpegFacts {
  /** Quantisation tables by id (0 = luminance, usually), natural order. */
  quantTables: Map<number, number[]>;
  /** An Exif segment naming the camera (Make or Model). */
  cameraExif: boolean;
}

function u16(b: Uint8Array, i: number, little = false): number {
  return little ? b[i]! | (b[i + 1]! << 8) : (b[i]! << 8) | b[i + 1]!;
}
function u32(b: Uint8Array, i: number, little: boolean): number {
  return little
    ? (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0
    : ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
}

/** Whether an Exif APP1 payload (after "Exif\0\0") has Make or Model in its first directory. */
function exifNamesCamera(tiff: Uint8Array): boolean {
  if (tiff.length < 8) return false;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return false;
  const ifd = u32(tiff, 4, little);
  if (ifd + 2 > tiff.length) return false;
  const entries = u16(tiff, ifd, little);
  for (let n = 0; n < entries; n++) {
    const at = ifd + 2 + n * 12;
    if (at + 12 > tiff.length) break;
    const tag = u16(tiff, at, little);
    if (tag === 0x010f || tag === 0x0110) return true;
  }
  return false;
}

/**
 * Reads a JPEG's quantisation tables and whether its EXIF names a camera, from its first bytes (up to the first scan).
 * Null when the bytes are not a JPEG.
 */
export function readJpegFacts(bytes: Uint8Array): JpegFacts | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const facts: JpegFacts = { quantTables: new Map(), cameraExif: false };
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16(bytes, i + 2);
    const start = i + 4;
    const end = Math.min(bytes.length, i + 2 + length);
    if (length < 2) break;
    if (marker === 0xdb) {
      let p = start;
      while (p < end) {
        const precision = bytes[p]! >> 4;
        const id = bytes[p]! & 0x0f;
        const size = precision ? 128 : 64;
        if (p + 1 + size > end) break;
        const table = new Array<number>(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k]!] = precision ? u16(bytes, p + 1 + k * 2) : bytes[p + 1 + k]!;
        facts.quantTables.set(id, table);
        p += 1 + size;
      }
    } else if (marker === 0xe1 && end - start > 6) {
      const isExif = bytes[start] === 0x45 && bytes[start + 1] === 0x78 && bytes[start + 2] === 0x69 && bytes[start + 3] === 0x66;
      if (isExif && exifNamesCamera(bytes.subarray(start + 6, end))) facts.cameraExif = true;
    }
    i += 2 + length;
  }
  return facts;
}

/**
 * The quality (1–100) whose standard luminance table is nearest the given one (sum of absolute differences), or null
 * when there is no table. Encoders with their own tables get the nearest standard quality.
 */
export function estimateJpegQuality(luminance: readonly number[] | undefined): number | null {
  if (!luminance || luminance.length !== 64) return null;
  let best = 1;
  let bestError = Number.POSITIVE_INFINITY;
  for (let q = 1; q <= 100; q++) {
    const table = scaledLuminanceTable(q);
    let error = 0;
    for (let k = 0; k < 64; k++) error += Math.abs(table[k]! - luminance[k]!);
    if (error <= bestError) {
      bestError = error;
      best = q;
    }
  }
  return best;
}

const MESSAGING_NAMES = [/^IMG-\d{8}-WA\d{3,}/i, /^WhatsApp Image \d{4}-\d{2}-\d{2}/i, /^PHOTO-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}/i];

/** A file name as a messaging app gives it. */
export function looksLikeMessagingName(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return MESSAGING_NAMES.some((re) => re.test(base));
}

export function isMessagingLongSide(width: number, height: number): boolean {
  return (MESSAGING_LONG_SIDES as readonly number[]).includes(Math.max(width, height));
}

export interface ShrunkCopyInput {
  fileName: string;
  /** Oriented pixel size. */
  width: number;
  height: number;
  /** The first bytes of the file (EXIF and quantisation tables come before the pixels). */
  head: Uint8Array;
}

export interface ShrunkCopyVerdict {
  likely: boolean;
  cameraExif: boolean;
  messagingName: boolean;
  messagingSize: boolean;
  /** Estimated JPEG quality; null for TIFF or a JPEG without tables in the bytes given. */
  quality: number | null;
}

export function shrunkCopyCheck(input: ShrunkCopyInput): ShrunkCopyVerdict {
  const facts = readJpegFacts(input.head);
  const quality = facts ? estimateJpegQuality(facts.quantTables.get(0)) : null;
  const cameraExif = facts?.cameraExif ?? false;
  const messagingName = looksLikeMessagingName(input.fileName);
  const messagingSize = isMessagingLongSide(input.width, input.height);
  const longSide = Math.max(input.width, input.height);
  const likely =
    messagingName ||
    (facts !== null &&
      !cameraExif &&
      quality !== null &&
      ((messagingSize && quality <= SHRUNK_MAX_QUALITY) || (longSide <= 2048 && quality <= STRONG_COMPRESSION_QUALITY)));
  return { likely, cameraExif, messagingName, messagingSize, quality };
}
