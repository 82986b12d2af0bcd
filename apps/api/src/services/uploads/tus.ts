import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server } from '@tus/server';
import type { DataStore, Upload as TusUpload } from '@tus/utils';
import { NodeRequest } from 'srvx/node';
import { ShopError, type Upload } from '@framewala/domain';
import { S3Storage } from '../s3-storage';
import { canAccess, type Viewer } from './access';
import { HEAD_CHECK_BYTES, HeadCheckStream } from './head-check';
import { createUpload, type UploadsDeps } from './service';
import { tempFileName } from './temp-files';
import { forgetUnfinished, recordUnfinished, takeExpiredUnfinished, type UnfinishedLimits } from './unfinished';

/** Where the resumable uploads are mounted (tus 1.0.0: creation, termination, expiration). */
export const TUS_PATH = '/api/uploads/tus';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Metadata the server writes at creation (whatever the client sent under these names is replaced). */
const OWNER_KEY = 'owner';
const CLAIM_KEY = 'claim';
/** The only client metadata kept. */
const CLIENT_KEYS = ['filename', 'filetype'] as const;

const notFound = () => new ShopError('NOT_FOUND', 'This upload does not exist or is no longer available.');

async function readPrefix(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Writes a PATCH's bytes through the first-bytes check (415, 422; see HeadCheck) while the upload's beginning is still
 * unjudged. A refused upload is removed at once, so nothing of it is kept.
 */
async function checkedWrite(
  readable: Readable,
  offset: number,
  store: { firstBytes(offset: number): Promise<Buffer | undefined>; write(stream: Readable): Promise<number>; remove(): Promise<void> },
): Promise<number> {
  if (offset >= HEAD_CHECK_BYTES) return store.write(readable);
  // A resumed upload: the beginning already stored is part of the header.
  const prefix = offset > 0 ? await store.firstBytes(offset) : undefined;
  const check = new HeadCheckStream(prefix);
  // A refusal can come before the store has started reading (S3 answers first): it is kept in `check.refusal`, and
  // the store's own read of the failed stream rejects the write.
  check.on('error', () => undefined);
  readable.on('error', (error) => check.destroy(error));
  readable.pipe(check);
  try {
    return await store.write(check);
  } catch (error) {
    // The stores report any failure of their stream as their own write error: the refusal is kept aside.
    if (!check.refusal) throw error;
    await store.remove().catch(() => undefined);
    throw check.refusal;
  }
}

/** Where unfinished uploads are kept: tus's data store, and what the photo's checks need from it. */
interface PhotoStore extends DataStore {
  /**
   * A file on local disk with the whole upload, for the photo's checks, which consume it (move it into storage or
   * remove it).
   */
  takeLocalFile(upload: TusUpload): Promise<string>;
  /**
   * Forgets an upload whose bytes have been taken (`finished`) or refused: its bytes, if still there, and its record.
   */
  forget(id: string, finished?: boolean): Promise<void>;
}

/** What the stores share with the endpoint: uploads finished by the request in progress, and who to tell of a removal. */
interface StoreHooks {
  /**
   * Uploads whose last byte came with the request in progress: their bytes and record are already gone (taken by the
   * photo's checks), and the tus server still reads them once to answer (a creation that brought the whole file).
   */
  finished: Map<string, TusUpload>;
  /** An upload's bytes and record are gone (finished, refused, cancelled, expired): it no longer counts. */
  gone(id: string): Promise<void>;
}

/** Unfinished uploads on the server's disk (DATA_DIR/tus): one server holds each upload. */
class CheckedFileStore extends FileStore implements PhotoStore {
  constructor(
    readonly folder: string,
    expiryMs: number,
    private readonly hooks: StoreHooks,
  ) {
    super({ directory: folder, expirationPeriodInMilliseconds: expiryMs });
  }

  override getUpload(id: string): Promise<TusUpload> {
    const finished = this.hooks.finished.get(id);
    return finished ? Promise.resolve(finished) : super.getUpload(id);
  }

  /** Termination, a refusal and the expiry sweep. */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      await this.hooks.gone(id);
    }
  }

  filePath(id: string): string {
    if (!UUID.test(id)) throw notFound();
    return path.join(this.folder, id);
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return checkedWrite(readable, offset, {
      firstBytes: (bytes) => readPrefix(this.filePath(id), bytes),
      write: (stream) => super.write(stream, id, offset),
      remove: () => this.remove(id),
    });
  }

  async takeLocalFile(upload: TusUpload): Promise<string> {
    return this.filePath(upload.id);
  }

  async forget(id: string): Promise<void> {
    await fs.rm(this.filePath(id), { force: true });
    await this.configstore.delete(id).catch(() => undefined);
    await this.hooks.gone(id);
  }
}

/**
 * Unfinished uploads in the S3 bucket (@tus/s3-store: a multipart upload per photo, `<id>.info` beside it, and
 * `<id>.part` for a piece smaller than S3's minimum part), so any server can take the next PATCH of an upload.
 */
