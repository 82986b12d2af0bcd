/**
 * Renders a print-ready file from a stored original (docs/decisions/021-print-ready-files.md). No database, no
 * storage: a file in, a file out, so the same code runs in the job's child process and in the benchmark.
 *
 * Memory stays bounded for the largest accepted photo (1000 MP JPEG, 1.5 GB TIFF):
 * - One sequential libvips pipeline: the whole original is resized by the print's scale factors (fit 'fill', so a
 *   JPEG is shrunk on load by 2, 4 or 8 whenever the print needs no more pixels than that), then the region is cut at
 *   that scale. libvips only computes the pixels the cut asks for; a JPEG's rows above the region are entropy-decoded
 *   and dropped (the format allows nothing else), rows below it are never read, a TIFF's strips outside it are never
 *   read. Nothing beyond a few rows of each stage is held; the output is written strip by strip.
 * - Turning an EXIF-rotated photo upright needs random access, which libvips does by holding the whole image: instead
 *   the upright-less result is written uncompressed to a temporary file, turned upright band by band (about 16 MB at
 *   a time) into a plain TIFF, and that file goes through the finishing pipeline (border, profile, DPI, compression).
 * - JPEG output without optimised Huffman tables (libjpeg would otherwise keep every coefficient of the image).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, planPrintFile, ShopError, type PixelRegion, type PrintFilePlan } from '@framewala/domain';
import { decodeBufferBytes } from '../uploads/decode-cost';
import { orientedToStored } from '../uploads/image';
import { iccDescription } from './icc';

sharp.cache(false);

export type PrintFormat = 'tiff' | 'jpeg';

export const PRINT_CONTENT_TYPES: Record<PrintFormat, string> = { tiff: 'image/tiff', jpeg: 'image/jpeg' };
export const PRINT_EXTENSIONS: Record<PrintFormat, string> = { tiff: '.tif', jpeg: '.jpg' };

export interface RenderSpec {
  /** The stored original on local disk. */
  sourcePath: string;
  /** EXIF orientation 1–8 of the original (as its upload row has it). */
  orientation: number;
  /** The customer's region in the oriented original's pixels. */
  region: PixelRegion;
  widthIn: number;
  heightIn: number;
  borderIn: number;
  format: PrintFormat;
  /** Where the file is written (its folder must exist). */
  outPath: string;
  /** Folder for intermediate files (removed before returning, whatever happens). */
  tmpDir: string;
}

export interface RenderResult {
  plan: PrintFilePlan;
  widthPx: number;
  heightPx: number;
  bytes: number;
  /** The source's embedded profile ('Adobe RGB (1998)'), or what was assumed without one. */
  sourceProfile: string;
  /** The stored (unrotated) size of the original. */
  storedWidth: number;
  storedHeight: number;
}

const WHITE = { r: 255, g: 255, b: 255 };
/** About this many bytes of pixels per band when an image is turned upright. */
const BAND_BYTES = 16 * 1024 * 1024;
const VIPS_HEADER_BYTES = 64;

const sourceOptions = (): sharp.SharpOptions => ({ limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: 'truncated' });

/** What the source's colour is described as, for the print_files row. */
export function describeProfile(metadata: sharp.Metadata): string {
  const described = metadata.icc ? iccDescription(metadata.icc) : null;
  if (described) return described;
  if (metadata.icc) return metadata.space === 'cmyk' ? 'CMYK (unnamed profile)' : 'unnamed profile';
  return metadata.space === 'cmyk' ? 'CMYK (no profile: generic CMYK assumed)' : 'sRGB (assumed)';
}

/**
 * The scaled-and-cut image of `cut` (a rectangle of the stored pixels) at `outWidth` × `outHeight`, in sRGB, 8 bits,
 * 3 channels, not yet finished (no border, profile or DPI).
 */
