import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ShopError } from '@framewala/domain';
import { HeadCheckStream } from './head-check';
import type { ReceivedFile } from './received-file';
import { tempFileName } from './temp-files';

/** The multipart field that carries the photo. */
export const IMAGE_FIELD = 'image';
/** Room for the multipart envelope (boundaries, part headers) on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function printable(name: string): string {
  const clean = name.replace(/[^\w .-]/g, '').slice(0, 40);
  return clean || 'without a name';
}

const badRequest = (message: string) => new ShopError('BAD_REQUEST', message);

/** Counts the bytes going by and fails with 413 past the limit (busboy's own limit only truncates silently). */
class SizeLimit extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new ShopError('UPLOAD_TOO_LARGE'));
    else callback(null, chunk);
  }
}

/** Errors of the multipart parser (busboy through @fastify/multipart) that mean the body itself is malformed. */
function isMalformedBody(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string' && e.code.startsWith('FST_')) return true;
  return typeof e.message === 'string' && /multipart|boundary|unexpected end of form|malformed|part terminated/i.test(e.message);
}

/**
 * Streams the one photo of a multipart/form-data request (@fastify/multipart, busboy) to a temporary file, never
 * holding it in memory: exactly one file, in the field `image`, nothing else. The first bytes are checked as they
 * arrive (415 not a JPEG or TIFF, 422 a header size the rules refuse), the size limit while streaming (413); any
 * failure, the client going away included, removes the temporary file.
 */
export async function receiveMultipartPhoto(request: FastifyRequest, options: { tmpDir: string; maxBytes: number }): Promise<ReceivedFile> {
  if (!request.isMultipart()) {
    throw new ShopError('UNSUPPORTED_MEDIA_TYPE', `Send the photo as multipart/form-data, with one file in the field ${IMAGE_FIELD}.`);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD_BYTES) throw new ShopError('UPLOAD_TOO_LARGE');

  let received: ReceivedFile | undefined;
  let sink: WriteStream | undefined;
  try {
    // Limits one above what is allowed, so that the part breaking the rule reaches the checks below with its reason.
    const parts = request.parts({ limits: { files: 2, fields: 1, parts: 3, fileSize: options.maxBytes + 1 } });
    for await (const part of parts) {
      const field = part.fieldname ?? '';
      if (part.type !== 'file') {
        throw field === IMAGE_FIELD
          ? badRequest(`The field ${IMAGE_FIELD} must be a file: send the photo as a file upload.`)
          : badRequest(`Unexpected form field ${printable(field)}: send only the photo, as one file in the field ${IMAGE_FIELD}.`);
      }
      if (field !== IMAGE_FIELD) {
        throw badRequest(`The photo must be sent in the field ${IMAGE_FIELD} (this file came in the field ${printable(field)}).`);
      }
      if (received) throw badRequest('Send one photo at a time: this request has more than one file.');
      received = { path: path.join(options.tmpDir, tempFileName('upload', '.part')), bytes: 0, filename: part.filename ?? null };
      const size = new SizeLimit(options.maxBytes);
      sink = createWriteStream(received.path, { flags: 'wx' });
      await pipeline(part.file, new HeadCheckStream(), size, sink);
      received.bytes = size.bytes;
    }
  } catch (error) {
    // A refusal can come before the file is even opened; the stream opens it and then closes it, so wait for that
    // before removing it, or the file would appear after its removal.
    if (sink && !sink.closed) await new Promise<void>((resolve) => sink!.once('close', () => resolve()));
    if (received) await fs.rm(received.path, { force: true });
    if (error instanceof ShopError) throw error;
    // Disk trouble (no space, permissions) is the server's, and a client that went away is the error handler's.
    if (typeof (error as NodeJS.ErrnoException).syscall === 'string' || request.raw.aborted) throw error;
    if (isMalformedBody(error)) {
      const message = String((error as Error).message);
      throw badRequest(
        /boundary not found/i.test(message)
          ? `The upload is not valid multipart data (${message.slice(0, 80)}).`
          : 'The upload was cut short or is not valid multipart data.',
      );
    }
    throw error;
  }
  if (!received) throw badRequest(`Choose a photo: the request has no file in the field ${IMAGE_FIELD}.`);
  return received;
}
