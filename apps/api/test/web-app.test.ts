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

  it('sends English to a visit in Hindi when the build has no Hindi pages (an older build)', async () => {
    for (const url of ['/?lang=hi', '/about-us?lang=hi', '/edit-photo?lang=hi']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(url.startsWith('/?') ? LANDING : url.startsWith('/about-us') ? ABOUT : SHELL);
      expect(res.headers['content-language'], url).toBe('en');
      // The choice is still remembered for when the Hindi pages arrive.
      expect(res.headers['set-cookie'], url).toMatch(/^lang=hi;/);
    }
  });
});

const page = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><div id="root"><h1>${title}</h1></div></body></html>`;
const HI_LANDING = page('hi-IN', 'फ़्रेमवाला');
const HI_ABOUT = page('hi-IN', 'हमारे बारे में');
const HI_SHELL = '<!doctype html><html lang="hi-IN"><head><title>फ़्रेमवाला</title></head><body><div id="root"></div></body></html>';

describe("pages in the visit's language", () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await tempDir('framewala-web-hi-');
    await fs.mkdir(path.join(webDist, 'assets'));
    await writeWithCopies(path.join(webDist, 'index.html'), LANDING);
    await writeWithCopies(path.join(webDist, 'index.hi.html'), HI_LANDING);
    await writeWithCopies(path.join(webDist, 'about-us.html'), ABOUT);
    await writeWithCopies(path.join(webDist, 'about-us.hi.html'), HI_ABOUT);
    await writeWithCopies(path.join(webDist, 'app-shell.html'), SHELL);
    await writeWithCopies(path.join(webDist, 'app-shell.hi.html'), HI_SHELL);
    await writeWithCopies(path.join(webDist, 'assets', 'index-abc123.js'), SCRIPT);
    await fs.writeFile(path.join(webDist, 'prerendered.json'), JSON.stringify({ '/': 'index.html', '/about-us': 'about-us.html' }));
    await fs.writeFile(
      path.join(webDist, 'prerendered.hi.json'),
      JSON.stringify({ '/': 'index.hi.html', '/about-us': 'about-us.hi.html', '/escape': '../secret.hi.html' }),
    );
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('chooses by ?lang=, then the lang cookie, then Accept-Language, then English: the landing page, a prerendered page and the shell', async () => {
    const cases: [string, Record<string, string>, 'en' | 'hi'][] = [
      ['', {}, 'en'],
      ['?lang=hi', {}, 'hi'],
      ['?lang=en', { cookie: 'lang=hi', 'accept-language': 'hi' }, 'en'],
      ['?lang=hi', { cookie: 'lang=en' }, 'hi'],
      ['', { cookie: 'lang=hi' }, 'hi'],
      ['', { cookie: 'other=1; lang=hi' }, 'hi'],
      ['', { cookie: 'lang=en', 'accept-language': 'hi-IN,hi;q=0.9' }, 'en'],
      ['', { 'accept-language': 'hi-IN,hi;q=0.9,en-IN;q=0.8,en;q=0.7' }, 'hi'],
      ['', { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' }, 'en'],
      ['', { 'accept-language': 'fr-FR,fr;q=0.9,hi;q=0.8,en;q=0.7' }, 'hi'],
      ['', { 'accept-language': 'en;q=0.5,hi;q=0.9' }, 'hi'],
      ['', { 'accept-language': 'hi;q=0' }, 'en'],
      ['', { 'accept-language': 'ta-IN,ta;q=0.9' }, 'en'],
      ['?lang=fr', { 'accept-language': 'hi' }, 'hi'],
      ['', { cookie: 'lang=fr', 'accept-language': 'hi' }, 'hi'],
    ];
    for (const [path_, expected] of [
      ['/', { en: LANDING, hi: HI_LANDING }],
      ['/about-us', { en: ABOUT, hi: HI_ABOUT }],
      ['/orders/FW-1', { en: SHELL, hi: HI_SHELL }],
    ] as const) {
      for (const [query, headers, locale] of cases) {
        const what = `${path_}${query} ${JSON.stringify(headers)}`;
        const res = await get(`${path_}${query}`, headers);
        expect(res.statusCode, what).toBe(200);
        expect(res.body, what).toBe(expected[locale]);
        expect(res.headers['content-language'], what).toBe(locale);
        expect(res.headers['content-type'], what).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], what).toBe('no-cache');
        const vary = String(res.headers.vary)
          .toLowerCase()
          .split(/\s*,\s*/);
        expect(vary, what).toEqual(expect.arrayContaining(['cookie', 'accept-language', 'accept-encoding']));
      }
    }
  });

  it('remembers a ?lang= choice in the lang cookie for a year on every path, and sets no cookie otherwise', async () => {
    const hi = await get('/about-us?lang=hi');
    const cookie = String(hi.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=hi(;|$)/);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).toMatch(/;\s*Max-Age=31536000(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(cookie).not.toMatch(/HttpOnly/i); // the web app's language switch rewrites it
    expect(String((await get('/edit-photo?lang=en', { cookie: 'lang=hi' })).headers['set-cookie'])).toMatch(/^lang=en;/);
    expect(String((await get('/?lang=hi')).headers['set-cookie'])).toMatch(/^lang=hi;/);

    for (const [url, headers] of [
      ['/', {}],
      ['/about-us', { cookie: 'lang=hi' }],
      ['/edit-photo', { 'accept-language': 'hi' }],
      ['/about-us?lang=fr', {}],
      ['/assets/index-abc123.js?lang=hi', {}],
      ['/api/health?lang=hi', {}],
    ] as const) {
      expect((await get(url, headers)).headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('sends the Hindi pages precompressed as the browser accepts', async () => {
    const br = await get('/about-us', { cookie: 'lang=hi', 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(HI_ABOUT);
    expect(String(br.headers.vary).toLowerCase()).toMatch(/accept-encoding/);
    const gzip = await get('/?lang=hi', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(HI_LANDING);
    const shell = await get('/checkout', { 'accept-language': 'hi', 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(shell.rawPayload).toString()).toBe(HI_SHELL);
    expect(shell.headers['content-language']).toBe('hi');
  });

  it('redirects /hi and /hi/<path> to the path with ?lang=hi, keeping the rest of the query', async () => {
    for (const [from, to] of [
      ['/hi', '/?lang=hi'],
      ['/hi/', '/?lang=hi'],
      ['/hi/about-us', '/about-us?lang=hi'],
      ['/hi/about-us/', '/about-us/?lang=hi'],
      ['/hi/orders/FW-1?ref=whatsapp', '/orders/FW-1?ref=whatsapp&lang=hi'],
      ['/hi/about-us?lang=en&x=1', '/about-us?lang=hi&x=1'],
      ['/hi?utm_source=sms', '/?utm_source=sms&lang=hi'],
      // Never to another site.
      ['/hi//evil.example/x', '/evil.example/x?lang=hi'],
      ['/hi/%2F%2Fevil.example', '/%2F%2Fevil.example?lang=hi'],
    ] as const) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
      expect(res.headers['set-cookie'], from).toBeUndefined();
    }
    const followed = await get(String((await get('/hi/about-us')).headers.location));
    expect(followed.body).toBe(HI_ABOUT);
    // Only /hi itself: /hindi is an ordinary path.
    const other = await get('/hindi');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(SHELL);
  });

  it('keeps files outside the lists out, and the assets as they were', async () => {
    const escape = await get('/escape?lang=hi');
    expect(escape.body).toBe(HI_SHELL);
    const asset = await get('/assets/index-abc123.js', { cookie: 'lang=hi' });
    expect(asset.body).toBe(SCRIPT);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-language']).toBeUndefined();
  });
});
