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

export async function signSessionToken(secret: string, claims: SessionClaims, opts: { remember?: boolean; now?: number } = {}): Promise<string> {
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  return new SignJWT({ role: claims.role })
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
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const role = payload.role === 'admin' ? 'admin' : payload.role === 'customer' ? 'customer' : undefined;
    if (!payload.sub || !role) return undefined;
    return { userId: payload.sub, role };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}