class CheckedS3Store extends S3Store implements PhotoStore {
  constructor(
    private readonly tmpDir: string,
    clientConfig: S3ClientConfig,
    bucket: string,
    expiryMs: number,
    private readonly hooks: StoreHooks,
  ) {
    // No object tags: the retention job deletes expired uploads, and several S3-compatible stores have no tagging.
    super({ s3ClientConfig: { ...clientConfig, bucket }, expirationPeriodInMilliseconds: expiryMs, useTags: false });
  }

  override getUpload(id: string): Promise<TusUpload> {
    const finished = this.hooks.finished.get(id);
    return finished ? Promise.resolve(finished) : super.getUpload(id);
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return checkedWrite(readable, offset, {
      // Below the first-bytes check's length nothing has reached a whole part yet: what arrived is the pending piece.
      firstBytes: async () => {
        const piece = await this.getIncompletePart(id);
        return piece ? Buffer.concat(await piece.toArray()) : undefined;
      },
      write: (stream) => super.write(stream, id, offset),
      remove: () => this.forget(id),
    });
  }

  async takeLocalFile(upload: TusUpload): Promise<string> {
    const file = path.join(this.tmpDir, tempFileName(`tus-${upload.id}`));
    try {
      const object = await this.client.getObject({ Bucket: this.bucket, Key: upload.id });
      await pipeline(object.Body as Readable, createWriteStream(file));
      return file;
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
  }

  /** Termination: the library's removal leaves a pending piece (`<id>.part`) behind. */
  override remove(id: string): Promise<void> {
    return this.forget(id);
  }

  async forget(id: string, finished = false): Promise<void> {
    // A finished upload's multipart upload is already complete; an unfinished one's parts go with the abort.
    const uploadId = finished
      ? undefined
      : await this.getMetadata(id).then(
          (metadata) => metadata['upload-id'],
          () => undefined,
        );
    if (uploadId) await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch(() => undefined);
    try {
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
      });
      await this.clearCache(id);
    } finally {
      await this.hooks.gone(id);
    }
  }
}

function ownerOf(upload: TusUpload): Viewer {
  const owner = upload.metadata?.[OWNER_KEY] || null;
  const claim = upload.metadata?.[CLAIM_KEY] || null;
  return { userId: owner, claimHash: owner ? null : claim };
}

/** tus's protocol errors, as `{status_code, body}`, from the library's catalogue. */
export interface TusProtocolError {
  status_code: number;
  body: string;
}

/** What the tus server answered: either a response to pass on, or an error for the API's one error handler. */
export type TusAnswer = { response: Response; error?: undefined } | { error: Error | TusProtocolError; response?: undefined };

/**
 * The resumable upload endpoint (tus 1.0.0 with @tus/server; unfinished uploads in the S3 bucket when photos are
 * stored there, else on this server's disk; decision 089). Ids are the photo's own: the upload
 * `/api/uploads/tus/<id>` becomes the photo `/api/uploads/<id>`. Every request carries the viewer (token or claim):
 * creation records the owner, and HEAD, PATCH and DELETE on someone else's upload answer 404. The PATCH that brings
 * the last byte runs the photo's checks (createUpload, the same as the plain path) and answers 204 or the error, and
 * the upload's bytes are gone either way.
 */
export class TusUploads {
  readonly store: PhotoStore;
  private readonly server: Server;
  private readonly viewers = new WeakMap<IncomingMessage, Viewer>();
  private readonly failures = new WeakMap<IncomingMessage, Error>();
  /** Uploads finished by each request in progress (see StoreHooks.finished). */
  private readonly finishedBy = new WeakMap<IncomingMessage, string[]>();
  private readonly finished = new Map<string, TusUpload>();

