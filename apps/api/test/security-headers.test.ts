import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, RAZORPAY_CSP } from '../src/plugins/security-headers';
import { loadConfig } from '../src/config/env';
import { Client, expectError, newCustomer } from './accounts-helpers';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';

const WEB_INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/index.html');

/** The CSP header parsed into directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy header').toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectNoInlineScript(policy: Map<string, string[]>) {
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', '*', 'https:'])
    expect(scripts).not.toContain(unsafe);
  expect(scripts.some((s) => s.startsWith("'sha") || s.startsWith("'nonce-"))).toBe(false);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
}

function expectNoCors(res: LightMyRequestResponse) {
  for (const name of Object.keys(res.headers)) expect(name.toLowerCase().startsWith('access-control-')).toBe(false);
}

const razorpayOrigins = [...RAZORPAY_CSP.script, ...RAZORPAY_CSP.frame, ...RAZORPAY_CSP.connect, ...RAZORPAY_CSP.img, ...RAZORPAY_CSP.form];

describe('security headers: sandbox payments (the development default)', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await tempDir('framewala-web-');
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends a strict CSP without inline scripts or Razorpay origins on API answers, pages and errors', async () => {
    for (const url of ['/api/health', '/', '/checkout', '/assets/app.js', '/api/no-such-route', '/api/orders']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = csp(res);
      expectNoInlineScript(policy);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
      expect(policy.has('upgrade-insecure-requests')).toBe(false); // http://localhost: upgrading would break it
      expect(String(res.headers['content-security-policy'])).not.toContain('razorpay');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps the web app free of inline scripts (every script has a src)', async () => {
    for (const html of [await fs.readFile(WEB_INDEX, 'utf8'), (await t.app.inject({ method: 'GET', url: '/' })).body]) {
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        expect(tag).toMatch(/<script\b[^>]*\bsrc=/i);
        expect(tag.replace(/<script\b[^>]*>|<\/script>/gi, '').trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
    }
  });

  it('gives the API docs their own policy: still no inline script; inline styles and data: images for Swagger UI', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const policy = csp(page);
    expectNoInlineScript(policy);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]); // Swagger UI adds a <style> element
    const scripts = page.body.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      expect(tag).toMatch(/\bsrc=/);
      expect(tag.replace(/<script\b[^>]*>|<\/script>/gi, '').trim()).toBe('');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(csp(initializer).get('img-src')).toContain('data:');
    // The shop's pages do not get the docs' allowance.
    expect(csp(await t.app.inject({ method: 'GET', url: '/' })).get('img-src')).not.toContain('data:');
  });

  it('answers cross-origin requests without any CORS allowance and refuses preflights', async () => {
    const client = new Client(t.app);
    const simple = await client.get('/api/get-frame', { headers: { origin: 'https://evil.example' } });
    expect(simple.statusCode).toBe(200);
    expectNoCors(simple);

    for (const url of ['/api/login', '/api/upload-image', '/api/create-order', '/api/orders/FW-1', '/api/no-such-route']) {
      const preflight = await client.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(expectError(preflight, 403, 'FORBIDDEN').message).toMatch(/Cross-origin requests are not allowed/);
      expectNoCors(preflight);
    }

    // A cross-origin sign-in attempt still works as a plain request (no cookies are involved: sessions are bearer
    // tokens), but the browser may not read the answer: no Access-Control-Allow-Origin.
    const body = newCustomer();
    const created = await client.post('/api/register', body, { headers: { origin: 'https://evil.example' } });
    expect(created.statusCode).toBe(201);
    expectNoCors(created);
  });
});

describe('security headers: Razorpay payments, HTTPS and a CDN for stored photos', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      config: testConfig({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_headers',
        RAZORPAY_KEY_SECRET: 'headers_test_key_secret',
        RAZORPAY_WEBHOOK_SECRET: 'headers_test_webhook_secret',
        PUBLIC_URL: 'https://shop.framewala.in',
        S3_BUCKET: 'framewala',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://media.framewala.in/photos',
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows exactly Razorpay’s checkout origins, the CDN for images, and upgrades to HTTPS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = csp(res);
    expectNoInlineScript(policy);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com']);
    expect(policy.get('frame-src')).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'https://media.framewala.in',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://lumberjack-metrics.razorpay.com',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'https://media.framewala.in', 'https://cdn.razorpay.com']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://api.razorpay.com']);
    expect(policy.get('upgrade-insecure-requests')).toEqual([]);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('keeps Razorpay out of the API docs', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const policy = csp(docs);
    expectNoInlineScript(policy);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:', 'https://media.framewala.in']);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(String(docs.headers['content-security-policy'])).not.toContain('razorpay');
  });
});

describe('the policy itself', () => {
  it('adds the media origin only when stored photos come from another origin', () => {
    const local = contentSecurityPolicy({ provider: 'sandbox', mediaUrl: undefined, publicUrl: 'http://localhost:3000' });
    const cdn = contentSecurityPolicy({
      provider: 'sandbox',
      mediaUrl: 'https://cdn.example.com/bucket/path',
      publicUrl: 'https://shop.example.com',
    });
    expect(local['img-src']).toEqual(["'self'", 'blob:']);
    expect(cdn['img-src']).toEqual(["'self'", 'blob:', 'https://cdn.example.com']);
    for (const origin of razorpayOrigins) expect(JSON.stringify(cdn)).not.toContain(origin);
    expect(local['upgrade-insecure-requests']).toBeUndefined();
    expect(cdn['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('TRUST_PROXY: whose address request.ip is', () => {
  it('parses false, true, a hop count and a list of proxies, and refuses anything else', () => {
    expect(testConfig().trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(testConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
    const hops = testConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  async function registrationsFrom(trustProxy: string): Promise<number[]> {
    const t = await createTestApp({
      config: testConfig({ TRUST_PROXY: trustProxy }),
      rateLimits: { registerPerIp: { limit: 1, windowSeconds: 600 } },
    });
    try {
      const client = new Client(t.app);
      const statuses: number[] = [];
      for (const forwarded of ['203.0.113.1', '203.0.113.2']) {
        const res = await client.post('/api/register', newCustomer(), { ip: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });
        statuses.push(res.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it('ignores X-Forwarded-For by default, so a client cannot dodge the per-IP limits with it', async () => {
    expect(await registrationsFrom('false')).toEqual([201, 429]);
  });

  it('believes the proxy when told to, so customers behind it are counted apart', async () => {
    expect(await registrationsFrom('127.0.0.1')).toEqual([201, 201]);
  });
});
