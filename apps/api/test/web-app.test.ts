import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from './helpers';

const LANDING =
  '<!doctype html><html lang="en-IN"><head><title>Framewala</title></head><body><div id="root"><h1>Landing</h1></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const ABOUT =
  '<!doctype html><html lang="en-IN"><head><title>About us</title></head><body><div id="root"><h1>About us</h1></div></body></html>';
const SHELL = '<!doctype html><html lang="en-IN"><head><title>Framewala</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('framewala '.repeat(200))});`;

/** Writes a file with the brotli and gzip copies the web build makes. */
async function writeWithCopies(file: string, text: string) {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(Buffer.from(text)));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(Buffer.from(text)));
}

describe('the built web app: precompressed files, caching, prerendered pages and the app shell', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await tempDir('framewala-web-');
    await fs.mkdir(path.join(webDist, 'assets'));
    await writeWithCopies(path.join(webDist, 'index.html'), LANDING);
    await writeWithCopies(path.join(webDist, 'about-us.html'), ABOUT);
    await writeWithCopies(path.join(webDist, 'app-shell.html'), SHELL);
    await writeWithCopies(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
    // Entries that are not plain paths or HTML files in the folder are ignored.
    await fs.writeFile(
      path.join(webDist, 'prerendered.json'),
      JSON.stringify({
        '/': 'index.html',
        '/about-us': 'about-us.html',
        '/escape': '../secret.html',
        '/missing': 'missing.html',
        '/script': 'assets/index-abc123.js',
      }),
    );
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed as the browser accepts, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the prerendered landing page and the other prerendered pages as HTML that is never cached stale', async () => {
    for (const [url, html] of [
      ['/', LANDING],
      ['/about-us', ABOUT],
      ['/about-us/', ABOUT],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/about-us' });
    expect(plain.body).toBe(ABOUT);
  });

  it('sends the app shell, compressed and not cached, for paths without a prerendered page', async () => {
    for (const url of ['/edit-photo', '/user', '/escape', '/missing', '/script', '/orders/FW-1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body;
      expect(body, url).toBe(SHELL);
    }
    // The API's own 404 stays JSON.
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