function scaledCut(
  sourcePath: string,
  stored: { width: number; height: number },
  cut: PixelRegion,
  outWidth: number,
  outHeight: number,
): sharp.Sharp {
  let image = sharp(sourcePath, sourceOptions());
  const sx = outWidth / cut.width;
  const sy = outHeight / cut.height;
  let left = cut.left;
  let top = cut.top;
  if (outWidth !== cut.width || outHeight !== cut.height) {
    // Resizing the whole original lets libjpeg shrink on load; libvips computes only what the cut below asks for.
    const scaledWidth = Math.max(outWidth, Math.round(stored.width * sx));
    const scaledHeight = Math.max(outHeight, Math.round(stored.height * sy));
    image = image.resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: 'lanczos3' });
    left = Math.min(Math.max(0, Math.round(cut.left * sx)), scaledWidth - outWidth);
    top = Math.min(Math.max(0, Math.round(cut.top * sy)), scaledHeight - outHeight);
  }
  return image.extract({ left, top, width: outWidth, height: outHeight }).flatten({ background: WHITE }).toColourspace('srgb');
}

/** Border, sRGB profile and DPI, then TIFF (LZW) or JPEG (quality 100, 4:4:4). */
async function finish(image: sharp.Sharp, plan: PrintFilePlan, format: PrintFormat, outPath: string): Promise<void> {
  let out = image;
  if (plan.borderPx > 0) {
    out = out.extend({ top: plan.borderPx, bottom: plan.borderPx, left: plan.borderPx, right: plan.borderPx, background: WHITE });
  }
  out = out.withMetadata({ density: plan.ppi }).withIccProfile('srgb');
  if (format === 'tiff') {
    await out.tiff({ compression: 'lzw', predictor: 'horizontal' }).toFile(outPath);
  } else {
    // optimiseCoding off: libjpeg would keep every DCT coefficient of the image in memory to build its tables.
    await out.jpeg({ quality: 100, chromaSubsampling: '4:4:4', optimiseCoding: false }).toFile(outPath);
  }
}

