import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ScanBuffer } from './scan-buffer';
import { tempFileName } from './temp-files';

/**
 * Writing uploads around the page cache (O_DIRECT), docs/decisions/035-upload-writes-around-the-page-cache.md.
 *
 * On the machines the shop runs on, writing into the page cache is the slow part of receiving a photo: the kernel
 * allocates and zeroes a page for every 4 KiB, and on a virtual machine memory it has handed back to the host must be
 * faulted in again first (0.3–0.8 GB/s, against 1–2.6 GB/s written straight to the device). With O_DIRECT the
 * device reads our buffers as they are. The price: every write's memory address, file offset and length must be
 * multiples of the device's block size, so the buffers come from page-aligned memory and the last write is padded,
 * then the file is cut back to its real length.
 */

/** Alignment of direct writes: a page, which is also the largest logical block size of common devices. */
export const DIRECT_IO_ALIGNMENT = 4096;

/** Rounds up to the next multiple of DIRECT_IO_ALIGNMENT. */
export function alignUp(bytes: number): number {
  return Math.ceil(bytes / DIRECT_IO_ALIGNMENT) * DIRECT_IO_ALIGNMENT;
}

/** Open flags for a new file written with O_DIRECT (fails if the file exists, like 'wx'). */
export const DIRECT_WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_DIRECT ?? 0);

/** Errors that mean "this filesystem does not take direct writes" rather than trouble of the moment. */
const UNSUPPORTED = new Set(['EINVAL', 'EOPNOTSUPP', 'ENOTSUP']);

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether files in `dir` can be written with O_DIRECT and our alignment: writes one aligned block to a probe file
 * and removes it. Answered once per directory when the answer is definite (the filesystem refuses, or it worked); a
 * passing failure (disk full, say) answers false this time and is asked again next time. Platforms without O_DIRECT
 * (macOS) answer false at once.
 */
export function directWritesSupported(dir: string): Promise<boolean> {
  if (!fs.constants.O_DIRECT) return Promise.resolve(false);
  const known = probes.get(dir);
  if (known) return known;
  const probe = (async () => {
    const file = path.join(dir, tempFileName('direct-io-probe'));
    let handle: FileHandle | undefined;
    try {
      handle = await fsp.open(file, DIRECT_WRITE_FLAGS);
      const block = new ScanBuffer(65536).data.subarray(0, DIRECT_IO_ALIGNMENT);
      const { bytesWritten } = await handle.write(block, 0, block.length, 0);
      return bytesWritten === block.length;
    } catch (error) {
      if (!UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) probes.delete(dir);
      return false;
    } finally {
      await handle?.close().catch(() => undefined);
      await fsp.rm(file, { force: true });
    }
  })();
  probes.set(dir, probe);
  return probe;
}
