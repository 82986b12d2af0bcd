import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ShopError } from '@framewala/domain';
import type { AppContext } from '../context';
import { canAccess, CLAIM_HEADER, hashClaim } from '../services/uploads/access';
import { checkMediaSignature, classifyMediaKey } from '../services/media-access';
import type { S3Storage } from '../services/s3-storage';
import { assertSafeKey, StoredFileNotFoundError, type Storage } from '../services/storage';

/** An S3 store whose files the browser fetches through this server (no S3_PUBLIC_URL); checked without loading the SDK. */
export function isProxiedS3(storage: Storage): storage is S3Storage {
  return (storage as Partial<S3Storage>).proxied === true && typeof (storage as Partial<S3Storage>).open === 'function';
}

function isS3(storage: Storage): storage is S3Storage {
  return typeof (storage as Partial<S3Storage>).open === 'function';
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
};

interface OpenedFile {
  body: NodeJS.ReadableStream;
  contentType: string | undefined;
  contentLength: number | undefined;
}

async function openStored(storage: Storage, key: string): Promise<OpenedFile> {
  if (isS3(storage)) return storage.open(key);
  const local = storage.localPath(key);
  if (local) {
    const stat = await fs.stat(local).catch(() => null);
    if (!stat?.isFile()) throw new StoredFileNotFoundError(key);
    return { body: createReadStream(local), contentType: CONTENT_TYPES[path.extname(key).toLowerCase()], contentLength: stat.size };
  }
  return { body: await storage.read(key), contentType: CONTENT_TYPES[path.extname(key).toLowerCase()], contentLength: undefined };
}

function claimHashOf(request: FastifyRequest): string | null {
  const raw = request.headers[CLAIM_HEADER];
  const claim = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return claim && /^[A-Za-z0-9_-]{43}$/.test(claim) ? hashClaim(claim) : null;
}

/** The owner (by bearer token or upload claim) or an admin. */
async function isOwnerOrAdmin(ctx: AppContext, request: FastifyRequest, target: ReturnType<typeof classifyMediaKey>): Promise<boolean> {
  if (request.auth?.role === 'admin') return true;
  const userId = request.auth?.userId ?? null;
  if (target.kind === 'upload') {
    const claimHash = claimHashOf(request);
    if (!userId && !claimHash) return false;
    const { rows } = await ctx.database.pool.query<{ owner_user_id: string | null; claim_hash: string | null }>(
      'SELECT owner_user_id, claim_hash FROM uploads WHERE id = $1 AND deleted_at IS NULL',
      [target.uploadId],
    );
    const row = rows[0];
    return row !== undefined && canAccess({ ownerUserId: row.owner_user_id, claimHash: row.claim_hash }, { userId, claimHash });
  }
  if (target.kind === 'order' && userId) {
    const { rows } = await ctx.database.pool.query('SELECT 1 FROM orders WHERE lower(id) = $1 AND user_id = $2', [target.orderKey, userId]);
    return rows.length > 0;
  }
  return false;
}

/**
 * /media/<key> (docs/decisions/042-private-media.md). Catalogue art is public and cached for a year (local disk serves
 * it through @fastify/static under /media/frames/; this route serves it from S3 without a public URL). A customer's
 * files are private: an upload's rendition or thumbnail with a valid signed URL, or to its owner or an admin; an
 * original, a print file or a mock-up only to its owner or an admin. Anything else, or a refusal, is 404 — a private
 * file's existence is not told. Private answers are `Cache-Control: private`.
 */
export const mediaRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const notFound = new ShopError('NOT_FOUND', 'This file does not exist.');
      try {
        assertSafeKey(key);
      } catch {
        throw notFound;
      }
      const target = classifyMediaKey(key);
      let cacheControl: string;
      if (target.kind === 'public') {
        cacheControl = 'public, max-age=31536000, immutable';
      } else if (target.kind === 'unknown') {
        throw notFound;
      } else {
        const query = request.query as { exp?: unknown; sig?: unknown };
        const left =
          target.kind === 'upload' && target.role !== 'original'
            ? checkMediaSignature(ctx.config.auth.jwtSecret, key, query.exp, query.sig)
            : null;
        if (left !== null) {
          cacheControl = `private, max-age=${Math.min(left, 3600)}`;
        } else if (await isOwnerOrAdmin(ctx, request, target)) {
          cacheControl = 'private, no-store';
        } else {
          throw notFound;
        }
      }
      try {
        const file = await openStored(ctx.storage, key);
        reply.header('cache-control', cacheControl);
        reply.type(file.contentType ?? 'application/octet-stream');
        if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
        return reply.send(file.body);
      } catch (error) {
        if (error instanceof StoredFileNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound;
        throw error;
      }
    });
  };