export async function renderPrintFile(spec: RenderSpec): Promise<RenderResult> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(spec.sourcePath, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw new ShopError('IMAGE_UNREADABLE', 'The original photo of this order cannot be read.');
  }
  // The same memory rule as every decode of a customer's photo (an original stored before the rule included).
  try {
    await decodeBufferBytes(spec.sourcePath, metadata.format === 'jpeg' ? 'jpeg' : 'tiff');
  } catch (error) {
    if (error instanceof ShopError && error.code === 'IMAGE_PROGRESSIVE_TOO_LARGE') {
      throw new ShopError(
        error.code,
        'The original photo of this order is a progressive JPEG too large to decode within the memory limit. Ask the customer for a standard (baseline) JPG or a TIF of it.',
        error.details,
      );
    }
    throw error;
  }
  const storedWidth = metadata.width ?? 0;
  const storedHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const orientation = spec.orientation >= 1 && spec.orientation <= 8 ? spec.orientation : 1;
  const turned = orientation >= 5;
  const width = turned ? storedHeight : storedWidth;
  const height = turned ? storedWidth : storedHeight;
  const r = spec.region;
  if (
    !storedWidth ||
    !storedHeight ||
    r.left < 0 ||
    r.top < 0 ||
    r.width < 1 ||
    r.height < 1 ||
    r.left + r.width > width ||
    r.top + r.height > height
  ) {
    throw new ShopError(
      'IMAGE_UNREADABLE',
      `The region ${r.width} × ${r.height} at (${r.left}, ${r.top}) is not inside the original (${width} × ${height}).`,
    );
  }
  const plan = planPrintFile({ region: spec.region, widthIn: spec.widthIn, heightIn: spec.heightIn, borderIn: spec.borderIn });
  const sourceProfile = describeProfile(metadata);
  const stored = { width: storedWidth, height: storedHeight };

  const work = path.join(spec.tmpDir, `print-work-${randomUUID()}`);
  fs.mkdirSync(work, { recursive: true });
  try {
    if (orientation === 1) {
      await finish(scaledCut(spec.sourcePath, stored, plan.cut, plan.imageWidthPx, plan.imageHeightPx), plan, spec.format, spec.outPath);
    } else {
      // In the stored pixels: the cut turned back, and the output's sides swapped for a quarter turn.
      const cut = orientedToStored(plan.cut, orientation, storedWidth, storedHeight);
      const outW = turned ? plan.imageHeightPx : plan.imageWidthPx;
      const outH = turned ? plan.imageWidthPx : plan.imageHeightPx;
      const rawPath = path.join(work, 'stored.v');
      await scaledCut(spec.sourcePath, stored, cut, outW, outH).toFile(rawPath);
      const uprightPath = path.join(work, 'upright.tif');
      turnUpright(rawPath, { width: outW, height: outH }, orientation, uprightPath);
      fs.rmSync(rawPath, { force: true });
      await finish(sharp(uprightPath, sourceOptions()), plan, spec.format, spec.outPath);
    }
  } catch (error) {
    fs.rmSync(spec.outPath, { force: true });
    if (error instanceof ShopError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // libvips errors about the pixels mean the original is broken: no retry will help.
    if (/jpeg|tiff|corrupt|premature|truncat|decode|read error|bad/i.test(reason ?? '')) {
      throw new ShopError('IMAGE_UNREADABLE', 'The original photo of this order cannot be decoded.', { reason });
    }
    throw error;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const out = await sharp(spec.outPath).metadata();
  return {
    plan,
    widthPx: out.width ?? 0,
    heightPx: out.height ?? 0,
    bytes: fs.statSync(spec.outPath).size,
    sourceProfile,
    storedWidth,
    storedHeight,
  };
}

// ─── turning upright in bands ──────────────────────────────────────────────────────────────────────────────────

/** Reads the size from a libvips .v file's 64-byte header (little-endian on every platform libvips runs on here). */
function vipsHeader(fd: number): { width: number; height: number; bands: number } {
  const header = Buffer.alloc(VIPS_HEADER_BYTES);
  fs.readSync(fd, header, 0, VIPS_HEADER_BYTES, 0);
  return { width: header.readInt32LE(4), height: header.readInt32LE(8), bands: header.readInt32LE(12) };
}

/**
 * Writes the header of an uncompressed 8-bit RGB TIFF (rows per strip `rowsPerStrip`, strips contiguous) and returns
 * where its pixels start.
 */
function writeTiffHeader(fd: number, width: number, height: number, rowsPerStrip: number): number {
  const rowBytes = width * 3;
  const strips = Math.ceil(height / rowsPerStrip);
  const entries = 10;
  const ifdOffset = 8;
  const ifdBytes = 2 + entries * 12 + 4;
  const bitsOffset = ifdOffset + ifdBytes;
  const offsetsOffset = bitsOffset + 8;
  const countsOffset = offsetsOffset + 4 * strips;
  const dataOffset = Math.ceil((countsOffset + 4 * strips) / 16) * 16;
  if (dataOffset + rowBytes * height > 0xffffffff) throw new Error('The print file is too large for a classic TIFF.');
  const header = Buffer.alloc(dataOffset);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifdOffset, 4);
  header.writeUInt16LE(entries, ifdOffset);
  let at = ifdOffset + 2;
  const entry = (tag: number, type: 3 | 4, count: number, value: number) => {
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) header.writeUInt16LE(value, at + 8);
    else header.writeUInt32LE(value, at + 8);
    at += 12;
  };
  entry(256, 4, 1, width);
  entry(257, 4, 1, height);
  entry(258, 3, 3, bitsOffset);
  entry(259, 3, 1, 1);
  entry(262, 3, 1, 2);
  entry(273, 4, strips, strips === 1 ? dataOffset : offsetsOffset);
  entry(277, 3, 1, 3);
  entry(278, 4, 1, rowsPerStrip);
  entry(279, 4, strips, strips === 1 ? rowBytes * height : countsOffset);
  entry(284, 3, 1, 1);
  header.writeUInt32LE(0, at);
  for (let i = 0; i < 3; i++) header.writeUInt16LE(8, bitsOffset + 2 * i);
  for (let i = 0; i < strips; i++) {
    const rows = Math.min(rowsPerStrip, height - i * rowsPerStrip);
    header.writeUInt32LE(dataOffset + i * rowsPerStrip * rowBytes, offsetsOffset + 4 * i);
    header.writeUInt32LE(rows * rowBytes, countsOffset + 4 * i);
  }
  fs.writeSync(fd, header, 0, header.length, 0);
  return dataOffset;
}

