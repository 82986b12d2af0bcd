import os from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import fs from 'node:fs/promises';
import {
  checkImageDensity,
  checkImageDimensions,
  MAX_IMAGE_PIXELS,
  SHARED_STRIPS_MESSAGE,
  ShopError,
  type AcceptedFormat,
} from '@framewala/domain';
import { decodeBufferBytes } from './decode-cost';
import { readDpi, withFileSource, type Dpi } from './resolution';
import { piecesOverlap, readTiffLayout } from './tiff-layout';

// Memory stays bounded on the largest photos: no operation cache (each file is read once), and libvips' default
// thread count (sharp sets 1 on glibc without jemalloc, which also keeps fragmentation down).
sharp.cache(false);

/**
 * Photos decoded at once by this server: one per core. Forty customers whose uploads finish together each wait their
 * turn instead of each holding a decoding image (and libvips' buffers) at the same time, so the server's memory is
 * bounded by the cores, not by the customers; the cores are busy either way, so nobody's photo is ready later.
 */
export const DECODE_SLOTS = Math.max(1, os.availableParallelism());
const decoding = pLimit(DECODE_SLOTS);

/**
 * A decode that holds more than this beyond its rows (a progressive JPEG: see the domain's jpegBufferedBytes) takes
 * the one heavy lane as well as a decode slot, so at most one such photo is decoded at once by this server: with the
 * per-photo rule (MAX_DECODE_BUFFER_BYTES) the server's decodes hold at most that plus the others' rows.
 */
export const HEAVY_DECODE_BYTES = 32 * 1024 * 1024;
const heavyLane = pLimit(1);

/** Decodes begun by this process since it started. */
let decodesBegun = 0;

/**
 * Decodes running (≤ DECODE_SLOTS) and waiting, how many were begun in all, and the heavy ones in (≤ 1) and waiting
 * for the heavy lane.
 */
export const decodeLoad = () => ({
  active: decoding.activeCount,
  waiting: decoding.pendingCount,
  begun: decodesBegun,
  heavyActive: heavyLane.activeCount,
  heavyWaiting: heavyLane.pendingCount,
});

/** Long edge of the display rendition and of the thumbnail. */
export const RENDITION_LONG_EDGE = 2048;
export const THUMBNAIL_LONG_EDGE = 400;

/** What the server knows about a photo from its header (nothing decoded). */
export interface ImageInfo {
  format: AcceptedFormat;
  /** After EXIF orientation (5–8 swap the stored sides). */
  width: number;
  height: number;
  storedWidth: number;
  storedHeight: number;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
  dpi: Dpi;
  pages: number;
}

/** A rectangle in the oriented original's pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How strictly pixels are decoded. 'warning' (sharp's default): a JPEG cut short, one whose scan data ends before its
 * frame is filled, a TIFF whose strips are missing, all fail instead of coming out grey at the bottom. A few libjpeg
 * warnings are harmless and common in camera files (stray bytes before a marker): for those the decode is retried
 * with 'truncated', which still fails on missing data.
 */
type Strictness = 'warning' | 'truncated';
const HARMLESS_WARNINGS = /extraneous bytes before marker/i;

const sourceOptions = (failOn: Strictness = 'warning'): sharp.SharpOptions => ({
  limitInputPixels: MAX_IMAGE_PIXELS,
  sequentialRead: true,
  failOn,
});

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}

/**
 * Reads the header with sharp (limitInputPixels 1e9) and checks the dimension rule on the oriented size. Nothing is
 * decoded, so a tiny file whose header claims 40000×40000 is refused at once. Decompression bombs are refused the same
 * way (422 IMAGE_IMPLAUSIBLE): a large image with implausibly few bytes per pixel, and a TIFF whose strips or tiles
 * share their bytes.
 */
