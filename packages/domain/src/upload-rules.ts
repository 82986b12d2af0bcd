/**
 * Upload rules: JPEG or TIFF by content, one file, at most 2 GiB,
 * each side 700..50000 px, at most 1000 megapixels.
 */

export const MAX_UPLOAD_BYTES = 2147483648; // 2 GiB
export const MIN_IMAGE_SIDE = 700;
export const MAX_IMAGE_SIDE = 50000;
export const MAX_IMAGE_PIXELS = 1_000_000_000;
export const DEFAULT_DPI = 96;
export const RETENTION_DAYS = 90;

export const IMAGE_DIMENSION_MESSAGE = 'Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP';
export const UPLOAD_HINT =
  'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.';
export const UPLOAD_TOO_LARGE_MESSAGE = 'The photo is larger than 2 GB. Please choose a smaller file.';
export const UPLOAD_LONGER_THAN_DECLARED_MESSAGE =
  'More bytes arrived than the size given when this upload started (Upload-Length). Please start the upload of this photo again.';
export const UNSUPPORTED_TYPE_MESSAGE = 'Only JPG and TIF photos are accepted.';

export type ImageFormat = 'jpeg' | 'tiff' | 'png' | 'gif' | 'webp' | 'heic' | 'bmp';
export const ACCEPTED_FORMATS = ['jpeg', 'tiff'] as const satisfies readonly ImageFormat[];
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

/** File extensions and MIME types for the accepted formats (for the file picker's accept attribute). */
export const ACCEPTED_EXTENSIONS = ['.jpg', '.jpeg', '.tif', '.tiff'] as const;
export const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/tiff'] as const;

/** How many leading bytes detectImageFormat needs to recognise every format. */
export const FORMAT_SNIFF_BYTES = 64;

export type RuleCheck<Code extends string> = { ok: true } | { ok: false; code: Code; message: string };

/** Each side 700..50000 px inclusive and width × height ≤ 1e9. */
export function checkImageDimensions(width: number, height: number): RuleCheck<'IMAGE_DIMENSIONS'> {
  const sideOk = (n: number) => Number.isInteger(n) && n >= MIN_IMAGE_SIDE && n <= MAX_IMAGE_SIDE;
  if (sideOk(width) && sideOk(height) && width * height <= MAX_IMAGE_PIXELS) return { ok: true };
  return { ok: false, code: 'IMAGE_DIMENSIONS', message: IMAGE_DIMENSION_MESSAGE };
}

/**
 * A decompression bomb is a small file that decodes to a huge image: the server would spend seconds of CPU and
 * hundreds of MB on it. Real photos carry 0.1–1 byte per pixel; even a one-colour 50 MP JPEG or deflate/LZW TIFF from
 * a standard encoder carries ≈ 0.003. So an image of at least DENSITY_CHECK_MIN_PIXELS needs at least
 * MIN_BYTES_PER_PIXEL (0.0005: 500 KB for 1000 MP, six times below the flattest real encoder output); a 7 KB file
 * declaring 40000 × 25000 (0.000007) is refused.
 */
export const DENSITY_CHECK_MIN_PIXELS = 25_000_000;
export const MIN_BYTES_PER_PIXEL = 0.0005;
export const IMAGE_IMPLAUSIBLE_MESSAGE =
  'This file is far too small for the size in pixels it declares, so it cannot be a real photo. Please upload the original JPG or TIF.';

export function checkImageDensity(width: number, height: number, bytes: number): RuleCheck<'IMAGE_IMPLAUSIBLE'> {
  const pixels = width * height;
  if (pixels < DENSITY_CHECK_MIN_PIXELS || bytes >= pixels * MIN_BYTES_PER_PIXEL) return { ok: true };
  return { ok: false, code: 'IMAGE_IMPLAUSIBLE', message: IMAGE_IMPLAUSIBLE_MESSAGE };
}

/** A TIFF whose strips or tiles share bytes (two pointing at the same data) is refused the same way. */
export const SHARED_STRIPS_MESSAGE =
  'This TIF file reuses the same data for different parts of the picture, so it cannot be a real photo. Please upload the original file.';

/**
 * Very large photos get their renditions from a background job; one customer (an account or, without one, a browser's
 * upload claim) may have at most this many waiting at once, so nobody can fill the queue ahead of everyone else.
 */
export const MAX_QUEUED_RENDERS_PER_OWNER = 4;
export const RENDERS_QUEUED_MESSAGE = `You already have ${MAX_QUEUED_RENDERS_PER_OWNER} large photos being prepared. Please wait a minute for them to finish, then try again.`;

/**
 * Photos waiting for a job (renditions, enhancements) made from one address, whoever made them: anonymous claims
 * cost nothing, so an address could otherwise fill the queue with claim after claim. Several customers may share an
 * address (a mobile carrier's NAT), hence twice the per-customer cap.
 */
export const MAX_QUEUED_JOBS_PER_ADDRESS = 2 * MAX_QUEUED_RENDERS_PER_OWNER;
export const JOBS_QUEUED_FROM_ADDRESS_MESSAGE =
  'Many photos from your network are being prepared right now. Please wait a minute for them to finish, then try again.';
export const JOBS_QUEUE_FULL_MESSAGE = 'Many photos are being prepared right now. Please try again in a few minutes.';

