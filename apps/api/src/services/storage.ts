import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where files live: photos, renditions and frame images. Keys are forward-slash paths made by the server only
 * (never from a user's file name). Local disk by default; an S3-compatible store implements the same interface.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from local disk, streaming it (never whole in memory). With `move`, the source file is consumed:
   * renamed into place when it can be, else copied and removed.
   */
  putFile(key: string, filePath: string, contentType: string, options?: { move?: boolean }): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Readable>;
  /** Copies a stored file to local disk (streaming); the target is written completely or not at all. */
  getToFile(key: string, filePath: string): Promise<void>;
  /** Where the stored file can be read directly on this machine, or null when the store is remote. */
  localPath(key: string): string | null;
  /** Removes the file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** The URL a browser uses for the file. */
  url(key: string): string;
  /** Throws when the store cannot be written (the health check uses it). */
  check(): Promise<void>;
}

/** Thrown by stores when a key has no file. */
export class StoredFileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = 'StoredFileNotFoundError';
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export class LocalStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/media',
  ) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string, _contentType: string, options: { move?: boolean } = {}): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (options.move) {
      try {
        await fs.rename(filePath, file);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const tmp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await fs.copyFile(filePath, tmp);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
    if (options.move) await fs.rm(filePath, { force: true });
  }

  async getToFile(key: string, filePath: string): Promise<void> {
    const tmp = `${filePath}.part`;
    try {
      await pipeline(await this.read(key), createWriteStream(tmp));
      await fs.rename(tmp, filePath);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  localPath(key: string): string {
    return this.file(key);
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async read(key: string): Promise<Readable> {
    const file = this.file(key);
    await fs.access(file);
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  url(key: string): string {
    assertSafeKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.health-${process.pid}-${randomUUID()}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
  }

  /** The directory the media route serves from. */
  get directory(): string {
    return this.root;
  }
}
