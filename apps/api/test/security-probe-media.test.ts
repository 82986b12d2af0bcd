import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedMediaUrl } from '../src/services/media-access';
import { LocalStorage } from '../src/services/storage';
import { Client, signUpAndIn } from './accounts-helpers';
import { paidOrder, signInAdmin } from './admin-helpers';
import { createTestApp, testConfig, type TestApp } from './helpers';
import { pickCatalogue, saveAddress } from './orders-helpers';
import { newClaim, plainJpeg, uploadRequest } from './upload-fixtures';

// /media must not hand a customer's photos to anyone who has (or guesses) a URL, nor let a shared cache keep them.

let t: TestApp;
let client: Client;
let asha: Awaited<ReturnType<typeof signUpAndIn>>;
let ravi: Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
const secret = testConfig().auth.jwtSecret;

interface UploadAnswer {
  _id: string;
  url: string;
  thumbnailUrl: string;
}

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.app);
  asha = await signUpAndIn(client);
  ravi = await signUpAndIn(client, { firstName: 'Ravi' });
  admin = await signInAdmin(t, client);
});
afterAll(async () => {
  await t?.close();
});

async function upload(auth: { token?: string; claim?: string }): Promise<UploadAnswer> {
  const res = await t.app.inject(uploadRequest(await plainJpeg(900, 720), { token: auth.token, claim: auth.claim ?? null }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadAnswer>();
}
const keysOf = async (id: string) =>
  (await t.database.pool.query('SELECT original_key, rendition_key, thumbnail_key FROM uploads WHERE id = $1', [id])).rows[0] as {
    original_key: string;
    rendition_key: string;
    thumbnail_key: string;
  };
const fetchMedia = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectHidden(res: Awaited<ReturnType<typeof fetchMedia>>) {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'This file does not exist.' });
  expect(res.headers['cache-control'] ?? '').not.toContain('public');
}

describe('originals', () => {
  it('go only to their owner (token or claim) and admins: 404 for anyone else', async () => {
    const mine = await upload({ token: asha.token });
    const { original_key } = await keysOf(mine._id);
    const url = `/media/${original_key}`;
    expectHidden(await fetchMedia(url));
    expectHidden(await fetchMedia(url, bearer(ravi.token)));
    expectHidden(await fetchMedia(url, { 'x-upload-claim': newClaim() }));
    // A signature does not open an original: signed URLs are for renditions only.
    expectHidden(await fetchMedia(signedMediaUrl(secret, original_key)));

    const own = await fetchMedia(url, bearer(asha.token));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect((await fetchMedia(url, bearer(admin.token))).statusCode).toBe(200);

    const claim = newClaim();
    const anonymous = await upload({ claim });
    const anonymousUrl = `/media/${(await keysOf(anonymous._id)).original_key}`;
    expect((await fetchMedia(anonymousUrl, { 'x-upload-claim': claim })).statusCode).toBe(200);
    expectHidden(await fetchMedia(anonymousUrl));
    expectHidden(await fetchMedia(anonymousUrl, bearer(ravi.token)));
  });
});

describe('renditions and thumbnails', () => {
  it('come as signed URLs that expire, answered with Cache-Control private; the bare path is refused', async () => {
    const mine = await upload({ token: asha.token });
    for (const url of [mine.url, mine.thumbnailUrl]) {
      expect(url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}\/(display|thumb)-\d+-\d+\.jpg\?exp=\d+&sig=[\w-]{43}$/);
      const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
      expect(exp * 1000 - Date.now()).toBeGreaterThan(11 * 3600_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(13 * 3600_000);

      const res = await fetchMedia(url); // no credentials: the signature is enough
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(Number(/max-age=(\d+)/.exec(res.headers['cache-control'] as string)![1])).toBeLessThanOrEqual(3600);

      const bare = url.split('?')[0]!;
      expectHidden(await fetchMedia(bare));
      expectHidden(await fetchMedia(`${bare}?exp=${exp}&sig=${'A'.repeat(43)}`));
      // Another expiry with the same signature, or the signature moved to another file: refused.
      expectHidden(await fetchMedia(`${bare}?exp=${exp + 3600}&sig=${new URL(url, 'http://x').searchParams.get('sig')}`));
      // The owner may still fetch it without a signature.
      expect((await fetchMedia(bare, bearer(asha.token))).statusCode).toBe(200);
    }
    const { rendition_key } = await keysOf(mine._id);
    const expired = signedMediaUrl(secret, rendition_key, new Date(Date.now() - 14 * 3600_000));
    expectHidden(await fetchMedia(expired));
  });

  it('the API hands out fresh signed URLs for the upload, the order list and the console', async () => {
    const c = await pickCatalogue(t);
    await saveAddress(t, asha.user._id);
    const photo = await upload({ token: asha.token });
    const order = await paidOrder(client, asha.token, c, photo._id);
    const mineList = (await client.get('/api/orders', { token: asha.token })).json();
    const listed = JSON.stringify(mineList);
    expect(listed).toMatch(/\/media\/uploads\/[^"]+\?exp=\d+&sig=/);
    const consoleOrder = (await client.get(`/api/admin/orders/${order.orderId}`, { token: admin.token })).json().order;
    for (const url of [consoleOrder.photo.url, consoleOrder.photo.thumbnailUrl]) {
      expect(url).toMatch(/\?exp=\d+&sig=/);
      expect((await fetchMedia(url)).statusCode).toBe(200);
    }
  });
});

describe('print files and mock-ups', () => {
  it('go only to the order’s customer and admins', async () => {
    const c = await pickCatalogue(t);
    const photo = await upload({ token: asha.token });
    const order = await paidOrder(client, asha.token, c, photo._id);
    const storage = new LocalStorage(inject('storageRoot'));
    const key = `print-files/${order.orderId.toLowerCase()}/mockup-probe.jpg`;
    await storage.put(key, await plainJpeg(40, 40));
    try {
      const url = `/media/${key}`;
      expectHidden(await fetchMedia(url));
      expectHidden(await fetchMedia(url, bearer(ravi.token)));
      expectHidden(await fetchMedia(signedMediaUrl(secret, key)));
      expect((await fetchMedia(url, bearer(asha.token))).statusCode).toBe(200);
      const byAdmin = await fetchMedia(url, bearer(admin.token));
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.headers['cache-control']).toBe('private, no-store');
    } finally {
      await storage.delete(key);
    }
  });
});

describe('catalogue art', () => {
  it('stays public and immutable', async () => {
    const sets = (await client.get('/api/get-frame')).json();
    const thumb = JSON.stringify(sets).match(/\/media\/frames\/[^"]+\.webp/)?.[0];
    expect(thumb).toBeDefined();
    const res = await fetchMedia(thumb!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('public');
  });

  it('a folder, a made-up key or a path outside the store answers 404 in the error shape', async () => {
    for (const url of ['/media/uploads/', '/media/uploads/x', '/media/other/file.jpg', '/media/frames/nope.webp']) {
      const res = await fetchMedia(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
