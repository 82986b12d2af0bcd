/**
 * Photos for the upload tests, generated on the fly (nothing is committed): real images from sharp, plus hand-made
 * headers where sharp cannot write what a test needs (a JPEG claiming a size it does not have, resolution tags with
 * a chosen unit or none at all, a big-endian TIFF, an HEIC file type box).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { expect } from 'vitest';
import { signSessionToken } from '../src/services/auth/tokens';
import { testConfig } from './helpers';

/** How a camera stores an upright picture for EXIF `orientation`: the inverse of what the tag asks a viewer to do. */
export function storedForOrientation(upright: Buffer, orientation: number): Promise<Buffer> {
  const undo: Record<number, (s: sharp.Sharp) => sharp.Sharp> = {
    1: (s) => s,
    2: (s) => s.flop(),
    3: (s) => s.rotate(180),
    4: (s) => s.flip(),
    5: (s) => s.rotate(270).flop(),
    6: (s) => s.rotate(270),
    7: (s) => s.rotate(90).flop(),
    8: (s) => s.rotate(90),
  };
  return undo[orientation]!(sharp(upright)).png().toBuffer();
}

/**
 * A JPEG that displays as `width` × `height` with its top half red and bottom half blue (so "upright" can be checked),
 * without metadata. With an EXIF orientation, the pixels are stored turned the way a camera stores them (6: a quarter
 * turn counter-clockwise, 8: clockwise, …), so that applying the orientation shows red on top again.
 */
export async function twoToneJpeg(
  width: number,
  height: number,
  options: { orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  const top = Math.floor(height / 2);
  const upright = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 40, b: 220 } } })
    .composite([{ input: { create: { width, height: top, channels: 3, background: { r: 230, g: 30, b: 30 } } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const orientation = options.orientation ?? 1;
  const stored = await storedForOrientation(upright, orientation);
  let image = sharp(stored);
  if (options.orientation) image = image.withMetadata({ orientation });
  return image.jpeg({ quality: options.quality ?? 80 }).toBuffer();
}

/** A plain one-colour JPEG (fast to make even at 50000 px wide). */
export function plainJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 140, b: 90 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** A JPEG with noisy content (compresses badly, so cutting it short loses real scan data). */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Rewrites the frame header (SOF) of a JPEG to claim another size; the pixel data is left as it is. */
export function claimSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let at = 2; at + 9 < out.length;) {
    if (out[at] !== 0xff) throw new Error('not a JPEG marker');
    const marker = out[at + 1]!;
    const length = out.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
    at += 2 + length;
  }
  throw new Error('no SOF found');
}

/** Inserts marker segments right after a JPEG's SOI. */
export function insertSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** A JFIF APP0 segment: units 0 (aspect ratio only), 1 (dots per inch) or 2 (dots per cm). */
export function jfifSegment(units: 0 | 1 | 2, x: number, y: number): Buffer {
  const body = Buffer.alloc(14);
  body.write('JFIF\0', 0, 'latin1');
  body[5] = 1;
  body[6] = 2;
  body[7] = units;
  body.writeUInt16BE(x, 8);
  body.writeUInt16BE(y, 10);
  return Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 16]), body]);
}

type Entry = { tag: number; type: 3 | 4 | 5; values: number[] };

/** A TIFF structure with one IFD (II or MM); `data` goes after it and StripOffsets (273) may point into it. */
function tiffStructure(entries: Entry[], bigEndian: boolean, data: Buffer = Buffer.alloc(0)): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const ifdSize = 2 + sorted.length * 12 + 4;
  const extraAt = 8 + ifdSize;
  let extraLength = 0;
  const rationalsAt: number[] = [];
  for (const e of sorted) {
    rationalsAt.push(extraAt + extraLength);
    if (e.type === 5) extraLength += 8;
  }
  const dataAt = extraAt + extraLength;
  const out = Buffer.alloc(dataAt + data.length);
  const u16 = (v: number, at: number) => (bigEndian ? out.writeUInt16BE(v, at) : out.writeUInt16LE(v, at));
  const u32 = (v: number, at: number) => (bigEndian ? out.writeUInt32BE(v, at) : out.writeUInt32LE(v, at));
  out.write(bigEndian ? 'MM' : 'II', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(sorted.length, 8);
  sorted.forEach((e, i) => {
    const at = 10 + i * 12;
    u16(e.tag, at);
    u16(e.type, at + 2);
    u32(1, at + 4);
    const value = e.tag === 273 ? dataAt : (e.values[0] ?? 0);
    if (e.type === 3) u16(value, at + 8);
    else if (e.type === 4) u32(value, at + 8);
    else {
      const where = rationalsAt[i]!;
      u32(where, at + 8);
      u32(e.values[0]!, where);
      u32(e.values[1] ?? 1, where + 4);
    }
  });
  u32(0, 10 + sorted.length * 12);
  data.copy(out, dataAt);
  return out;
}

export interface ResolutionSpec {
  x?: [number, number];
  y?: [number, number];
  /** 1 none, 2 inch, 3 cm; omitted: no ResolutionUnit tag. */
  unit?: 1 | 2 | 3;
}