export async function inspectImage(filePath: string, format: AcceptedFormat): Promise<ImageInfo> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(filePath, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw new ShopError('IMAGE_DIMENSIONS');
    throw new ShopError('IMAGE_UNREADABLE');
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw new ShopError('IMAGE_UNREADABLE');
  const orientation = metadata.orientation && metadata.orientation >= 1 && metadata.orientation <= 8 ? metadata.orientation : 1;
  const turned = orientation >= 5;
  // A multi-page TIFF is shown and printed from its first page; metadata.height is then that page's height.
  const storedWidth = metadata.width;
  const storedHeight = metadata.pageHeight ?? metadata.height;
  const width = turned ? storedHeight : storedWidth;
  const height = turned ? storedWidth : storedHeight;
  const check = checkImageDimensions(width, height);
  if (!check.ok) throw new ShopError('IMAGE_DIMENSIONS', check.message);
  const { size } = await fs.stat(filePath);
  const density = checkImageDensity(width, height, size);
  if (!density.ok) throw new ShopError('IMAGE_IMPLAUSIBLE', density.message);
  // What decoding it would hold: a progressive JPEG too large to decode within the memory rule is refused here.
  await decodeBufferBytes(filePath, format);
  if (format === 'tiff') {
    const layout = await withFileSource(filePath, readTiffLayout);
    if (layout.kind === 'implausible' || (layout.kind === 'pieces' && piecesOverlap(layout.offsets, layout.counts))) {
      throw new ShopError('IMAGE_IMPLAUSIBLE', SHARED_STRIPS_MESSAGE);
    }
  }
  const dpi = await readDpi(filePath, format);
  return { format, width, height, storedWidth, storedHeight, orientation, dpi, pages: metadata.pages ?? 1 };
}

/**
 * Where a rectangle of the oriented image lies in the stored (unrotated) pixels, for EXIF orientation 1–8.
 * Orientation 6 means "rotate 90° clockwise to display", so the displayed (x, y) is stored (y, H − 1 − x).
 */
export function orientedToStored(region: Region, orientation: number, storedWidth: number, storedHeight: number): Region {
  const { left: x, top: y, width: w, height: h } = region;
  const W = storedWidth;
  const H = storedHeight;
  switch (orientation) {
    case 2:
      return { left: W - x - w, top: y, width: w, height: h };
    case 3:
      return { left: W - x - w, top: H - y - h, width: w, height: h };
    case 4:
      return { left: x, top: H - y - h, width: w, height: h };
    case 5:
      return { left: y, top: x, width: h, height: w };
    case 6:
      return { left: y, top: H - x - w, width: h, height: w };
    case 7:
      return { left: W - y - h, top: H - x - w, width: h, height: w };
    case 8:
      return { left: W - y - h, top: x, width: h, height: w };
    default:
      return { ...region };
  }
}

/** Errors from libvips while decoding pixels mean the file is broken, not that the server is. */
function unreadable(error: unknown): never {
  if (error instanceof ShopError) throw error;
  throw new ShopError('IMAGE_UNREADABLE', undefined, { reason: error instanceof Error ? error.message.split('\n')[0] : undefined });
}

/**
 * The display rendition: long edge ≤ 2048 (never enlarged), flattened on white, sRGB, a baseline JPEG (decision 036:
 * half the encoding time of a progressive one, and a phone decodes it 2–3× faster, for 4 % more bytes), reduced with
 * the Mitchell filter (15–20 ms less than Lanczos 3 at 24 MP, for an on-screen preview; prints use the original).
 */
const displayJpeg = (image: sharp.Sharp) =>
  image
    .resize(RENDITION_LONG_EDGE, RENDITION_LONG_EDGE, { fit: 'inside', withoutEnlargement: true, kernel: 'mitchell' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 85 });

/**
 * Writes the display rendition (JPEG, long edge ≤ 2048, upright, sRGB, no metadata) and the thumbnail (≤ 400) of
 * the whole photo or of a region of it, in its turn (DECODE_SLOTS at once; a progressive JPEG holding more than
 * HEAVY_DECODE_BYTES one at a time). Its cost is read from the file's header first: a JPEG the memory rule refuses is
 * 422 IMAGE_PROGRESSIVE_TOO_LARGE (an original stored before the rule, too), decoding failures 422 IMAGE_UNREADABLE.
 *
 * Memory is bounded for the largest photo: the whole photo goes through one sequential pipeline (a JPEG is decoded
 * at 1/2–1/8 scale by libjpeg's shrink-on-load, rotation happens on the small result). A region is cut in the
 * oriented image after shrinking the photo to the coarsest scale that still gives ≥ 2048 px across the region, so a
 * crop of a 1000 MP JPEG is never decoded at full size; a small region (< 4096 px) is cut at full resolution in the
 * stored pixels and only then turned upright.
 */
