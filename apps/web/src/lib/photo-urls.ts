/**
 * The API hands out a customer's photos (renditions, thumbnails) as signed URLs that expire: `…?exp=<seconds>&sig=…`.
 * The order in progress keeps its photo's URLs in localStorage, where they outlive that, so they are refreshed from
 * `GET /api/uploads/:id` shortly before they expire (on start, then every few minutes while the page stays open).
 */
import { useEffect } from 'react';
import { apiRequest } from './api';
import { readStoredOrder, writeStoredOrder } from './order-storage';
import { uploadRequestHeaders } from './upload-claim';

/** A URL is renewed when it expires within this. */
export const REFRESH_BEFORE_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 5 * 60 * 1000;
const PHOTO_FIELDS = ['photo', 'sourcePhoto'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
    const photo = order?.[field];
    if (isRecord(photo) && typeof photo._id === 'string' && (expiresSoon(photo.url, now) || expiresSoon(photo.thumbnailUrl, now))) {
      ids.add(photo._id);
    }
  }
  if (ids.size === 0) return Promise.resolve();
  inFlight = (async () => {
    const fresh = new Map<string, { url: string; thumbnailUrl: unknown }>();
    for (const id of ids) {
      try {
        const body = await apiRequest<unknown>(`/api/uploads/${encodeURIComponent(id)}`, { headers: uploadRequestHeaders() });
        if (isRecord(body) && typeof body.url === 'string' && body.url) fresh.set(id, { url: body.url, thumbnailUrl: body.thumbnailUrl });
      } catch {
        // Offline or the photo is gone: the editor shows its own message when the image does not load.
      }
    }
    const current = readStoredOrder();
    if (!current || fresh.size === 0) return;
    const next = { ...current };
    for (const field of PHOTO_FIELDS) {
      const photo = current[field];
      const renewed = isRecord(photo) && typeof photo._id === 'string' ? fresh.get(photo._id) : undefined;
      if (isRecord(photo) && renewed) {
        next[field] = {
          ...photo,
          url: renewed.url,
          thumbnailUrl: typeof renewed.thumbnailUrl === 'string' ? renewed.thumbnailUrl : photo.thumbnailUrl,
        };
      }
    }
    writeStoredOrder(next);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Keeps the stored order's photo URLs fresh while the app is open. */
export function useFreshStoredPhotoUrls(): void {
  useEffect(() => {
    void refreshStoredPhotoUrls();
    const timer = window.setInterval(() => void refreshStoredPhotoUrls(), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
}
