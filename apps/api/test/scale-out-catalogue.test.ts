import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase, type Database } from '../src/db/client';
import { CATALOGUE_CHECK_EVERY_MS, invalidateCatalogueCache } from '../src/services/catalogue/cache';
import { listWhiteBorders } from '../src/services/catalogue/read';
import { LocalStorage } from '../src/services/storage';
import { createTestDatabase, testConfig, type TestDatabase } from './helpers';
import type { FastifyInstance } from 'fastify';

// Two servers (two apps with their own pools) on one database: each caches the catalogue, and an edit made anywhere
// reaches both — at once where invalidateCatalogueCache() is called, within CATALOGUE_CHECK_EVERY_MS elsewhere.
let testDb: TestDatabase;
const databases: Database[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const make = async () => {
    const database = connectDatabase(testDb.url);
    databases.push(database);
    return buildApp({
      config: testConfig(),
      database,
      storage: new LocalStorage(inject('storageRoot')),
      webDist: false,
      logger: false,
      prepareDatabase: false, // a copy of the prepared template
      workers: false,
    });
  };
  a = await make();
  b = await make();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await testDb?.drop();
});

const borders = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/get-motif-border-sizes' });
  expect(res.statusCode).toBe(200);
  return res;
};
const priceOfLevel1 = async (app: FastifyInstance) =>
  (await borders(app))
    .json<{ getMotifBorderSizes: Array<{ _id: string; price: number }> }>()
    .getMotifBorderSizes.find((x) => x._id === 'border-1')!.price;

describe('the catalogue cache across servers', () => {
  it('answers the same bytes as before, with an ETag that a revalidation turns into 304', async () => {
    const res = await borders(a);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ getMotifBorderSizes: await listWhiteBorders(databases[0]!.db) }));
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await a.inject({ method: 'GET', url: '/api/get-motif-border-sizes', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await b.inject({ method: 'GET', url: '/api/get-motif-border-sizes', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(304); // the same bytes on every server, so the same validator
    const sizes = await a.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'portrait' } });
    expect(sizes.statusCode).toBe(200);
    expect(sizes.json().getSizes.length).toBeGreaterThan(0);
    const bad = await a.inject({ method: 'POST', url: '/api/get-price-and-size', payload: { imageType: 'round' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeTruthy();
  });

  it('serves an edit on the editing server at once and on the other within the check interval', async () => {
    const before = await priceOfLevel1(a);
    expect(await priceOfLevel1(b)).toBe(before);
    await databases[0]!.pool.query(`UPDATE white_borders SET price_paise = price_paise + 12300 WHERE id = 'border-1'`);
    invalidateCatalogueCache(); // what the owner's console does after an edit (in this process: both apps here)
    expect(await priceOfLevel1(a)).toBe(before + 123);

    // An edit that no one announces (another server's console, or SQL by hand) is found by the fingerprint check.
    await databases[1]!.pool.query(`UPDATE white_borders SET price_paise = price_paise + 100 WHERE id = 'border-1'`);
    const changedAt = Date.now();
    for (const app of [b, a]) {
      while ((await priceOfLevel1(app)) !== before + 124) {
        expect(Date.now() - changedAt).toBeLessThan(CATALOGUE_CHECK_EVERY_MS + 1000);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
  });
});
