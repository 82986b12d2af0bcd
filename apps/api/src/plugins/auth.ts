import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ShopError } from '@framewala/domain';
import { verifySession, type Role, type SessionClaims } from '../services/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, or null. Set from `Authorization: Bearer <token>`. */
    auth: SessionClaims | null;
    /**
     * On routes with `config: { sessionCheckedByRoute: true }`: the token's account and session version, which the
     * route's own query checks against the account (instead of a query of its own here); null elsewhere.
     */
    sessionToCheck: { userId: string; sessionVersion: number } | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the token's session version against the account inside its own statements (saving a query
     * per request on hot routes, docs/decisions/032-checkout-round-trips.md). Its `request.auth.role` is then the
     * token's claim, unchecked: such a route must not look at the role, and must refuse with {@link SESSION_INVALID}
     * (401) when its check fails.
     */
    sessionCheckedByRoute?: boolean;
  }
}

/** The account behind a token as the database has it now, or undefined when it no longer exists. */
export type LoadAccount = (userId: string) => Promise<{ role: Role; sessionVersion: number } | undefined>;

export interface AuthPluginOptions {
  jwtSecret: string;
  /**
   * When given, every token is checked against the account: it must still exist, and the token's session version must
   * be the account's (a password reset bumps it, ending older sessions). The role then comes from the database.
   */
  loadAccount?: LoadAccount;
}

export const SESSION_INVALID = 'Your session has expired or is not valid. Please sign in again.';

/**
 * Reads the bearer token on every request. No header: anonymous. A header with a bad, tampered or expired token is
 * refused with 401 even on routes where signing in is optional, so a client never silently loses its session.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToCheck', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const session = match?.[1] ? await verifySession(opts.jwtSecret, match[1]) : undefined;
    if (!session) throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
    let role = session.role;
    if (opts.loadAccount && request.routeOptions.config?.sessionCheckedByRoute) {
      request.sessionToCheck = { userId: session.userId, sessionVersion: session.sessionVersion };
    } else if (opts.loadAccount) {
      const account = await opts.loadAccount(session.userId);
      if (!account || account.sessionVersion !== session.sessionVersion) throw new ShopError('UNAUTHORIZED', SESSION_INVALID);
      role = account.role;
    }
    request.auth = { userId: session.userId, role };
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
