import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ShopError } from '@framewala/domain';

/** The header carrying the browser's anonymous upload claim (a random 32-byte base64url string). */
export const CLAIM_HEADER = 'x-upload-claim';
const CLAIM_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only a SHA-256 of the claim is stored: a database leak does not hand out access to anonymous photos. */
export function hashClaim(claim: string): string {
  return createHash('sha256').update(claim, 'utf8').digest('hex');
}

/** Who is asking: the signed-in user and/or the holder of an anonymous claim. */
export interface Viewer {
  userId: string | null;
  claimHash: string | null;
  /** The request's address (request.ip: see TRUST_PROXY), where known: what it makes is counted by address too. */
  address?: string | null;
}

function claimHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[CLAIM_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The viewer of an upload request. Signed in: the user, plus the claim when a well-formed one is sent (photos
 * uploaded before signing in stay reachable until they are claimed). Anonymous: the claim is required (400).
 */
export function viewerOf(request: FastifyRequest): Viewer {
  const userId = request.auth?.userId ?? null;
  const claim = claimHeader(request)?.trim();
  const valid = claim !== undefined && CLAIM_PATTERN.test(claim);
  if (!userId && !valid) {
    throw new ShopError(
      'UPLOAD_CLAIM_REQUIRED',
      claim
        ? 'The X-Upload-Claim header is not valid: it must be 32 random bytes in base64url (43 characters). Please reload the page and try again.'
        : undefined,
    );
  }
  return { userId, claimHash: valid ? hashClaim(claim) : null, address: request.ip };
}

/** The claim of a signed-in request to POST /api/uploads/claim; 400 when missing or malformed. */
export function requiredClaimHash(request: FastifyRequest): string {
  const claim = claimHeader(request)?.trim();
  if (!claim)
    throw new ShopError('UPLOAD_CLAIM_REQUIRED', 'Send the X-Upload-Claim header with the claim this browser kept for its photos.');
  if (!CLAIM_PATTERN.test(claim)) {
    throw new ShopError(
      'UPLOAD_CLAIM_REQUIRED',
      'The X-Upload-Claim header is not valid: it must be 32 random bytes in base64url (43 characters).',
    );
  }
  return hashClaim(claim);
}

/** An upload is its owner's; an anonymous one is its claim holder's. */
export function canAccess(row: { ownerUserId: string | null; claimHash: string | null }, viewer: Viewer): boolean {
  if (row.ownerUserId) return viewer.userId === row.ownerUserId;
  return row.claimHash !== null && viewer.claimHash === row.claimHash;
}
