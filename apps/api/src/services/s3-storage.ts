import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, StoredFileNotFoundError, type Storage } from './storage';

export { StoredFileNotFoundError };

export interface S3StorageOptions {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** A public base URL (a CDN in front of the bucket); unset: the server proxies files under /media. */
  publicUrl: string | undefined;
  /** Files larger than this go up in parts of this size (default 16 MiB; S3 wants at least 5 MiB). */
  partSize?: number;
  /** Parts in flight at once (default 3): memory is at most partSize × this. */
  partConcurrency?: number;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible store (AWS S3, Cloudflare R2, MinIO…) behind the same `Storage` interface as local disk
 * (docs/decisions/010-upload-storage-s3.md). Large files go up as a multipart upload read part by part from disk, so
 * memory stays at a few parts whatever the file's size. Checksums are only sent when an operation requires them
 * (`WHEN_REQUIRED`): several S3-compatible stores reject the SDK's default CRC headers.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly partSize: number;
  private readonly partConcurrency: number;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client(this.clientConfig);
    this.partSize = options.partSize ?? 16 * 1024 * 1024;
    this.partConcurrency = options.partConcurrency ?? 3;
  }

  get bucket(): string {
    return this.options.bucket;
  }

  /** The client's settings, shared with the store of unfinished resumable uploads (which makes its own client). */
  get clientConfig(): S3ClientConfig {
    return {
      endpoint: this.options.endpoint,
      region: this.options.region,
      forcePathStyle: this.options.forcePathStyle,
      credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
  }

  /** True when browsers fetch files through the server's /media route rather than a public URL. */
  get proxied(): boolean {
    return !this.options.publicUrl;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string, options: { move?: boolean } = {}): Promise<void> {
    assertSafeKey(key);
    const { size } = await fs.stat(filePath);
    if (size <= this.partSize) {
      // A small file: one request; it is at most one part in memory.
      await this.put(key, await fs.readFile(filePath), contentType);
    } else {
      await this.putMultipart(key, filePath, size, contentType);
    }
    if (options.move) await fs.rm(filePath, { force: true });
  }

  private async putMultipart(key: string, filePath: string, size: number, contentType: string): Promise<void> {
    const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 did not return an upload id');
    const handle = await fs.open(filePath, 'r');
    try {
      const count = Math.ceil(size / this.partSize);
      const parts: CompletedPart[] = new Array(count);
      let next = 0;
      const worker = async () => {
        while (next < count) {
          const index = next++;
          const start = index * this.partSize;
          const length = Math.min(this.partSize, size - start);
          const buffer = Buffer.allocUnsafe(length);
          let read = 0;
          while (read < length) {
            const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
            if (bytesRead === 0) throw new Error(`${filePath} ended early`);
            read += bytesRead;
          }
          const answer = await this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: index + 1,
              Body: buffer,
              ContentLength: length,
            }),
          );
          parts[index] = { ETag: answer.ETag, PartNumber: index + 1 };
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.partConcurrency, count) }, worker));
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** The object's body with its type and length (the /media proxy uses them). */
  async open(key: string): Promise<{ body: Readable; contentType: string | undefined; contentLength: number | undefined }> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 returned no body stream');
      return { body: answer.Body, contentType: answer.ContentType, contentLength: answer.ContentLength };
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    return (await this.open(key)).body;
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

  localPath(): null {
    return null;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a key that does not exist, so this is idempotent as the interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  url(key: string): string {
    assertSafeKey(key);
    return this.options.publicUrl ? `${this.options.publicUrl}/${key}` : `/media/${key}`;
  }

  async check(): Promise<void> {
    // A key of its own per probe, outside any folder: concurrent health checks from several servers must not write
    // and delete the same object, nor share a folder that a file-backed store (s3rver) prunes once it is empty.
    const key = `health-probe-${process.pid}-${randomUUID()}`;
    await this.put(key, Buffer.from('ok'), 'text/plain');
    await this.delete(key);
  }
}
