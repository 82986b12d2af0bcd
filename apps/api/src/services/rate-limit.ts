import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ShopError } from '@framewala/domain';
import type { Database } from '../db/client';

/**
 * Fixed-window rate limits kept in PostgreSQL (table `rate_limits`), so every server counts together. One atomic
 * upsert per check: a new or expired window starts at 1, otherwise the count goes up by one.
 */
export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOptions extends RateLimitRule {
  /**
   * What is counted, e.g. `(r) => 'login:ip:' + r.ip`. Include the limit's name: keys are shared by every limit.
   * undefined skips the check. The key is hashed before it is stored.
   */
  key: (request: FastifyRequest) => string | undefined;
  /** The 429 message; the catalogue's by default. */
  message?: string;
}

export interface RateLimitHit {
  allowed: boolean;
  count: number;
  resetAt: Date;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Counts one request against `key` and says whether it is within the limit. */
export async function hitRateLimit(database: Database, key: string, rule: RateLimitRule): Promise<RateLimitHit> {
  const { rows } = await database.pool.query<{ count: number; reset_at: Date }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= now() THEN 1 ELSE LEAST(r.count + 1, 2147483647) END,
       reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
     RETURNING count, reset_at`,
    [hashKey(key), rule.windowSeconds],
  );
  const row = rows[0]!;
  return { allowed: row.count <= rule.limit, count: row.count, resetAt: row.reset_at };
}

/** A preHandler answering 429 RATE_LIMITED (with Retry-After) once `limit` requests came within the window. */
export function rateLimit(database: Database, options: RateLimitOptions) {
  return async function rateLimitHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = options.key(request);
    if (key === undefined) return;
    const hit = await hitRateLimit(database, key, options);
    if (hit.allowed) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - Date.now()) / 1000));
    reply.header('retry-after', String(retryAfterSeconds));
    // Refused before the body was read (an upload): close the connection rather than read it for nothing.
    if (!request.raw.complete) reply.header('connection', 'close');
    throw new ShopError('RATE_LIMITED', options.message, { retryAfterSeconds });
  };
}

/**
 * Rate limits of the costly customer routes (docs/decisions/028-rate-limits-proxies-and-faults.md). Tests pass smaller ones
 * through buildApp({rateLimits}); benchmarks spread their load over enough accounts instead.
 */
export interface ShopRateLimits {
  /** POST /api/upload-image, per account (per IP address when not signed in). */
  uploadPerAccount: RateLimitRule;
  /** POST /api/uploads/:id/crop, per account (per IP address when not signed in). */
  cropPerAccount: RateLimitRule;
  /** POST /api/create-order, per account. */
  createOrderPerAccount: RateLimitRule;
  /** GET /api/uploads/:id/framed.glb (a model built per request), per account, else per IP address (signed links too). */
  arModelPerAccount: RateLimitRule;
}

export const DEFAULT_SHOP_RATE_LIMITS: ShopRateLimits = {
  uploadPerAccount: { limit: 120, windowSeconds: 10 * 60 },
  cropPerAccount: { limit: 120, windowSeconds: 10 * 60 },
  createOrderPerAccount: { limit: 30, windowSeconds: 10 * 60 },
  arModelPerAccount: { limit: 120, windowSeconds: 10 * 60 },
};

/** Counts per signed-in account, or per IP address for anonymous requests (request.ip: see TRUST_PROXY). */
export const byAccountOrIp =
  (name: string) =>
  (request: FastifyRequest): string =>
    request.auth ? `${name}:user:${request.auth.userId}` : `${name}:ip:${request.ip}`;

/** Deletes windows that ended (run from a scheduled job). */
export async function deleteExpiredRateLimits(database: Database): Promise<number> {
  const { rowCount } = await database.pool.query(`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'`);
  return rowCount ?? 0;
}