/**
 * Turns the stored-orientation pixels of a libvips .v file (`stored` size, 3 bands) upright for EXIF `orientation`
 * and writes them as a plain TIFF, one band of upright rows at a time. Each band is read from the rectangle of stored
 * pixels it comes from (a band of columns for a quarter turn), so memory is two bands whatever the image size.
 */
export function turnUpright(vipsPath: string, stored: { width: number; height: number }, orientation: number, tiffPath: string): void {
  const turned = orientation >= 5;
  const width = turned ? stored.height : stored.width;
  const height = turned ? stored.width : stored.height;
  const input = fs.openSync(vipsPath, 'r');
  let output: number | undefined;
  try {
    const header = vipsHeader(input);
    if (header.width !== stored.width || header.height !== stored.height || header.bands !== 3) {
      throw new Error(`Unexpected intermediate image ${header.width} × ${header.height} × ${header.bands}`);
    }
    output = fs.openSync(tiffPath, 'w');
    const rowBytes = width * 3;
    const bandRows = Math.max(1, Math.min(height, Math.floor(BAND_BYTES / rowBytes)));
    const dataOffset = writeTiffHeader(output, width, height, Math.min(bandRows, 64));
    const storedRowBytes = stored.width * 3;
    const inBuf = Buffer.alloc(bandRows * rowBytes);
    const outBuf = Buffer.alloc(bandRows * rowBytes);
    const point = (x: number, y: number) =>
      orientedToStored({ left: x, top: y, width: 1, height: 1 }, orientation, stored.width, stored.height);
    for (let y0 = 0; y0 < height; y0 += bandRows) {
      const rows = Math.min(bandRows, height - y0);
      const rect = orientedToStored({ left: 0, top: y0, width, height: rows }, orientation, stored.width, stored.height);
      // Read the stored rectangle row by row into inBuf (rect.width × rect.height pixels).
      const rectRowBytes = rect.width * 3;
      if (rect.width === stored.width) {
        fs.readSync(input, inBuf, 0, rectRowBytes * rect.height, VIPS_HEADER_BYTES + rect.top * storedRowBytes);
      } else {
        for (let r = 0; r < rect.height; r++) {
          fs.readSync(input, inBuf, r * rectRowBytes, rectRowBytes, VIPS_HEADER_BYTES + (rect.top + r) * storedRowBytes + rect.left * 3);
        }
      }
      // The upright pixel (x, y0 + j) is stored at a position linear in x and j inside the rectangle.
      const index = (x: number, j: number) => {
        const p = point(x, y0 + j);
        return (p.top - rect.top) * rect.width + (p.left - rect.left);
      };
      const base = index(0, 0);
      const dx = width > 1 ? index(1, 0) - base : 0;
      const dy = rows > 1 ? index(0, 1) - base : 0;
      let o = 0;
      for (let j = 0; j < rows; j++) {
        let i = base + j * dy;
        for (let x = 0; x < width; x++) {
          const s = i * 3;
          outBuf[o] = inBuf[s]!;
          outBuf[o + 1] = inBuf[s + 1]!;
          outBuf[o + 2] = inBuf[s + 2]!;
          o += 3;
          i += dx;
        }
      }
      fs.writeSync(output, outBuf, 0, rows * rowBytes, dataOffset + y0 * rowBytes);
    }
  } finally {
    fs.closeSync(input);
    if (output !== undefined) fs.closeSync(output);
  }
}
