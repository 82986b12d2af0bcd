import fs from 'node:fs/promises';
import { checkDecodeMemory, JpegEndFinder, readJpegLayout, ShopError, type ByteRange, type JpegLayout } from '@framewala/domain';

/** Bytes read at a time while looking for a JPEG's first scan (its header segments rarely pass a few hundred KB). */
const LAYOUT_READ_BYTES = 64 * 1024;
/** A JPEG whose first scan lies further than this from its start is not one we decode. */
const LAYOUT_MAX_BYTES = 16 * 1024 * 1024;

const unreadable = (detail?: string) => new ShopError('IMAGE_UNREADABLE', undefined, detail ? { reason: detail } : undefined);

/** A JPEG file's layout (frame and first scan: see JpegLayout), read from the file without decoding it. */
export async function readJpegLayoutOfFile(filePath: string): Promise<JpegLayout> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const ranges: ByteRange[] = [];
    let read = 0;
    const take = async (offset: number, length: number) => {
      const want = Math.min(Math.max(length, LAYOUT_READ_BYTES), size - offset);
      if (offset >= size || want < length || read + want > LAYOUT_MAX_BYTES) throw unreadable('the JPEG ends before its first scan');
      const bytes = Buffer.alloc(want);
      const { bytesRead } = await handle.read(bytes, 0, want, offset);
      ranges.push({ offset, bytes: bytes.subarray(0, bytesRead) });
      read += want;
    };
    await take(0, 1);
    for (;;) {
      const result = readJpegLayout(ranges);
      if (result.ok) return result.layout;
      if (result.reason !== 'need-more') throw unreadable(result.detail);
      await take(result.offset, result.length);
    }
  } finally {
    await handle.close();
  }
}

/**
 * What decoding a stored photo holds beyond a few rows (see the domain's jpegBufferedBytes; 0 for a TIFF and for a
 * sequential JPEG), checked against the rule before any pixel is decoded: 422 IMAGE_PROGRESSIVE_TOO_LARGE when a
 * progressive JPEG would hold more than MAX_DECODE_BUFFER_BYTES, 422 IMAGE_UNREADABLE when a JPEG has no scan.
 * Every decode of a customer's photo asks this first: the upload's checks, its renditions and crops, and the enhance
 * and print children.
 */
export async function decodeBufferBytes(filePath: string, format?: 'jpeg' | 'tiff'): Promise<number> {
  if ((format ?? (await sniffFormat(filePath))) !== 'jpeg') return 0;
  const check = checkDecodeMemory(await readJpegLayoutOfFile(filePath));
  if (!check.ok) throw new ShopError(check.code, check.message, { bufferedBytes: check.bufferedBytes });
  return check.bufferedBytes;
}

/** 'jpeg' when the file starts as a JPEG does, else 'tiff' (the only other format a stored photo can be). */
async function sniffFormat(filePath: string): Promise<'jpeg' | 'tiff'> {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(3);
    await handle.read(head, 0, 3, 0);
    return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff ? 'jpeg' : 'tiff';
  } finally {
    await handle.close();
  }
}

export const TRAILING_DATA_MESSAGE =
  'We could not read this photo: the file has data after the picture that is not part of it, so it may be damaged. Please save the photo again as a JPG and upload that.';
export const UNFINISHED_MESSAGE =
  'We could not read this photo: the file ends before the picture does, so it may be cut short. Please upload the complete photo.';

/**
 * Keeps only the image of a received JPEG: the bytes up to its end-of-image marker (JpegEndFinder). What follows that
 * marker (a camera's trailer, a second picture, anything appended) is cut off the file, so nothing a decoder does not
 * read as this photo is stored. A marker no decoder accepts after the image data, or a file that ends before the end
 * marker, is refused (422 IMAGE_UNREADABLE). Answers the image's length in bytes. A TIFF is kept as it is.
 */
export async function keepOnlyTheImage(filePath: string, format: 'jpeg' | 'tiff', bytes: number): Promise<number> {
  if (format !== 'jpeg') return bytes;
  const finder = new JpegEndFinder();
  const handle = await fs.open(filePath, 'r+');
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    let position = 0;
    let verdict = null;
    while (!verdict) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      verdict = finder.push(buffer.subarray(0, bytesRead));
    }
    const end = verdict ?? finder.finish();
    if (end.kind === 'broken') throw new ShopError('IMAGE_UNREADABLE', TRAILING_DATA_MESSAGE, { reason: end.detail });
    if (end.kind === 'unfinished') throw new ShopError('IMAGE_UNREADABLE', UNFINISHED_MESSAGE);
    if (end.end < bytes) await handle.truncate(end.end);
    return end.end;
  } finally {
    await handle.close();
  }
}
