/**
 * The browser's check before sending a photo: one file, at most 2 GiB, JPEG or TIFF by content (magic
 * bytes, whatever the name says), and the size from the header (JPEG SOF, TIFF IFD0, after EXIF orientation) within
 * the upload rules — without decoding the image. Only the first 256 KB are read, plus whatever the header points to.
 * The server checks everything again; this is only so that a wrong file is refused at once, before any byte is sent.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  FORMAT_SNIFF_BYTES,
  checkImageDimensions,
  checkUploadBytes,
  detectImageFormat,
  isAcceptedFormat,
  readImageHeader,
  shrunkCopyCheck,
  type ByteRange,
  type ImageFormat,
  type ImageHeader,
} from '@framewala/domain';
import { ERROR_MESSAGES } from '../error-messages';
import { i18n } from '../i18n';

export const NO_FILE_MESSAGE = msg`Please choose a photo.`;
export const ONE_PHOTO_MESSAGE = msg`Please choose one photo at a time.`;
export const EMPTY_FILE_MESSAGE = msg`This file is empty. Please choose a JPG or TIF photo.`;
export const UNREADABLE_MESSAGE = ERROR_MESSAGES.IMAGE_UNREADABLE;
export const FILE_READ_MESSAGE = msg`We could not open this file. Please choose it again.`;

const FORMAT_NAMES: Record<Exclude<ImageFormat, 'jpeg' | 'tiff'>, string> = {
  png: 'PNG',
  gif: 'GIF',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a file format's name, the same in every language
  webp: 'WebP',
  heic: 'HEIC',
  bmp: 'BMP',
};

/**
 * "This file is a PNG image. Only JPG and TIF photos are accepted." or, for anything else, the plain rule (the
 * domain's UNSUPPORTED_TYPE_MESSAGE after the first sentence).
 */
export function wrongTypeMessage(format: ImageFormat | null): MessageDescriptor {
  if (format && format !== 'jpeg' && format !== 'tiff') {
    const name = FORMAT_NAMES[format];
    return msg`This file is a ${name} image. Only JPG and TIF photos are accepted.`;
  }
  return msg`This file is not a JPG or TIF photo. Only JPG and TIF photos are accepted.`;
}

export type PhotoRefusal =
  | 'NO_FILE'
  | 'MULTIPLE_FILES'
  | 'EMPTY_FILE'
  | 'UPLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'IMAGE_DIMENSIONS'
  | 'IMAGE_UNREADABLE'
  | 'FILE_READ_ERROR';

export type PhotoCheck =
  | {
      ok: true;
      file: File;
      /** Null only when the header was not found within the read budget: the server decides then. */
      header: ImageHeader | null;
    }
  | {
      ok: false;
      code: PhotoRefusal;
      /** What the customer reads, in the language of the page when the photo was checked. */
      message: string;
    };

/** How much of the file is read first, how much more at a time, and at most in all. */
export const FIRST_READ_BYTES = 256 * 1024;
const MIN_EXTRA_READ = 64 * 1024;
const MAX_READ_BYTES = 16 * 1024 * 1024;
const MAX_READS = 32;

async function readSlice(file: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(start, end).arrayBuffer());
}

/**
 * Reads the header of `file`, fetching the byte ranges the reader asks for. Returns the header, a refusal for a
 * truncated or broken file, or null when the budget ran out (an odd file with megabytes of metadata first).
 */
async function readHeaderOf(file: Blob, first: Uint8Array): Promise<ImageHeader | PhotoCheck | null> {
  let prefix = first;
  const extra: ByteRange[] = [];
  let read = first.length;
  for (let reads = 0; reads < MAX_READS; reads++) {
    const result = readImageHeader(extra.length === 0 ? prefix : [{ offset: 0, bytes: prefix }, ...extra]);
    if (result.ok) return result.header;
    if (result.reason !== 'need-more' || result.needed > file.size) {
      return refuse('IMAGE_UNREADABLE', UNREADABLE_MESSAGE);
    }
    if (read >= MAX_READ_BYTES) return null;
    if (result.offset <= prefix.length + MIN_EXTRA_READ) {
      // Close to what we hold: grow the prefix (at least double it).
      const end = Math.min(file.size, Math.max(result.needed, prefix.length * 2));
      const more = await readSlice(file, prefix.length, end);
      const grown = new Uint8Array(prefix.length + more.length);
      grown.set(prefix);
      grown.set(more, prefix.length);
      prefix = grown;
      read += more.length;
    } else {
      // Far away (a TIFF directory at the end of the file): read just that range.
      const end = Math.min(file.size, result.offset + Math.max(result.length, MIN_EXTRA_READ));
      const bytes = await readSlice(file, result.offset, end);
      extra.push({ offset: result.offset, bytes });
      read += bytes.length;
    }
  }
  return null;
}

/** A refusal, its message in the page's language. */
function refuse(code: PhotoRefusal, message: MessageDescriptor): PhotoCheck {
  return { ok: false, code, message: i18n._(message) };
}

/**
 * Checks the chosen files (see the top of this file). A refusal by the domain's rules is told from the error catalogue:
 * the rule's English, or its Hindi.
 */
export async function checkPhoto(files: ArrayLike<File>): Promise<PhotoCheck> {
  if (files.length === 0) return refuse('NO_FILE', NO_FILE_MESSAGE);
  if (files.length > 1) return refuse('MULTIPLE_FILES', ONE_PHOTO_MESSAGE);
  const file = files[0] as File;
  const size = checkUploadBytes(file.size);
  if (!size.ok) return refuse('UPLOAD_TOO_LARGE', ERROR_MESSAGES[size.code]);
  if (file.size === 0) return refuse('EMPTY_FILE', EMPTY_FILE_MESSAGE);

  let header: ImageHeader | PhotoCheck | null;
  try {
    const first = await readSlice(file, 0, Math.min(file.size, FIRST_READ_BYTES));
    const format = detectImageFormat(first.subarray(0, FORMAT_SNIFF_BYTES));
    if (!isAcceptedFormat(format)) return refuse('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(format));
    header = await readHeaderOf(file, first);
  } catch {
    // The file was moved or deleted after it was chosen, or it is a folder.
    return refuse('FILE_READ_ERROR', FILE_READ_MESSAGE);
  }
  if (header === null) return { ok: true, file, header: null };
  if ('ok' in header) return header;
  const dimensions = checkImageDimensions(header.orientedWidth, header.orientedHeight);
  if (!dimensions.ok) return refuse('IMAGE_DIMENSIONS', ERROR_MESSAGES[dimensions.code]);
  return { ok: true, file, header };
}

/**
 * Whether a chosen photo is probably a shrunk copy (a messaging app's: no camera EXIF, its long side, strong
 * compression, its file name). False when the file cannot be read.
 */
export async function looksShrunk(file: File, width: number, height: number): Promise<boolean> {
  try {
    const head = await readSlice(file, 0, Math.min(file.size, FIRST_READ_BYTES));
    return shrunkCopyCheck({ fileName: file.name, width, height, head }).likely;
  } catch {
    return false;
  }
}
