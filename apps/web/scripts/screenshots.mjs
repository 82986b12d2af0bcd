#!/usr/bin/env node
// Serves the built app (apps/web/dist) with an SPA fallback and saves full-page screenshots at phone and laptop
// widths into /tmp/web-shots (or SHOTS_DIR). /api calls answer 503 JSON, as if the API server were down, so the
// pictures also show that the UI degrades gracefully.
//
//   npm run build -w apps/web && node apps/web/scripts/screenshots.mjs
//
// Env: CHROME_PATH (default /usr/bin/chromium), SHOTS_DIR (default /tmp/web-shots), SHOTS_ROUTES (comma list),
//      SHOTS_FAKE_SITE=1 answers GET /api/site with sample contact details, to review the filled-in header/footer.
/* global document, window -- used only inside page.evaluate(), which runs in the browser */
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const distDir = resolve(here, '..', 'dist');
const outDir = process.env.SHOTS_DIR || '/tmp/web-shots';
const widths = [390, 1366];
const routes = (process.env.SHOTS_ROUTES || '/,/terms-and-conditions,/shipping-policy,/sizes').split(',');

const SAMPLE_SITE = {
  name: 'Framewala',
  supportEmail: 'care@framewala.example',
  supportPhone: '+91 98765 43210',
  whatsappNumber: '+91 98765 43210',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

async function fileFor(urlPath) {
  const clean = normalize(decodeURIComponent(urlPath.split('?')[0] ?? '/')).replace(/^([/\\])+/, '');
  const candidate = resolve(distDir, clean);
  if (candidate !== distDir && !candidate.startsWith(distDir + sep)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
  } catch {
    // fall through to the SPA fallback
  }
  return null;
}

function startServer() {
  const server = createServer(async (req, res) => {
    const url = req.url || '/';
    if (process.env.SHOTS_FAKE_SITE === '1' && url === '/api/site') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(SAMPLE_SITE));
      return;
    }
    if (url.startsWith('/api/') || url.startsWith('/media/')) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'API not running in the static preview', code: 'SERVICE_UNAVAILABLE' }));
      return;
    }
    const file = (await fileFor(url)) ?? (extname(url.split('?')[0] ?? '') ? null : join(distDir, 'index.html'));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolveServer) => {
    server.listen(0, '127.0.0.1', () => resolveServer(server));
  });
}

function slug(route) {
  return route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '-');
}

async function main() {
  try {
    await stat(join(distDir, 'index.html'));
  } catch {
    console.error(`No build found in ${distDir}. Run: npm run build -w apps/web`);
    process.exit(1);
  }
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const { port } = server.address();
  const base = `http://127.0.0.1:${port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  const problems = [];
  try {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`${width}px pageerror: ${error.message}`));
      page.on('console', (message) => {
        // The 503s from /api are expected here; anything else is worth a look.
        if (message.type() === 'error' && !/503|Service Unavailable/i.test(message.text())) {
          problems.push(`${width}px console.error: ${message.text()}`);
        }
      });

      for (const route of routes) {
        await page.goto(base + route, { waitUntil: 'networkidle' });
        await page.locator('h1').first().waitFor();
        // Let the site-config call settle (success, or failure after its one retry) so the picture shows the final state.
        await page
          .waitForFunction(() => !document.body.innerText.includes('Loading contact details'), null, { timeout: 5000 })
          .catch(() => problems.push(`${width}px ${route}: contact details still loading after 5 s`));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) problems.push(`${width}px ${route}: horizontal overflow of ${overflow}px`);
        const file = join(outDir, `${slug(route)}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`saved ${file}`);
      }

      await page.goto(base + '/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Start framing' }).click();
      await page.getByRole('dialog', { name: 'Upload Photos' }).waitFor();
      const dialogFile = join(outDir, `upload-dialog-${width}.png`);
      // The dialog is fixed to the viewport (page scroll is locked), so the viewport is the whole picture.
      await page.screenshot({ path: dialogFile });
      console.log(`saved ${dialogFile}`);

      if (width < 600) {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Menu' }).click();
        const menuFile = join(outDir, `mobile-menu-${width}.png`);
        await page.screenshot({ path: menuFile });
        console.log(`saved ${menuFile}`);
      } else {
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Contact' }).click();
        const menuFile = join(outDir, `contact-dropdown-${width}.png`);
        await page.screenshot({ path: menuFile });
        console.log(`saved ${menuFile}`);
      }

      // Touch targets: report links and buttons smaller than 44 px in the viewport-wide header and dialogs.
      if (width < 600) {
        await page.goto(base + '/', { waitUntil: 'networkidle' });
        const small = await page.evaluate(() =>
          Array.from(document.querySelectorAll('header a, header button, footer a, main button, main a'))
            .map((el) => {
              const r = el.getBoundingClientRect();
              return {
                text: (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40),
                h: Math.round(r.height),
                w: Math.round(r.width),
              };
            })
            // Height ≥ 44 px for every target; text links may be narrower, but not under 24 px (WCAG 2.5.8).
            .filter((t) => t.h > 0 && (t.h < 44 || t.w < 24)),
        );
        for (const t of small) problems.push(`${width}px small touch target: "${t.text}" ${t.w}×${t.h}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }

  if (problems.length > 0) {
    console.log('\nThings to look at:');
    for (const p of problems) console.log(`- ${p}`);
  } else {
    console.log('\nNo overflow, page errors or small touch targets found.');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
