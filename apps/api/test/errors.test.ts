import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function expectErrorShape(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { message: unknown; code: unknown };
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/^["']|["']$/);
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  expect(res.body).not.toMatch(/<html|<!doctype|\n\s+at |node_modules|SELECT |relation "/i);
  return body;
}

describe('one error shape', () => {
  it('answers an unknown API route with 404 JSON', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'ROUTE_NOT_FOUND');
    expectErrorShape(await t.app.inject({ method: 'DELETE', url: '/api/get-frame' }), 404, 'ROUTE_NOT_FOUND');
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/media/frames/nope.webp' }), 404);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-price-and-size',
      headers: { 'content-type': 'application/json' },
      payload: '{"imageType":',
    });
    expectErrorShape(res, 400, 'BAD_REQUEST');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-price-and-size',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectErrorShape(res, 400);
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-price-and-size',
      headers: { 'content-type': 'text/plain' },
      payload: 'landscape',
    });
    expectErrorShape(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-price-and-size',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ imageType: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('does not let __proto__ in a body through or crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-price-and-size',
      headers: { 'content-type': 'application/json' },
      payload: '{"imageType":"landscape","__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('masks an unexpected failure as a 500 without details', async () => {
    const broken = await createTestApp();
    await broken.testDb.drop().catch(() => undefined);
    // The pool now points at a dropped database: the failure must not leak its SQL message.
    const res = await broken.app.inject({ method: 'GET', url: '/api/get-motif-border-sizes' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const body = expectErrorShape(res, res.statusCode);
    expect(body.message).not.toMatch(/database|framewala_t_/i);
    await broken.app.close();
    await broken.database.close();
  });
});

describe('health and documentation', () => {
  it('reports the database and storage as ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
  });

  it('serves the OpenAPI document listing the catalogue routes, and a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/health', '/api/get-frame', '/api/get-price-and-size', '/api/get-motif-border-sizes', '/api/site'])
      expect(doc.paths).toHaveProperty([p]);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('gives the browser only the public shop settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, string | number>>();
    expect(Object.keys(body).sort()).toEqual(['freeShippingFromPaise', 'name', 'supportEmail', 'supportPhone', 'whatsappNumber']);
    expect(res.body).not.toMatch(/secret/i);
  });
});