function resolutionEntries(resolution: ResolutionSpec | undefined): Entry[] {
  if (!resolution) return [];
  const entries: Entry[] = [];
  if (resolution.x) entries.push({ tag: 282, type: 5, values: resolution.x });
  if (resolution.y) entries.push({ tag: 283, type: 5, values: resolution.y });
  if (resolution.unit) entries.push({ tag: 296, type: 3, values: [resolution.unit] });
  return entries;
}

/** An Exif APP1 segment with IFD0 holding the given orientation and resolution tags. */
export function exifSegment(options: { orientation?: number; resolution?: ResolutionSpec; bigEndian?: boolean }): Buffer {
  const entries = resolutionEntries(options.resolution);
  if (options.orientation) entries.push({ tag: 274, type: 3, values: [options.orientation] });
  const tiff = tiffStructure(entries, options.bigEndian ?? false);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(2 + 6 + tiff.length, 2);
  return Buffer.concat([header, Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/**
 * A hand-made uncompressed 8-bit greyscale TIFF with one strip (a horizontal gradient), in either byte order, with
 * only the resolution tags asked for.
 */
export function craftTiff(width: number, height: number, options: { bigEndian?: boolean; resolution?: ResolutionSpec } = {}): Buffer {
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = Math.floor((x / width) * 255);
  const entries: Entry[] = [
    { tag: 256, type: 4, values: [width] },
    { tag: 257, type: 4, values: [height] },
    { tag: 258, type: 3, values: [8] },
    { tag: 259, type: 3, values: [1] },
    { tag: 262, type: 3, values: [1] },
    { tag: 273, type: 4, values: [0] },
    { tag: 277, type: 3, values: [1] },
    { tag: 278, type: 4, values: [height] },
    { tag: 279, type: 4, values: [pixels.length] },
    ...resolutionEntries(options.resolution),
  ];
  return tiffStructure(entries, options.bigEndian ?? false, pixels);
}

/** The start of an HEIC file: an ISO-BMFF 'ftyp' box with the heic brand, then filler. */
export function heicLike(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
}

export interface PartSpec {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body. */
export function multipart(
  parts: PartSpec[],
  boundary = `----framewala${Date.now()}`,
): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A well-formed anonymous claim (32 random bytes, base64url), as the browser keeps it. */
export function newClaim(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export function uploadRequest(data: Buffer, options: { filename?: string; claim?: string | null; token?: string; field?: string } = {}) {
  const body = multipart([{ name: options.field ?? 'image', filename: options.filename ?? 'photo.jpg', contentType: 'image/jpeg', data }]);
  const headers: Record<string, string> = { ...body.headers };
  if (options.claim !== null) headers['x-upload-claim'] = options.claim ?? DEFAULT_CLAIM;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return { method: 'POST' as const, url: '/api/upload-image', headers, payload: body.payload };
}

export const DEFAULT_CLAIM = newClaim();

/** Every file under a directory (recursively), relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The upload tests' DATA_DIR layout: temporary files in DATA_DIR/tmp, stored files in DATA_DIR/storage. */
export function uploadDirs(dataDir: string) {
  return { tmp: path.join(dataDir, 'tmp'), storage: path.join(dataDir, 'storage') };
}

export async function expectNoTempFiles(dataDir: string): Promise<void> {
  expect(await filesUnder(uploadDirs(dataDir).tmp)).toEqual([]);
}

export function uploadTestConfig(dataDir: string) {
  return testConfig({ DATA_DIR: dataDir });
}

/** A customer row and a session token for it. */
export async function createCustomer(databaseUrl: string, name: string): Promise<{ id: string; token: string }> {
  const id = `user-${name}-${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash) VALUES ($1, $2, $3, 'Tester', '+919876543210', 'x')`,
      [id, `${id}@example.com`, name],
    );
  } finally {
    await client.end();
  }
  const token = await signSessionToken(testConfig().auth.jwtSecret, { userId: id, role: 'customer' });
  return { id, token };
}

export async function imageSize(
  app: FastifyInstance,
  url: string,
): Promise<{ width: number; height: number; format: string | undefined; top: number[] }> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const image = sharp(res.rawPayload);
  const meta = await image.metadata();
  // The average colour of the top tenth, to tell red-on-top (upright) from blue-on-top.
  const { data } = await sharp(res.rawPayload)
    .extract({ left: 0, top: 0, width: meta.width!, height: Math.max(1, Math.floor(meta.height! / 10)) })
    .resize(1, 1, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: meta.width!, height: meta.height!, format: meta.format, top: [...data] };
}

/** IFD0 of a classic TIFF (either byte order): tag → its first value when SHORT or LONG, to check what a fixture is. */
export function tiffTags(tiff: Buffer): Map<number, number | undefined> {
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const tags = new Map<number, number | undefined>();
  for (let i = 0; i < u16(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = u16(at + 2);
    tags.set(u16(at), type === 3 ? u16(at + 8) : type === 4 ? u32(at + 8) : undefined);
  }
  return tags;
}
