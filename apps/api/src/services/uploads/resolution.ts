import fs from 'node:fs/promises';
import { DEFAULT_DPI } from '@framewala/domain';

/**
 * A photo's DPI from the tags that are really in the file (docs/decisions/009-photo-resolution-dpi.md).
 * sharp/libvips report 72 when there is no resolution at all, so this reads the tags itself:
 *
 * 1. XResolution / YResolution (282 / 283) with ResolutionUnit (296) from IFD0 — a TIFF's own directory, a JPEG's
 *    Exif APP1. Unit 2 (inch, also the default when the unit tag is absent) as is; unit 3 (centimetre) × 2.54;
 *    unit 1 ("no absolute unit": the values are only an aspect ratio) counts as absent.
 * 2. JPEG only, when step 1 found nothing: the JFIF APP0 density with units 1 (dots per inch) or 2 (dots per cm,
 *    × 2.54). Units 0 is an aspect ratio only and counts as absent.
 * 3. Otherwise 96 × 96.
 * A single present axis stands for both; zero, negative or non-finite values count as absent.
 */
export type DpiSource = 'exif' | 'tiff' | 'jfif' | 'default';
export interface Dpi {
  x: number;
  y: number;
  source: DpiSource;
}

/** Random access to the bytes of a file or buffer; null past the end. */
export interface ByteSource {
  read(offset: number, length: number): Promise<Uint8Array | null>;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    async read(offset, length) {
      if (offset < 0 || offset + length > bytes.length) return null;
      return bytes.subarray(offset, offset + length);
    },
  };
}

export async function withFileSource<T>(filePath: string, fn: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await fs.open(filePath, 'r');
  try {
    return await fn({
      async read(offset, length) {
        if (offset < 0 || length < 0 || !Number.isSafeInteger(offset + length)) return null;
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return bytesRead === length ? buffer : null;
      },
    });
  } finally {
    await handle.close();
  }
}

const TAG_X_RESOLUTION = 282;
const TAG_Y_RESOLUTION = 283;
const TAG_RESOLUTION_UNIT = 296;

/** Bytes per value of each TIFF field type. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8 };

export interface ResolutionTags {
  x: number | undefined;
  y: number | undefined;
  /** 1 none, 2 inch, 3 centimetre; undefined when the tag is absent. */
  unit: number | undefined;
}

/**
 * IFD0's resolution tags from a TIFF structure starting at `base` in `source` (a TIFF file: 0; an Exif payload: after
 * its "Exif\0\0"). Classic TIFF and BigTIFF, either byte order. Returns undefined when the structure is not TIFF.
 */
export async function readResolutionTags(source: ByteSource, base = 0): Promise<ResolutionTags | undefined> {
  const first = await source.read(base, 8);
  if (!first) return undefined;
  // BigTIFF ('+' = 43) keeps its first IFD offset as 8 bytes at 8.
  const header = first[2] === 43 || first[3] === 43 ? await source.read(base, 16) : first;
  if (!header) return undefined;
  const order = String.fromCharCode(header[0] ?? 0, header[1] ?? 0);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (bytes: Uint8Array, at: number) => view(bytes).getUint16(at, little);
  const u32 = (bytes: Uint8Array, at: number) => view(bytes).getUint32(at, little);
  const u64 = (bytes: Uint8Array, at: number) => Number(view(bytes).getBigUint64(at, little));
  const magic = u16(header, 2);
  const big = magic === 43;
  if (magic !== 42 && !big) return undefined;
  if (big && header.length < 16) return undefined;
  const ifdOffset = big ? u64(header, 8) : u32(header, 4);
  const countBytes = await source.read(base + ifdOffset, big ? 8 : 2);
  if (!countBytes) return undefined;
  const count = big ? u64(countBytes, 0) : u16(countBytes, 0);
  const entrySize = big ? 20 : 12;
  if (count === 0 || count > 4096) return { x: undefined, y: undefined, unit: undefined };
  const entries = await source.read(base + ifdOffset + countBytes.length, count * entrySize);
  if (!entries) return undefined;

  const values = async (at: number): Promise<{ tag: number; value: () => Promise<number | undefined> }> => {
    const tag = u16(entries, at);
    const type = u16(entries, at + 2);
    const n = big ? u64(entries, at + 4) : u32(entries, at + 4);
    const size = TYPE_SIZES[type];
    const inline = big ? 8 : 4;
    const valueAt = at + (big ? 12 : 8);
    return {
      tag,
      value: async () => {
        if (!size || n < 1) return undefined;
        const data =
          size <= inline
            ? entries.subarray(valueAt, valueAt + size)
            : await source.read(base + (big ? u64(entries, valueAt) : u32(entries, valueAt)), size);
        if (!data) return undefined;
        const dv = view(data);
        switch (type) {
          case 3:
            return dv.getUint16(0, little);
          case 4:
            return dv.getUint32(0, little);
          case 16:
            return Number(dv.getBigUint64(0, little));
          case 5: {
            const den = dv.getUint32(4, little);
            return den === 0 ? undefined : dv.getUint32(0, little) / den;
          }
          case 10: {
            const den = dv.getInt32(4, little);
            return den === 0 ? undefined : dv.getInt32(0, little) / den;
          }
          case 11:
            return dv.getFloat32(0, little);
          case 12:
            return dv.getFloat64(0, little);
          default:
            return undefined;
        }
      },
    };
  };

  const found: ResolutionTags = { x: undefined, y: undefined, unit: undefined };
  for (let i = 0; i < count; i++) {
    const entry = await values(i * entrySize);
    if (entry.tag === TAG_X_RESOLUTION) found.x = await entry.value();
    else if (entry.tag === TAG_Y_RESOLUTION) found.y = await entry.value();
    else if (entry.tag === TAG_RESOLUTION_UNIT) found.unit = await entry.value();
  }
  return found;
}

