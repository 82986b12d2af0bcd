import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopError } from '@framewala/domain';
import { DIRECT_IO_ALIGNMENT, DIRECT_WRITE_FLAGS, directWritesSupported } from './direct-io';
import { ScanBuffer, ScanBufferPool } from './scan-buffer';
import { ImageFileWriter, WRITE_BATCH_BYTES, WRITE_BUFFERS } from './receive';

let dir: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'framewala-sink-'));
});

afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

/** A JPEG-looking body of `size` bytes (the sink sniffs the first bytes), random after the marker. */
function jpegBody(size: number): Buffer {
  const body = randomBytes(size);
  body.set([0xff, 0xd8, 0xff], 0);
  return body;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('direct writes on this machine', () => {
  it('the temporary folder takes O_DIRECT writes, so uploads bypass the page cache here', async () => {
    await expect(directWritesSupported(dir)).resolves.toBe(true);
    expect(await fsp.readdir(dir)).toEqual([]); // the probe file is gone
  });

  it('a folder that cannot be probed answers false without being remembered, so it is asked again once it exists', async () => {
    const later = path.join(dir, 'created-later');
    await expect(directWritesSupported(later)).resolves.toBe(false);
    await fsp.mkdir(later);
    await expect(directWritesSupported(later)).resolves.toBe(true);
    expect(await fsp.readdir(later)).toEqual([]);
  });

  it('O_DIRECT is enforced: a write from misaligned memory is refused, the same write from aligned memory is not', async () => {
    const file = path.join(dir, 'alignment');
    const handle = await fsp.open(file, DIRECT_WRITE_FLAGS);
    try {
      const misaligned = Buffer.allocUnsafeSlow(3 * DIRECT_IO_ALIGNMENT).subarray(1, 1 + DIRECT_IO_ALIGNMENT);
      await expect(handle.write(misaligned, 0, DIRECT_IO_ALIGNMENT, 0)).rejects.toMatchObject({ code: 'EINVAL' });
      const aligned = new ScanBuffer(65536).data;
      const { bytesWritten } = await handle.write(aligned, 0, DIRECT_IO_ALIGNMENT, 0);
      expect(bytesWritten).toBe(DIRECT_IO_ALIGNMENT);
    } finally {
      await handle.close();
      await fsp.rm(file);
    }
  });

  it('the pool reuses given-back buffers and keeps at most its limit idle', () => {
    const pool = new ScanBufferPool(65536, 2);
    const [a, b, c] = [pool.acquire(), pool.acquire(), pool.acquire()];
    for (const buffer of [a, b, c]) pool.release(buffer);
    expect(pool.idleCount).toBe(2);
    const again = pool.acquire();
    expect([a, b, c]).toContain(again);
  });
});

const DELIMITER = Buffer.from('\r\n------WebKitFormBoundary7MA4YWxkTrZu0gW');

/**
 * Sends `stream` (a part's content, its delimiter, what follows) to the writer as the reader does, in chunks of
 * `chunkBytes`; with `inPlace`, as the socket does, into the space the writer reserves. Answers where the delimiter
 * ended in `stream`, or -1.
 */
async function send(writer: ImageFileWriter, stream: Buffer, chunkBytes: number, inPlace: boolean): Promise<number> {
  for (let at = 0; at < stream.length;) {
    let chunk = stream.subarray(at, at + chunkBytes);
    const view = inPlace ? writer.reserve() : undefined;
    if (view) {
      const length = Math.min(chunkBytes, view.length, stream.length - at);
      stream.copy(view, 0, at, at + length);
      chunk = view.subarray(0, length);
    }
    let found = writer.content(chunk);
    if (typeof found !== 'number') found = await found;
    if (found !== -1) return at + found;
    at += chunk.length;
  }
  return -1;
}

describe.each([
  ['direct', true],
  ['through the page cache', false],
])('the upload writer, %s', (_name, direct) => {
  const tail = Buffer.from('--\r\n');
  // Sizes around the block and batch edges (the delimiter then straddles two buffers), and one that keeps every
  // buffer busy several times over.
  const sizes = [3, 4095, 4096, 4097, WRITE_BATCH_BYTES - DELIMITER.length + 1, WRITE_BATCH_BYTES - 1, WRITE_BATCH_BYTES, WRITE_BATCH_BYTES + 1];
  it.each(sizes.concat([WRITE_BUFFERS * WRITE_BATCH_BYTES * 2 + 123]))('writes %i bytes exactly, copied and in place', async (size) => {
    const body = jpegBody(size);
    for (const [chunkBytes, inPlace] of [
      [65536 + 7, false],
      [1024 * 1024, true],
      [7, true],
    ] as const) {
      if (chunkBytes === 7 && size > 2 * WRITE_BATCH_BYTES) continue;
      const file = path.join(dir, `writer-${direct}-${size}-${chunkBytes}`);
      const writer = new ImageFileWriter(file, DELIMITER, 64 * 1024 * 1024, direct);
      const stream = Buffer.concat([body, DELIMITER, tail]);
      expect(await send(writer, stream, chunkBytes, inPlace)).toBe(size + DELIMITER.length);
      await writer.end();
      expect(writer.bytes).toBe(size);
      expect(writer.format).toBe('jpeg');
      const written = await fsp.readFile(file);
      expect(written.length).toBe(size);
      expect(sha(written)).toBe(sha(body));
      await fsp.rm(file);
    }
  });

  it('finds a delimiter split across two buffers by a read of a few bytes', async () => {
    const size = WRITE_BATCH_BYTES - 10;
    const body = jpegBody(size);
    const stream = Buffer.concat([body, DELIMITER, tail]);
    const file = path.join(dir, `writer-${direct}-seam`);
    const writer = new ImageFileWriter(file, DELIMITER, 64 * 1024 * 1024, direct);
    // The first buffer fills exactly, then the rest comes 3 bytes at a time.
    expect(await send(writer, stream.subarray(0, WRITE_BATCH_BYTES), 65536, false)).toBe(-1);
    let found = -1;
    for (let at = WRITE_BATCH_BYTES; found === -1 && at < stream.length; at += 3) {
      const result = writer.content(stream.subarray(at, at + 3));
      const answer = typeof result === 'number' ? result : await result;
      if (answer !== -1) found = at + answer;
    }
    expect(found).toBe(size + DELIMITER.length);
    await writer.end();
    expect(sha(await fsp.readFile(file))).toBe(sha(body));
    await fsp.rm(file);
  });

  it('stops at the size limit mid-stream with UPLOAD_TOO_LARGE, and every write has ended once it is closed', async () => {
    const file = path.join(dir, `writer-${direct}-limit`);
    const writer = new ImageFileWriter(file, DELIMITER, 3 * WRITE_BATCH_BYTES, direct);
    const error = await send(writer, jpegBody(6 * WRITE_BATCH_BYTES), 65536, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).code).toBe('UPLOAD_TOO_LARGE');
    await writer.close();
    const size = fs.statSync(file).size;
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).toBe(size);
    expect(size).toBeLessThanOrEqual(3 * WRITE_BATCH_BYTES);
    await fsp.rm(file);
  });

  it('takes a photo of exactly the limit, and refuses one byte more when the delimiter shows it', async () => {
    for (const [size, ok] of [
      [100_000, true],
      [100_001, false],
    ] as const) {
      const file = path.join(dir, `writer-${direct}-exact-${size}`);
      const writer = new ImageFileWriter(file, DELIMITER, 100_000, direct);
      const outcome = await send(writer, Buffer.concat([jpegBody(size), DELIMITER, tail]), 65536, false).catch((e: unknown) => e);
      if (ok) {
        expect(outcome).toBe(size + DELIMITER.length);
        await writer.end();
      } else expect(outcome).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
      await writer.close();
      await fsp.rm(file);
    }
  });

  it('refuses a body that is not a JPEG or TIFF from its first bytes, and an empty one at its end', async () => {
    const png = randomBytes(10 * 4096);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    const file = path.join(dir, `writer-${direct}-png`);
    const writer = new ImageFileWriter(file, DELIMITER, 64 * 1024 * 1024, direct);
    await expect(send(writer, png, 65536, false)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await writer.close();
    await fsp.rm(file);

    const empty = new ImageFileWriter(file, DELIMITER, 64 * 1024 * 1024, direct);
    expect(await send(empty, Buffer.concat([DELIMITER, tail]), 65536, false)).toBe(DELIMITER.length);
    await expect(empty.end()).rejects.toMatchObject({ code: 'IMAGE_UNREADABLE' });
    await empty.close();
    await fsp.rm(file);
  });
});
