import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { ORDER_STORAGE_KEY } from './stored-order';
import { expiresSoon, refreshStoredPhotoUrls, urlExpiresAt } from './photo-urls';

const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const at = (ms: number) => Math.floor(ms / 1000);
const signed = (name: string, expMs: number) => `/media/uploads/u/${name}.jpg?exp=${at(expMs)}&sig=${'s'.repeat(43)}`;

afterEach(() => {
  window.localStorage.clear();
});

describe('signed photo URLs', () => {
  it('read their expiry; catalogue art never expires', () => {
    expect(urlExpiresAt(signed('a', NOW))).toBe(at(NOW) * 1000);
    expect(urlExpiresAt('/media/frames/v1/a.webp')).toBeNull();
    expect(expiresSoon(signed('a', NOW + 30 * 60_000), NOW)).toBe(true);
    expect(expiresSoon(signed('a', NOW + 5 * 3600_000), NOW)).toBe(false);
    expect(expiresSoon('/media/frames/v1/a.webp', NOW)).toBe(false);
  });

  it('in the stored order are renewed from the API shortly before they expire, keeping every other field', async () => {
    const old = {
      _id: 'crop-1',
      url: signed('display', NOW + 10 * 60_000),
      thumbnailUrl: signed('thumb', NOW + 10 * 60_000),
      width: 900,
      height: 720,
    };
    const source = { _id: 'orig-1', url: signed('display-o', NOW + 6 * 3600_000), width: 1800, height: 1440 };
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: old, sourcePhoto: source, quantity: 2, step: 3 }));
    const asked: string[] = [];
    server.use(
      http.get('/api/uploads/:id', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ _id: 'crop-1', url: '/media/new-display?exp=1&sig=x', thumbnailUrl: '/media/new-thumb?exp=1&sig=x' });
      }),
    );
    await refreshStoredPhotoUrls(NOW);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBe('/api/uploads/crop-1');
    const stored = JSON.parse(window.localStorage.getItem(ORDER_STORAGE_KEY)!);
    expect(stored.photo).toEqual({ ...old, url: '/media/new-display?exp=1&sig=x', thumbnailUrl: '/media/new-thumb?exp=1&sig=x' });
    expect(stored.sourcePhoto).toEqual(source);
    expect(stored).toMatchObject({ quantity: 2, step: 3 });
  });

  it('are left alone when the API cannot renew them', async () => {
    const photo = { _id: 'gone', url: signed('display', NOW), width: 900, height: 720 };
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo }));
    server.use(http.get('/api/uploads/:id', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 })));
    await refreshStoredPhotoUrls(NOW);
    expect(JSON.parse(window.localStorage.getItem(ORDER_STORAGE_KEY)!).photo).toEqual(photo);
  });
});
