import type { FastifyPluginAsync } from 'fastify';
import { ShopError } from '@framewala/domain';
import type { S3Storage } from '../services/s3-storage';
import { assertSafeKey, StoredFileNotFoundError, type Storage } from '../services/storage';

/** An S3 store whose files the browser fetches through this server (no S3_PUBLIC_URL); checked without loading the SDK. */
export function isProxiedS3(storage: Storage): storage is S3Storage {
  return (storage as Partial<S3Storage>).proxied === true && typeof (storage as Partial<S3Storage>).open === 'function';
}

/**
 * /media/<key> for files kept in S3 when no public URL (CDN) is configured: the server streams the object through,
 * so the bucket can stay private (docs/decisions/010-upload-storage-s3.md). Keys are unguessable or versioned, so
 * answers are cached for a year.
 */
export const mediaProxyRoutes =
  (storage: S3Storage): FastifyPluginAsync =>
  async (app) => {
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const notFound = new ShopError('NOT_FOUND', 'This file does not exist.');
      try {
        assertSafeKey(key);
      } catch {
        throw notFound;
      }
      try {
        const file = await storage.open(key);
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.type(file.contentType ?? 'application/octet-stream');
        if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
        return reply.send(file.body);
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw notFound;
        throw error;
      }
    });
  };