export function renderRenditions(
  sourcePath: string,
  info: Pick<ImageInfo, 'format' | 'width' | 'height' | 'storedWidth' | 'storedHeight' | 'orientation'>,
  region: Region | null,
  out: { display: string; thumbnail: string },
): Promise<{ width: number; height: number }> {
  const render = () =>
    decoding(() => {
      decodesBegun++;
      return renderChecked(sourcePath, info, region, out);
    });
  return decodeBufferBytes(sourcePath, info.format).then((buffered) => (buffered > HEAVY_DECODE_BYTES ? heavyLane(render) : render()));
}

async function renderChecked(
  sourcePath: string,
  info: Pick<ImageInfo, 'format' | 'width' | 'height' | 'storedWidth' | 'storedHeight' | 'orientation'>,
  region: Region | null,
  out: { display: string; thumbnail: string },
): Promise<{ width: number; height: number }> {
  try {
    return await render(sourcePath, info, region, out, 'warning');
  } catch (error) {
    if (!(error instanceof Error && HARMLESS_WARNINGS.test(error.message))) unreadable(error);
  }
  try {
    return await render(sourcePath, info, region, out, 'truncated');
  } catch (error) {
    unreadable(error);
  }
}

async function render(
  sourcePath: string,
  info: Pick<ImageInfo, 'format' | 'width' | 'height' | 'storedWidth' | 'storedHeight' | 'orientation'>,
  region: Region | null,
  out: { display: string; thumbnail: string },
  failOn: Strictness,
): Promise<{ width: number; height: number }> {
  let display: sharp.OutputInfo;
  const whole = !region || (region.left === 0 && region.top === 0 && region.width === info.width && region.height === info.height);
  if (whole) {
    display = await displayJpeg(sharp(sourcePath, sourceOptions(failOn)).autoOrient()).toFile(out.display);
  } else {
    const longEdge = Math.max(region.width, region.height);
    const factor = [8, 4, 2].find((k) => longEdge / k >= RENDITION_LONG_EDGE) ?? 1;
    let cut: { data: Buffer; info: sharp.OutputInfo };
    if (factor > 1) {
      // Shrink the oriented photo by `factor` (shrink-on-load for JPEG), then cut the region at that scale. Calling
      // autoOrient() after extract() keeps the rotation after the resize, on the small image.
      const scaledWidth = Math.max(1, Math.round(info.width / factor));
      const scaledHeight = Math.max(1, Math.round(info.height / factor));
      const sx = scaledWidth / info.width;
      const sy = scaledHeight / info.height;
      const left = Math.min(scaledWidth - 1, Math.floor(region.left * sx));
      const top = Math.min(scaledHeight - 1, Math.floor(region.top * sy));
      const width = Math.max(1, Math.min(scaledWidth - left, Math.round(region.width * sx)));
      const height = Math.max(1, Math.min(scaledHeight - top, Math.round(region.height * sy)));
      cut = await sharp(sourcePath, sourceOptions(failOn))
        .resize(scaledWidth, scaledHeight, { fit: 'fill' })
        .extract({ left, top, width, height })
        .autoOrient()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } else {
      const stored = orientedToStored(region, info.orientation, info.storedWidth, info.storedHeight);
      cut = await sharp(sourcePath, sourceOptions(failOn))
        .extract(stored)
        .autoOrient()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    }
    const { width, height, channels } = cut.info;
    display = await displayJpeg(sharp(cut.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } })).toFile(out.display);
  }
  // From the rendition file: decoding a 2048 px baseline JPEG takes ~14 ms, and no photo-sized pixels are kept in
  // JavaScript memory meanwhile.
  await sharp(out.display)
    .resize(THUMBNAIL_LONG_EDGE, THUMBNAIL_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toFile(out.thumbnail);
  return { width: display.width, height: display.height };
}
