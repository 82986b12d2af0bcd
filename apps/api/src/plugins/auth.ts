import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ShopError } from '@framewala/domain';
import { verifySessionToken, type SessionClaims } from '../services/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, or null. Set from `Authorization: Bearer <token>`. */
    auth: SessionClaims | null;
  }
}

/**
 * Reads the bearer token on every request. No header: anonymous. A header with a bad, tampered or expired token is
 * refused with 401 even on routes where signing in is optional, so a client never silently loses its session.
 */
export const authPlugin = fp<{ jwtSecret: string }>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match?.[1] ? await verifySessionToken(opts.jwtSecret, match[1]) : undefined;
    if (!claims) throw new ShopError('UNAUTHORIZED', 'Your session has expired or is not valid. Please sign in again.');
    request.auth = claims;
  });
});

/** preHandler for 🔒 routes. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new ShopError('UNAUTHORIZED', 'Please sign in to continue.');
}

/** preHandler for /api/admin routes. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new ShopError('UNAUTHORIZED', 'Please sign in to continue.');
  if (request.auth.role !== 'admin') throw new ShopError('FORBIDDEN', 'This page is for the shop staff only.');
}

/** The signed-in user's id; only call after requireUser. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.auth) throw new ShopError('UNAUTHORIZED', 'Please sign in to continue.');
  return request.auth.userId;
}
