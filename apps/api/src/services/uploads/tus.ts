import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Upload as TusUpload } from '@tus/utils';
import { NodeRequest } from 'srvx/node';
import { ShopError } from '@framewala/domain';
import { canAccess, type Viewer } from './access';
import { HEAD_CHECK_BYTES, HeadCheckStream } from './head-check';
import { createUpload, type UploadsDeps } from './service';

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
 * tus's file store, with the photo's first bytes checked as they arrive (415, 422; see HeadCheck). A refused upload is
 * removed at once, so nothing of it stays on disk.
 */
class CheckedFileStore extends FileStore {
  constructor(
    readonly folder: string,
    expiryMs: number,
  ) {
    super({ directory: folder, expirationPeriodInMilliseconds: expiryMs });
  }

  filePath(id: string): string {
    if (!UUID.test(id)) throw notFound();
    return path.join(this.folder, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset >= HEAD_CHECK_BYTES) return super.write(readable, id, offset);
    // A resumed upload: the beginning already stored is part of the header.
    const prefix = offset > 0 ? await readPrefix(this.filePath(id), offset) : undefined;
    const check = new HeadCheckStream(prefix);
    readable.on('error', (error) => check.destroy(error));
    readable.pipe(check);
    try {
      return await super.write(check, id, offset);
    } catch (error) {
      // The file store reports any failure of its stream as its own write error: the refusal is kept aside.
      if (!check.refusal) throw error;
      await this.remove(id).catch(() => undefined);
      throw check.refusal;
    }
  }

  /** Forgets an upload whose bytes have been taken (or refused): its file, if still there, and its record. */
  async forget(id: string): Promise<void> {
    await fs.rm(this.filePath(id), { force: true });
    await this.configstore.delete(id).catch(() => undefined);
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
 * The resumable upload endpoint (tus 1.0.0 with @tus/server and its file store). Ids are the photo's own: the upload
 * `/api/uploads/tus/<id>` becomes the photo `/api/uploads/<id>`. Every request carries the viewer (token or claim):
 * creation records the owner, and HEAD, PATCH and DELETE on someone else's upload answer 404. The PATCH that brings
 * the last byte runs the photo's checks (createUpload, the same as the plain path) and answers 204 or the error, and
 * the upload's bytes are gone either way.
 */
export class TusUploads {
  readonly store: CheckedFileStore;
  private readonly server: Server;
  private readonly viewers = new WeakMap<IncomingMessage, Viewer>();
  private readonly failures = new WeakMap<IncomingMessage, Error>();

  constructor(deps: UploadsDeps, options: { directory: string; maxBytes: number; expiryMs: number }) {
    this.store = new CheckedFileStore(options.directory, options.expiryMs);
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
      },
      onUploadFinish: async (_req, upload) => {
        const file = this.store.filePath(upload.id);
        try {
          await createUpload(
            deps,
            { path: file, bytes: upload.size ?? upload.offset, filename: upload.metadata?.filename ?? null },
            ownerOf(upload),
            upload.id,
          );
        } finally {
          await this.store.forget(upload.id);
        }
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

  /** Runs one tus request for `viewer`. */
  async handle(req: IncomingMessage, res: ServerResponse, viewer: Viewer): Promise<TusAnswer> {
    this.viewers.set(req, viewer);
    const response = await this.server.handleWeb(new NodeRequest({ req, res }) as unknown as Request);
    const failure = this.failures.get(req);
    if (failure) return { error: failure };
    if (response.status >= 400) return { error: { status_code: response.status, body: await response.text() } };
    return { response };
  }

  /** Deletes the bytes of uploads not finished within the expiry; answers how many. */
  cleanUpExpired(): Promise<number> {
    return this.server.cleanUpExpiredUploads();
  }
}