/** At most MAX_UPLOAD_BYTES. Throws RangeError for a negative or non-integer count. */
export function checkUploadBytes(bytes: number): RuleCheck<'UPLOAD_TOO_LARGE'> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) {
    throw new RangeError(`checkUploadBytes: not a byte count: ${String(bytes)}`);
  }
  if (bytes <= MAX_UPLOAD_BYTES) return { ok: true };
  return { ok: false, code: 'UPLOAD_TOO_LARGE', message: UPLOAD_TOO_LARGE_MESSAGE };
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  let s = '';
  for (let i = start; i < start + length; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((b, i) => bytes[offset + i] === b);
}

function u32be(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) >>> 0) + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
}

function u32le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) + ((bytes[at + 1] ?? 0) << 8) + ((bytes[at + 2] ?? 0) << 16) + (((bytes[at + 3] ?? 0) << 24) >>> 0);
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** DIB header sizes of real BMP variants (OS/2 1.x, BITMAPINFOHEADER, V2, V3, OS/2 2.x, V4, V5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The ISO-BMFF brands of an 'ftyp' box at the start of the file: major brand first, then compatible brands. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (ascii(bytes, 4, 4) !== 'ftyp') return [];
  const boxSize = u32be(bytes, 0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

/**
 * The image format from the file's first bytes (pass at least FORMAT_SNIFF_BYTES), or null.
 * JPEG FF D8 FF; TIFF 'II*\0' / 'MM\0*' and BigTIFF 'II+\0' / 'MM\0+'; PNG signature; GIF87a/89a;
 * WebP 'RIFF….WEBP'; HEIC/HEIF by ftyp brand (heic, heix, mif1, msf1, hevc, …; AVIF files are not HEIC);
 * BMP 'BM' with a known DIB header size.
 */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])
  ) {
    return 'tiff';
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.length > 0) {
    if (brands.some((b) => AVIF_BRANDS.has(b))) return null;
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
    return null;
  }
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 18 && BMP_DIB_SIZES.has(u32le(bytes, 14))) return 'bmp';
  return null;
}

export function isAcceptedFormat(format: ImageFormat | null | undefined): format is AcceptedFormat {
  return format === 'jpeg' || format === 'tiff';
}

/** When an upload made now expires: RETENTION_DAYS later. */
export function uploadExpiresAt(uploadedAt: Date): Date {
  return new Date(uploadedAt.getTime() + RETENTION_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * What decoding a JPEG costs in memory beyond a few rows, from its layout: nothing for a sequential JPEG whose first
 * scan carries every component (libjpeg decodes it row by row, and shrinks it while decoding); every DCT coefficient
 * of the image — 128 bytes per 8 × 8 block of each component, at its sampled size — for a progressive JPEG or one
 * whose components come in separate scans, because libjpeg must keep them all until the last scan has refined them,
 * whatever size it is asked to output. A 31000 × 31000 progressive 4:4:4 JPEG holds 5.8 GB; 4:2:0 2.9 GB.
 */
export function jpegBufferedBytes(layout: {
  width: number;
  height: number;
  progressive: boolean;
  components: readonly { h: number; v: number }[];
  firstScanComponents: number;
}): number {
  if (!layout.progressive && layout.firstScanComponents >= layout.components.length) return 0;
  const hMax = Math.max(...layout.components.map((c) => c.h));
  const vMax = Math.max(...layout.components.map((c) => c.v));
  // As libjpeg sizes its whole-image coefficient arrays (jdcoefct.c): blocks across and down, rounded up to the
  // component's sampling factor.
  const roundUp = (n: number, multiple: number) => Math.ceil(n / multiple) * multiple;
  return layout.components.reduce((bytes, c) => {
    const across = Math.ceil((layout.width * c.h) / (hMax * 8));
    const down = Math.ceil((layout.height * c.v) / (vMax * 8));
    return bytes + roundUp(across, c.h) * roundUp(down, c.v) * 128;
  }, 0);
}

/**
 * The most a decode of one photo may hold on top of its few rows (see jpegBufferedBytes): 200 MB. With the server's
 * own memory and a second photo decoding beside it, the process stays within its 600 MB. That admits progressive
 * JPEGs up to 64 MP in 4:2:0 (the usual web and phone export), 33 MP in 4:4:4 and 100 MP in greyscale; every baseline
 * JPEG and TIFF up to the size rules.
 */
export const MAX_DECODE_BUFFER_BYTES = 200_000_000;

export const PROGRESSIVE_TOO_LARGE_MESSAGE =
  'This JPG is saved as a progressive JPG, which needs too much memory to open at this size. Please save it as a standard (baseline) JPG, or as a TIF, and upload it again.';

/** Refuses a JPEG whose decoding would hold more than MAX_DECODE_BUFFER_BYTES (see jpegBufferedBytes). */
export function checkDecodeMemory(layout: Parameters<typeof jpegBufferedBytes>[0]): RuleCheck<'IMAGE_PROGRESSIVE_TOO_LARGE'> & {
  bufferedBytes: number;
} {
  const bufferedBytes = jpegBufferedBytes(layout);
  if (bufferedBytes <= MAX_DECODE_BUFFER_BYTES) return { ok: true, bufferedBytes };
  return { ok: false, code: 'IMAGE_PROGRESSIVE_TOO_LARGE', message: PROGRESSIVE_TOO_LARGE_MESSAGE, bufferedBytes };
}