  constructor(
    private readonly deps: UploadsDeps,
    options: {
      /** The server's own folder for unfinished uploads, unless photos are stored in S3 (then they wait there too). */
      directory: string;
      maxBytes: number;
      expiryMs: number;
      /** What unfinished uploads may hold, per address, per customer and in all. */
      limits: UnfinishedLimits;
    },
  ) {
    const storage = deps.ctx.storage;
    const hooks: StoreHooks = { finished: this.finished, gone: (id) => forgetUnfinished(deps.ctx.database, id) };
    this.store =
      storage instanceof S3Storage
        ? new CheckedS3Store(deps.tmpDir, storage.clientConfig, storage.bucket, options.expiryMs, hooks)
        : new CheckedFileStore(options.directory, options.expiryMs, hooks);
    const nodeRequest = (req: Request) => (req as unknown as { runtime: { node: { req: IncomingMessage } } }).runtime.node.req;
    const viewerOf = (req: Request): Viewer => {
      const viewer = this.viewers.get(nodeRequest(req));
      if (!viewer) throw notFound();
      return viewer;
    };
    this.server = new Server({
      path: TUS_PATH,
      datastore: this.store,
      maxSize: options.maxBytes,
      relativeLocation: true,
      // Same-origin only, like the rest of the API: no Access-Control-Allow-Origin.
      allowedOrigins: () => false,
      namingFunction: () => randomUUID(),
      onUploadCreate: async (req, upload) => {
        const viewer = viewerOf(req);
        if (upload.sizeIsDeferred) throw new ShopError('BAD_REQUEST', 'Send the photo’s size in Upload-Length when creating the upload.');
        if (upload.size === 0) throw new ShopError('IMAGE_UNREADABLE', 'The file is empty. Please choose a JPG or TIF photo.');
        // Counted before any byte is kept: per address, per customer and in all (429 past a limit). Uploads found past
        // their expiry meanwhile lose their bytes now.
        const expired = await recordUnfinished(
          deps.ctx.database,
          {
            id: upload.id,
            owner: viewer,
            address: viewer.address ?? 'unknown',
            declaredBytes: upload.size ?? 0,
            expiresAt: new Date(Date.now() + options.expiryMs),
          },
          options.limits,
        );
        await Promise.all(expired.map((id) => this.store.forget(id).catch(() => undefined)));
        const metadata: Record<string, string | null> = {};
        for (const key of CLIENT_KEYS) {
          const value = upload.metadata?.[key];
          if (typeof value === 'string') metadata[key] = value.slice(0, 255);
        }
        metadata[OWNER_KEY] = viewer.userId ?? '';
        metadata[CLAIM_KEY] = viewer.userId ? '' : (viewer.claimHash ?? '');
        return { metadata };
      },
      onIncomingRequest: async (req, id) => {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        const viewer = viewerOf(req);
        if (!UUID.test(id)) throw notFound();
        let upload: TusUpload;
        try {
          upload = await this.store.getUpload(id);
        } catch {
          throw notFound();
        }
        if (!canAccess({ ownerUserId: ownerOf(upload).userId, claimHash: ownerOf(upload).claimHash }, viewer)) throw notFound();
        // Past its expiry: its bytes are deleted as soon as it is asked for, not at the next sweep.
        const created = upload.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
        if (Number.isFinite(created) && Date.now() > created + options.expiryMs) {
          await this.store.remove(id).catch(() => undefined);
          throw new ShopError('UPLOAD_EXPIRED');
        }
      },
      onUploadFinish: async (req, upload) => {
        const finisher = viewerOf(req);
        const owner = ownerOf(upload);
        // An anonymous upload finished by its claim holder after signing in becomes the account's photo.
        const photoOwner: Viewer = owner.userId === null && finisher.userId ? { userId: finisher.userId, claimHash: null } : owner;
        let photo: Upload;
        try {
          const file = await this.store.takeLocalFile(upload);
          photo = await createUpload(
            deps,
            { path: file, bytes: upload.size ?? upload.offset, filename: upload.metadata?.filename ?? null },
            { ...photoOwner, address: finisher.address ?? null },
            upload.id,
          );
        } finally {
          // The tus server still reads the upload once to answer a creation that brought the whole file.
          this.finished.set(upload.id, upload);
          this.finishedBy.set(nodeRequest(req), [...(this.finishedBy.get(nodeRequest(req)) ?? []), upload.id]);
          await this.store.forget(upload.id, true);
        }
        // A creation that brought the whole photo answers 201 with its Location and the photo, as a finished upload does.
        if (req.method === 'POST')
          return { status_code: 201, body: JSON.stringify(photo), headers: { 'Content-Type': 'application/json' } };
        return {};
      },
      onResponseError: (req, error) => {
        // The shop's own errors (and unexpected ones) go to the API's error handler, not into tus's plain-text body.
        if (error instanceof Error) {
          this.failures.set(nodeRequest(req), error);
          return { status_code: 500, body: '' };
        }
        return undefined;
      },
    });
  }

  /** Runs one tus request for `viewer` (with the request's address). */
  async handle(req: IncomingMessage, res: ServerResponse, viewer: Viewer): Promise<TusAnswer> {
    this.viewers.set(req, viewer);
    try {
      const response = await this.server.handleWeb(new NodeRequest({ req, res }) as unknown as Request);
      const failure = this.failures.get(req);
      if (failure) return { error: failure };
      if (response.status >= 400) return { error: { status_code: response.status, body: await response.text() } };
      return { response };
    } finally {
      for (const id of this.finishedBy.get(req) ?? []) this.finished.delete(id);
    }
  }

  /**
   * Deletes the bytes of uploads not finished within the expiry (those the shop counts, then any the store still
   * holds, from before they were counted or on this server's disk); answers how many. Every server runs it at least
   * hourly, and the daily retention job too.
   */
  async cleanUpExpired(): Promise<number> {
    const expired = await takeExpiredUnfinished(this.deps.ctx.database);
    await Promise.all(expired.map((id) => this.store.forget(id).catch(() => undefined)));
    return expired.length + (await this.server.cleanUpExpiredUploads());
  }
}