export interface JpegResolutionSegments {
  /** The TIFF structure inside the first Exif APP1, as an offset into the file. */
  exifTiffOffset: number | undefined;
  /** The first JFIF APP0's density. */
  jfif: { units: number; x: number; y: number } | undefined;
}

/** Walks a JPEG's marker segments up to the first frame or scan header, noting the Exif and JFIF segments. */
export async function readJpegSegments(source: ByteSource): Promise<JpegResolutionSegments> {
  const found: JpegResolutionSegments = { exifTiffOffset: undefined, jfif: undefined };
  let at = 2; // after SOI
  for (let guard = 0; guard < 256; guard++) {
    const head = await source.read(at, 4);
    if (!head || head[0] !== 0xff) break;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xd9)
      break;
    const length = ((head[2] ?? 0) << 8) | (head[3] ?? 0);
    if (length < 2) break;
    if (marker === 0xe0 && found.jfif === undefined && length >= 16) {
      const body = await source.read(at + 4, 12);
      if (body && String.fromCharCode(...body.subarray(0, 5)) === 'JFIF\0') {
        found.jfif = { units: body[7] ?? 0, x: ((body[8] ?? 0) << 8) | (body[9] ?? 0), y: ((body[10] ?? 0) << 8) | (body[11] ?? 0) };
      }
    } else if (marker === 0xe1 && found.exifTiffOffset === undefined && length >= 16) {
      const body = await source.read(at + 4, 6);
      if (body && String.fromCharCode(...body) === 'Exif\0\0') found.exifTiffOffset = at + 10;
    }
    at += 2 + length;
  }
  return found;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const usable = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;

/** Step 1 and 2 of the rule above, from the tags found; undefined when they give no absolute resolution. */
export function dpiFromTags(tags: ResolutionTags | undefined): { x: number; y: number } | undefined {
  if (!tags) return undefined;
  const unit = tags.unit ?? 2;
  if (unit !== 2 && unit !== 3) return undefined;
  const x = usable(tags.x) ? tags.x : usable(tags.y) ? tags.y : undefined;
  const y = usable(tags.y) ? tags.y : x;
  if (x === undefined || y === undefined) return undefined;
  const factor = unit === 3 ? 2.54 : 1;
  return { x: round2(x * factor), y: round2(y * factor) };
}

export function dpiFromJfif(jfif: JpegResolutionSegments['jfif']): { x: number; y: number } | undefined {
  if (!jfif || (jfif.units !== 1 && jfif.units !== 2)) return undefined;
  return dpiFromTags({ x: jfif.x, y: jfif.y, unit: jfif.units === 1 ? 2 : 3 });
}

/** The DPI of a JPEG or TIFF file by the rule above. */
export async function readDpi(filePath: string, format: 'jpeg' | 'tiff'): Promise<Dpi> {
  return withFileSource(filePath, async (source) => {
    if (format === 'tiff') {
      const dpi = dpiFromTags(await readResolutionTags(source, 0));
      return dpi ? { ...dpi, source: 'tiff' } : { x: DEFAULT_DPI, y: DEFAULT_DPI, source: 'default' };
    }
    const segments = await readJpegSegments(source);
    if (segments.exifTiffOffset !== undefined) {
      const dpi = dpiFromTags(await readResolutionTags(source, segments.exifTiffOffset));
      if (dpi) return { ...dpi, source: 'exif' };
    }
    const jfif = dpiFromJfif(segments.jfif);
    if (jfif) return { ...jfif, source: 'jfif' };
    return { x: DEFAULT_DPI, y: DEFAULT_DPI, source: 'default' };
  });
}
