import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type Role = 'customer' | 'admin';

export interface SessionClaims {
  userId: string;
  role: Role;
}

export const SHORT_SESSION_SECONDS = 12 * 60 * 60; // without 'Remember me': 12 hours
export const LONG_SESSION_SECONDS = 30 * 24 * 60 * 60; // with 'Remember me': 30 days

const ISSUER = 'framewala';
const AUDIENCE = 'framewala:session';
// The algorithm is fixed: a token claiming another one (including "none") is refused by jwtVerify.
const ALGORITHM = 'HS256';

const keyFor = (secret: string) => new TextEncoder().encode(secret);

/** A verified token's claims plus the account's session version it was issued for (0 when it carries none). */
export interface VerifiedSession extends SessionClaims {
  sessionVersion: number;
}

export interface SignSessionOptions {
  /** 'Remember me': a long session. */
  remember?: boolean;
  /** Milliseconds since the epoch (tests). */
  now?: number;
  /** The account's `session_version` (claim `sv`); a password reset bumps it, ending tokens signed before. */
  sessionVersion?: number;
}

export async function signSessionToken(secret: string, claims: SessionClaims, opts: SignSessionOptions = {}): Promise<string> {
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  return new SignJWT({ role: claims.role, ...(opts.sessionVersion ? { sv: opts.sessionVersion } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.remember ? LONG_SESSION_SECONDS : SHORT_SESSION_SECONDS))
    .sign(keyFor(secret));
}

/** The claims of a valid token, or undefined for anything else: bad signature, other algorithm, expired, malformed. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | undefined> {
  const session = await verifySession(secret, token);
  return session && { userId: session.userId, role: session.role };
}

/**
 * Tokens already verified, per secret, with their expiry: a token's signature does not change, so each is checked once
 * (an HMAC through WebCrypto costs more than the rest of a typical request; docs/decisions/032-checkout-round-trips.md)
 * and afterwards only its expiry. Bounded: emptied when it reaches MAX_VERIFIED entries.
 */
const verifiedTokens = new Map<string, Map<string, { session: VerifiedSession; expiresAtMs: number }>>();
const MAX_VERIFIED = 20_000;

/** Like verifySessionToken, with the session version the token was issued for. */
export async function verifySession(secret: string, token: string): Promise<VerifiedSession | undefined> {
  let known = verifiedTokens.get(secret);
  const hit = known?.get(token);
  if (hit) {
    if (hit.expiresAtMs > Date.now()) return { ...hit.session };
    known!.delete(token);
    return undefined;
  }
  const session = await verifySessionSignature(secret, token);
  if (session) {
    if (!known) verifiedTokens.set(secret, (known = new Map()));
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, { session: session.session, expiresAtMs: session.expiresAtMs });
  }
  return session && { ...session.session };
}

async function verifySessionSignature(
  secret: string,
  token: string,
): Promise<{ session: VerifiedSession; expiresAtMs: number } | undefined> {
  try {
    // A token without an expiry would be valid for ever: `exp` (and `sub`) must be there.
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const role = payload.role === 'admin' ? 'admin' : payload.role === 'customer' ? 'customer' : undefined;
    const sv = payload.sv ?? 0;
    if (!payload.sub || !role || typeof sv !== 'number' || !Number.isSafeInteger(sv)) return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    return { session: { userId: payload.sub, role, sessionVersion: sv }, expiresAtMs: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
