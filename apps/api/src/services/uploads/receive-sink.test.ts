import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopError } from '@framewala/domain';
import { AlignedBufferPool, allocateAligned, DIRECT_IO_ALIGNMENT, DIRECT_WRITE_FLAGS, directWritesSupported } from './direct-io';
import { ImageFileSink, WRITE_BATCH_BYTES, WRITE_BUFFERS } from './receive';

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

/** The body as a stream of uneven chunks, as a socket delivers it. */
function chunked(body: Buffer, chunkBytes = 65536 + 7): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += chunkBytes) chunks.push(body.subarray(at, at + chunkBytes));
  return Readable.from(chunks);
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
      const aligned = allocateAligned(65536);
      const { bytesWritten } = await handle.write(aligned, 0, DIRECT_IO_ALIGNMENT, 0);
      expect(bytesWritten).toBe(DIRECT_IO_ALIGNMENT);
    } finally {
      await handle.close();
      await fsp.rm(file);
    }
  });

  it('the pool reuses given-back buffers and keeps at most its limit idle', () => {
    const pool = new AlignedBufferPool(65536, 2);
    const [a, b, c] = [pool.acquire(), pool.acquire(), pool.acquire()];
    for (const buffer of [a, b, c]) pool.release(buffer);
    expect(pool.idleCount).toBe(2);
    const again = pool.acquire();
    expect([a, b, c]).toContain(again);
  });
});

describe.each([
  ['direct', true],
  ['through the page cache', false],
])('the upload sink, %s', (_name, direct) => {
  // Sizes around the block and batch edges, and one that keeps every buffer busy several times over.
  it.each([3, 4095, 4096, 4097, WRITE_BATCH_BYTES - 1, WRITE_BATCH_BYTES, WRITE_BUFFERS * WRITE_BATCH_BYTES * 2 + 123])(
    'writes %i bytes exactly',
    async (size) => {
      const body = jpegBody(size);
      const file = path.join(dir, `sink-${direct}-${size}`);
      const sink = new ImageFileSink(file, 64 * 1024 * 1024, direct);
      await pipeline(chunked(body), sink);
      expect(sink.bytes).toBe(size);
      expect(sink.format).toBe('jpeg');
      const written = await fsp.readFile(file);
      expect(written.length).toBe(size);
      expect(sha(written)).toBe(sha(body));
      await fsp.rm(file);
    },
  );

  it('stops at the size limit mid-stream with UPLOAD_TOO_LARGE, and every write has ended before the file is closed', async () => {
    const file = path.join(dir, `sink-${direct}-limit`);
    const sink = new ImageFileSink(file, 3 * WRITE_BATCH_BYTES, direct);
    const error = await pipeline(chunked(jpegBody(6 * WRITE_BATCH_BYTES)), sink).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).code).toBe('UPLOAD_TOO_LARGE');
    // The file is closed (its descriptor gone) once the stream has been destroyed: it can be removed and nothing
    // writes into it afterwards.
    const size = fs.statSync(file).size;
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).toBe(size);
    expect(size).toBeLessThanOrEqual(3 * WRITE_BATCH_BYTES);
    await fsp.rm(file);
  });

  it('refuses a body that is not a JPEG or TIFF from its first bytes', async () => {
    const file = path.join(dir, `sink-${direct}-png`);
    const png = randomBytes(10 * 4096);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    const sink = new ImageFileSink(file, 64 * 1024 * 1024, direct);
    await expect(pipeline(chunked(png), sink)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await fsp.rm(file);
  });
});
