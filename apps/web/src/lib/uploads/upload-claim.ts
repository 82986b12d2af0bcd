/**
 * The anonymous upload claim (contracts): a random 32-byte base64url string, created once and kept in localStorage
 * `framewala.claim`. Every upload-related call (upload, status, crop) sends it as `X-Upload-Claim`, signed in or not;
 * the server keeps only its SHA-256 hash on anonymous uploads and moves them to the account at sign-in
 * (`POST /api/uploads/claim`, `claim-uploads.ts`). Read with a pattern rather than zod: this module goes with the
 * upload dialog, which carries no zod (decision 098).
 */
import { getToken } from '../auth';

export const CLAIM_STORAGE_KEY = 'framewala.claim';

// eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header
export const UPLOAD_CLAIM_HEADER = 'X-Upload-Claim';

/** 32 random bytes → 43 base64url characters, no padding. */
const CLAIM_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Used when localStorage is disabled: the claim then lasts for this page. */
let memoryClaim: string | null = null;

function readStoredClaim(): string | null {
  try {
    return window.localStorage.getItem(CLAIM_STORAGE_KEY);
  } catch {
    return null;
  }
}

function newClaim(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The browser's claim, created on first use. A stored value that is not a well-formed claim is replaced. */
export function ensureUploadClaim(): string {
  const stored = readStoredClaim();
  if (stored && CLAIM_PATTERN.test(stored)) return stored;
  if (memoryClaim) return memoryClaim;
  const claim = newClaim();
  try {
    window.localStorage.setItem(CLAIM_STORAGE_KEY, claim);
  } catch {
    memoryClaim = claim;
  }
  return claim;
}

/** The anonymous upload claim, if the upload client has created one: what is sent at sign-in (the server ignores a claim it never saw). */
export function getUploadClaim(): string | null {
  const stored = readStoredClaim();
  return stored && stored.trim() !== '' ? stored : null;
}

/** Headers for upload-related calls: the claim always, the bearer token when signed in. */
export function uploadRequestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [UPLOAD_CLAIM_HEADER]: ensureUploadClaim() };
  const token = getToken();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not a text
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
