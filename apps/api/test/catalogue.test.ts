import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInr, presetStartingPricePaise, WHITE_BORDER_LEVELS } from '@framewala/domain';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/get-frame', () => {
  it('returns the five frame sets by moulding width, each with at least four finishes and eight image URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-frame' });
    expect(res.statusCode).toBe(200);
    const { getFrameSize } = res.json<{ getFrameSize: Array<Record<string, unknown> & { frames: Array<Record<string, string>> }> }>();
    expect(getFrameSize.map((s) => s.sizeInInches)).toEqual([0.8, 1, 1.5, 2, 3]);
    for (const set of getFrameSize) {
      expect(typeof set._id).toBe('string');
      expect(typeof set.frameName).toBe('string');
      expect(set.framePrice).toBeGreaterThan(0);
      expect(set.thumbnailUrl).toMatch(/^\/media\/frames\/.+\.webp$/);
      expect(set.frames.length).toBeGreaterThanOrEqual(4);
      for (const frame of set.frames) {
        expect(frame.frameCategory).toBeTruthy();
        expect(frame.frameDescription).toBeTruthy();
        for (const part of ['sideUp', 'sideDown', 'sideLeft', 'sideRight', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight']) {
          expect(frame[part]).toMatch(/^\/media\/frames\/.+\.webp$/);
        }
      }
    }
  });

  it('serves every image URL it lists as a WebP image', async () => {
    const { getFrameSize } = (await t.app.inject({ method: 'GET', url: '/api/get-frame' })).json<{
      getFrameSize: Array<{ thumbnailUrl: string; frames: Array<Record<string, string>> }>;
    }>();
    const urls = getFrameSize.flatMap((s) => [
      s.thumbnailUrl,
      ...s.frames.flatMap((f) =>
        ['sideUp', 'sideDown', 'sideLeft', 'sideRight', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight'].map((p) => f[p] as string),
      ),
    ]);
    expect(urls.length).toBeGreaterThanOrEqual(5 + 5 * 4 * 8);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.subarray(8, 12).toString('latin1'), url).toBe('WEBP');
    }
  });
});

describe('POST /api/get-price-and-size', () => {
  type Groups = {
    getSizes: Array<{
      _id: string;
      format: string;
      sizes: Array<{ _id: string; sizeName: string; width: number; height: number; price: number }>;
    }>;
  };

  it('offers landscape sizes to a landscape photo, priced round(w × h × 4.5)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'landscape' } });
    expect(res.statusCode).toBe(200);
    const { getSizes } = res.json<Groups>();
    expect(getSizes.map((g) => g.format)).toEqual(['3:2', '4:3', 'Square', 'Classic', 'DIN/ISO', '16:9']);
    const all = getSizes.flatMap((g) => g.sizes);
    expect(all).toHaveLength(33);
    for (const s of all) {
      expect(s.width).toBeGreaterThanOrEqual(s.height);
      expect(s.price).toBe(Math.round(s.width * s.height * 4.5));
      expect(s.price * 100).toBe(presetStartingPricePaise(s.width, s.height));
    }
    expect(getSizes[0]?.sizes.find((s) => s.sizeName === '12x8')?.price).toBe(432);
  });

  it('offers portrait sizes to a portrait photo with their own ids', async () => {
    const landscape = (
      await t.app.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'landscape' } })
    ).json<Groups>();
    const portrait = (
      await t.app.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'portrait' } })
    ).json<Groups>();
    const sizes = portrait.getSizes.flatMap((g) => g.sizes);
    for (const s of sizes) expect(s.width).toBeLessThanOrEqual(s.height);
    const landscapeIds = new Set(landscape.getSizes.flatMap((g) => g.sizes.filter((s) => s.width !== s.height).map((s) => s._id)));
    for (const s of sizes.filter((x) => x.width !== x.height)) expect(landscapeIds.has(s._id)).toBe(false);
  });

  it('puts the square sizes first for a square photo', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'square' } });
    expect(res.json<Groups>().getSizes[0]?.format).toBe('Square');
  });

  it.each([[{ imageType: 'panorama' }], [{}], [{ imageType: 'landscape', extra: 1 }], [[]]])(
    'answers 400 with a message for the bad body %j',
    async (payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/get-price-and-size', payload });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ message: string; code: string }>();
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toMatch(/imageType|body|key/i);
    },
  );
});

describe('GET /api/get-motif-border-sizes', () => {
  it('returns the seven white-border levels, none first, with prices in rupees', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-motif-border-sizes' });
    expect(res.statusCode).toBe(200);
    const { getMotifBorderSizes } = res.json<{
      getMotifBorderSizes: Array<{ _id: string; name: string; sizeName: string; size: number; price: number }>;
    }>();
    expect(getMotifBorderSizes.map((b) => b.size)).toEqual([...WHITE_BORDER_LEVELS]);
    expect(getMotifBorderSizes[0]?.price).toBe(0);
    for (let i = 1; i < 7; i++) expect(getMotifBorderSizes[i]!.price).toBeGreaterThan(getMotifBorderSizes[i - 1]!.price);
    expect(formatInr(getMotifBorderSizes[6]!.price * 100)).toMatch(/^₹[\d,]+\.00$/);
  });
});
