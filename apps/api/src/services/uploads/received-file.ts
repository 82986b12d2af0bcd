import fs from 'node:fs/promises';
import path from 'node:path';
import { detectImageFormat, FORMAT_SNIFF_BYTES, isAcceptedFormat, ShopError, type AcceptedFormat } from '@framewala/domain';

/** A photo that has fully arrived, by either upload path, as a file on local disk. */
export interface ReceivedFile {
  /** A server-named file (under DATA_DIR); the upload consumes it: moved into storage or removed. */
  path: string;
  bytes: number;
  /** The client's file name, only to keep an accepted extension ('.jpeg', '.tif'…); never used as a path. */
  filename: string | null;
}

const EXTENSIONS: Record<AcceptedFormat, readonly string[]> = { jpeg: ['.jpg', '.jpeg'], tiff: ['.tif', '.tiff'] };

/** The client's file extension when it is one accepted for the format, else null. */
export function clientExtensionOf(filename: string | null, format: AcceptedFormat): string | null {
  const extension = path.extname(filename ?? '').toLowerCase();
  return EXTENSIONS[format].includes(extension) ? extension : null;
}

/** The format by content, from the file's first bytes: 415 unless JPEG or TIFF, 422 for an empty file. */
export async function formatOfFile(filePath: string, bytes: number): Promise<AcceptedFormat> {
  if (bytes === 0) throw new ShopError('IMAGE_UNREADABLE', 'The file is empty. Please choose a JPG or TIF photo.');
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(FORMAT_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const format = detectImageFormat(head.subarray(0, bytesRead));
    if (!isAcceptedFormat(format)) throw new ShopError('UNSUPPORTED_MEDIA_TYPE');
    return format;
  } finally {
    await handle.close();
  }
}
