/**
 * The API hands out a customer's photos (renditions, thumbnails) as signed URLs that expire: `…?exp=<seconds>&sig=…`.
 * The order in progress keeps its photo's URLs in localStorage, where they outlive that, so they are refreshed from
 * `GET /api/uploads/:id` shortly before they expire (on start, then every few minutes while the page stays open).
 * The app loads this module once the page has painted (it brings zod).
 */
import { z } from 'zod';
import { apiRequest } from '../api';
import { uploadRequestHeaders } from '../uploads/upload-claim';
import { readStoredOrder, writeStoredOrder } from './stored-order';

/** A URL is renewed when it expires within this. */
export const REFRESH_BEFORE_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 5 * 60 * 1000;
const PHOTO_FIELDS = ['photo', 'sourcePhoto'] as const;

/** What the refresh reads of a stored photo; every other field of it is kept as it is. */
const storedPhotoSchema = z.looseObject({ _id: z.string(), url: z.unknown().optional(), thumbnailUrl: z.unknown().optional() });
/** What the refresh takes from `GET /api/uploads/:id`. */
const renewedSchema = z.looseObject({ url: z.string().min(1), thumbnailUrl: z.string().optional().catch(undefined) });

/** When a signed URL expires (ms since 1970), or null for a URL that does not expire. */
export function urlExpiresAt(url: unknown): number | null {
  if (typeof url !== 'string') return null;
  const match = /[?&]exp=(\d{1,12})(?:&|$)/.exec(url);
  return match ? Number(match[1]) * 1000 : null;
}

export function expiresSoon(url: unknown, now = Date.now()): boolean {
  const at = urlExpiresAt(url);
  return at !== null && at - now < REFRESH_BEFORE_MS;
}

let inFlight: Promise<void> | null = null;

/** Renews the stored order's photo URLs that are about to expire; other fields are left as they are. */
export function refreshStoredPhotoUrls(now = Date.now()): Promise<void> {
  if (inFlight) return inFlight;
  const order = readStoredOrder();
  const ids = new Set<string>();
  for (const field of PHOTO_FIELDS) {
    const photo = storedPhotoSchema.safeParse(order?.[field]);
    if (photo.success && (expiresSoon(photo.data.url, now) || expiresSoon(photo.data.thumbnailUrl, now))) ids.add(photo.data._id);
  }
  if (ids.size === 0) return Promise.resolve();
  inFlight = (async () => {
    const fresh = new Map<string, z.infer<typeof renewedSchema>>();
    for (const id of ids) {
      try {
        const body = await apiRequest<unknown>(`/api/uploads/${encodeURIComponent(id)}`, { headers: uploadRequestHeaders() });
        const renewed = renewedSchema.safeParse(body);
        if (renewed.success) fresh.set(id, renewed.data);
      } catch {
        // Offline or the photo is gone: the editor shows its own message when the image does not load.
      }
    }
    const current = readStoredOrder();
    if (!current || fresh.size === 0) return;
    const next = { ...current };
    for (const field of PHOTO_FIELDS) {
      const photo = storedPhotoSchema.safeParse(current[field]);
      const renewed = photo.success ? fresh.get(photo.data._id) : undefined;
      if (photo.success && renewed) {
        next[field] = { ...photo.data, url: renewed.url, thumbnailUrl: renewed.thumbnailUrl ?? photo.data.thumbnailUrl };
      }
    }
    writeStoredOrder(next);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Keeps the stored order's photo URLs fresh while the app is open; returns the function that stops it. */
export function keepPhotoUrlsFresh(): () => void {
  void refreshStoredPhotoUrls();
  const timer = window.setInterval(() => void refreshStoredPhotoUrls(), CHECK_EVERY_MS);
  return () => window.clearInterval(timer);
}
