import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import type { Storage } from './storage';

/**
 * Who may read a stored file (docs/decisions/042-private-media.md). Catalogue art (`frames/…`) is public and never
 * changes. Everything else is a customer's: an upload's original (`uploads/<id>/original-…`) and an order's print file
 * and mock-up (`print-files/<order>/…`) go only to their owner and to admins; an upload's display rendition and
 * thumbnail (`uploads/<id>/display-…`, `thumb-…`) also to whoever holds a signed URL the API handed out, which expires.
 */
export type MediaClass =
  | { kind: 'public' }
  | { kind: 'upload'; uploadId: string; role: 'original' | 'display' | 'thumb' }
  | { kind: 'order'; orderKey: string }
  | { kind: 'unknown' };

const UPLOAD_KEY = /^uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(original|display|thumb)-[^/]+$/;
const ORDER_KEY = /^print-files\/([a-z0-9-]+)\/[^/]+$/;

export function classifyMediaKey(key: string): MediaClass {
  if (key.startsWith('frames/')) return { kind: 'public' };
  const upload = UPLOAD_KEY.exec(key);
  if (upload) return { kind: 'upload', uploadId: upload[1]!, role: upload[2] as 'original' | 'display' | 'thumb' };
  const order = ORDER_KEY.exec(key);
  if (order) return { kind: 'order', orderKey: order[1]! };
  return { kind: 'unknown' };
}

/** How long a signed URL is good for, at least: it expires on the next whole hour after this. */
export const SIGNED_URL_TTL_SECONDS = 12 * 60 * 60;
/** Expiries are rounded up to this grid, so a page asked twice in an hour gets the same URL (and the browser's cache). */
const EXPIRY_GRID_SECONDS = 60 * 60;

const keys = new Map<string, Buffer>();

/** The signing key, derived from the server secret (every server of one shop derives the same). */
function signingKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'framewala', 'media url signature', 32));
    keys.set(secret, key);
  }
  return key;
}

function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', signingKey(secret)).update(`${key}\n${exp}`).digest('base64url');
}

/** `/media/<key>?exp=<unix seconds>&sig=<HMAC-SHA256>`: a private file's URL for a browser's <img>. */
export function signedMediaUrl(secret: string, key: string, now: Date = new Date()): string {
  const exp = Math.ceil((now.getTime() / 1000 + SIGNED_URL_TTL_SECONDS) / EXPIRY_GRID_SECONDS) * EXPIRY_GRID_SECONDS;
  return `/media/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/** The seconds the signed URL stays valid, or null when its signature or expiry is not good. */
export function checkMediaSignature(secret: string, key: string, exp: unknown, sig: unknown, now: Date = new Date()): number | null {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp) || sig.length !== 43) return null;
  const expiry = Number(exp);
  const left = expiry - Math.floor(now.getTime() / 1000);
  if (left <= 0) return null;
  const expected = Buffer.from(signature(secret, key, expiry));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
}

/**
 * The URL a browser uses for a stored file: the store's own for public catalogue art; a signed, expiring /media URL
 * (served by this server from any store) for a customer's photo.
 */
export function mediaUrl(ctx: Pick<AppContext, 'config'> & { storage: Pick<Storage, 'url'> }, key: string): string {
  if (classifyMediaKey(key).kind === 'public') return ctx.storage.url(key);
  return signedMediaUrl(ctx.config.auth.jwtSecret, key);
}
