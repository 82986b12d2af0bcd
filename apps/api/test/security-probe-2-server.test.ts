import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/plugins/logging';
import { PROXY_WITHOUT_TRUST_PROXY } from '../src/plugins/proxy-warning';
import { createTestApp, tempDir, testConfig, type TestApp } from './helpers';

// The server around the routes, as a second probe found it: an order page with a 5,000-character number answered
// 403, and a shop behind a proxy without TRUST_PROXY gave every customer one address without saying so.

/** Everything the server logs, as pino writes it (one JSON line per entry). */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  messages(): string[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg ?? ''));
  }
}

describe('a web page path the static files refuse to look up', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await tempDir('framewala-web-dist-');
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Framewala</title>');
    t = await createTestApp({ prepareDatabase: false, webDist });
  });
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await fs.rm(webDist, { recursive: true, force: true });
    }
  });

  it('an order page with a 5,000-character number is answered like any unknown order page (the app’s own 404), not 403', async () => {
    const known = await t.app.inject({ method: 'GET', url: '/orders/FW-NOSUCHORDER' });
    expect(known.statusCode).toBe(200);
    for (const url of [`/orders/FW${'1'.repeat(4998)}`, `/account/orders/${'x'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body.slice(0, 100)).toBe(200);
      expect(res.body).toBe(known.body);
    }
    // Outside the pages it is an unknown route.
    const api = await t.app.inject({ method: 'GET', url: `/nothing/${'y'.repeat(300)}.json`, headers: { accept: 'application/json' } });
    expect(api.statusCode).not.toBe(403);
  });
});

describe('a production server behind a proxy without TRUST_PROXY', () => {
  const servers: TestApp[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function server(env: Record<string, string>): Promise<{ t: TestApp; log: Capture }> {
    const log = new Capture();
    const base = testConfig({ LOG_LEVEL: 'info', ...env });
    const t = await createTestApp({
      prepareDatabase: false,
      workers: false,
      config: { ...base, nodeEnv: 'production' },
      logger: { ...loggerOptions('info'), stream: log },
    });
    servers.push(t);
    return { t, log };
  }

  it('warns once, at the first request that arrives with X-Forwarded-For', async () => {
    const { t, log } = await server({});
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(log.messages()).not.toContain(PROXY_WITHOUT_TRUST_PROXY);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    expect(log.messages().filter((m) => m === PROXY_WITHOUT_TRUST_PROXY)).toHaveLength(1);
  });

  it('says nothing once TRUST_PROXY names the proxy', async () => {
    const { t, log } = await server({ TRUST_PROXY: '1' });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(log.messages()).not.toContain(PROXY_WITHOUT_TRUST_PROXY);
  });
});
