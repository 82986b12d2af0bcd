/**
 * `npm run bench:web`: Lighthouse (pinned 12.2.3, mobile defaults: simulated slow 4G, 4× CPU slowdown) on the
 * customer pages, against the shop started as `npm start` starts it.
 *
 * The shop runs through scripts/start.mjs (which builds the web app when its sources changed) on a free port with its
 * own DATA_DIR in a temporary folder (embedded PostgreSQL), removed afterwards. Through the API the bench creates
 * what the pages need: a customer account signed in (its token and details in the browser's storage, as the sign-in
 * page leaves them) for /checkout and /user, and an uploaded photo as the order in progress for /edit-photo and
 * /checkout. Every run starts with an empty HTTP cache; the browser's storage is kept (Lighthouse's storage reset
 * is off), so the signed-in pages are measured signed in.
 *
 * Prints the median of RUNS runs per page beside the targets, the landing page's JavaScript (gzip) and every
 * route's own chunks from the build manifest, then one line of JSON with the figures and `"ok"` (every target met).
 * Exit code 0 either way; 1 only when the run itself failed.
 *
 * Every page is measured in English and in Hindi (`?lang=hi`, as a shared link opens it: the server sends the Hindi
 * page and the browser remembers the choice), so both languages are held to the same targets.
 *
 * Env: BENCH_WEB_RUNS (default 3), BENCH_WEB_PAGES (comma list of paths, default all), BENCH_WEB_LANGS (default
 * `en,hi`), BENCH_WEB_SAVE (a folder for each run's Lighthouse report), CHROME_PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { build } from 'esbuild';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { chromiumPath } from '../chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** When set, each run's full Lighthouse report (JSON) is saved in this folder, to see what a figure is made of. */
const SAVE_DIR = process.env.BENCH_WEB_SAVE;
const MAX_RETRIES = 3;

const TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.05,
  landingJsGzipKb: 100,
};

type Needs = 'photo' | 'customer';
const PAGES: { path: string; needs: Needs[] }[] = [
  { path: '/', needs: [] },
  { path: '/about-us', needs: [] },
  { path: '/terms-and-conditions', needs: [] },
  { path: '/privacy-policy', needs: [] },
  { path: '/shipping-policy', needs: [] },
  { path: '/sign-in', needs: [] },
  { path: '/signup', needs: [] },
  { path: '/edit-photo', needs: ['photo'] },
  { path: '/checkout', needs: ['photo', 'customer'] },
  { path: '/user', needs: ['customer'] },
  { path: '/addtocart', needs: ['customer'] },
];
const LANGS = (process.env.BENCH_WEB_LANGS ?? 'en,hi').split(',').map((lang) => lang.trim());

/** The address of a page in a language (English needs no parameter). */
const inLang = (pagePath: string, lang: string) => (lang === 'en' ? pagePath : `${pagePath}?lang=${lang}`);

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
  jsKb: number;
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster): the load the figures were measured under. */
  cpuIndex: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startShop(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(base: string, shop: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (shop.exitCode !== null) throw new Error(`The shop exited with code ${shop.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The shop did not answer on ${base} within ${timeoutMs / 1000} s`);
}

async function api<T>(
  base: string,
  route: string,
  init: { body?: unknown; headers?: Record<string, string>; form?: FormData } = {},
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method: init.body !== undefined || init.form ? 'POST' : 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Storage entries for the browser: an uploaded photo as the order in progress, and a signed-in customer. */
async function prepareStorage(base: string): Promise<Record<Needs, Record<string, string>>> {
  const claim = randomBytes(32).toString('base64url');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="100%" height="100%" fill="#f0a35e"/><circle cx="2000" cy="900" r="220" fill="#fff3c4"/>
    <path d="M0 1300 Q 800 1000 1500 1300 T 3000 1200 V 2000 H 0 Z" fill="#35503c"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bench.jpg');
  const photo = await api<Record<string, unknown>>(base, '/api/upload-image', { form, headers: { 'X-Upload-Claim': claim } });

  const email = `bench-${Date.now()}@example.com`;
  const password = 'marigold-lamp-42';
  await api(base, '/api/register', { body: { firstName: 'Asha', lastName: 'Verma', email, password, mobile: '98765 43210' } });
  const login = await api<{ token: string; user: unknown }>(base, '/api/login', { body: { userName: email, password } });
  return {
    photo: { 'framewala.claim': claim, 'framewala.order': JSON.stringify({ photo }) },
    customer: { 'framewala.token': login.token, 'framewala.user': JSON.stringify(login.user) },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function figuresOf(lhr: LighthouseResult): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items =
    (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const scriptBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    totalKb: value('total-byte-weight') / 1024,
    jsKb: scriptBytes / 1024,
    cpuIndex: lhr.environment.benchmarkIndex,
  };
}

/** Audits that failed in a run, for the notes under the table (what to fix when a score is below its target). */
function failedAudits(lhr: LighthouseResult): string[] {
  const failed: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.push(`${id}: ${ref.id}`);
    }
  }
  return failed;
}

function meetsTargets(f: Figures): boolean {
  return (
    f.performance >= TARGETS.performance &&
    f.accessibility >= TARGETS.accessibility &&
    f.bestPractices >= TARGETS.bestPractices &&
    f.seo >= TARGETS.seo &&
    f.lcpMs <= TARGETS.lcpMs &&
    f.tbtMs <= TARGETS.tbtMs &&
    f.cls <= TARGETS.cls
  );
}

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

/** JavaScript sizes from the build: the landing page's (entry and its static imports) and each lazily loaded route's own. */
function scriptSizes(): { landingGzipKb: number; landingFiles: string[]; routes: { route: string; ownGzipKb: number; files: string[] }[] } {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error(`No entry chunk in ${manifestPath}`);
  // The entry lets the page paint, then always loads the app (src/start.tsx): both are the landing page's script.
  const landing = closure(entryKey);
  const app = manifest[entryKey]!.dynamicImports ?? [];
  if (app.length === 0) throw new Error(`The entry in ${manifestPath} loads no app`);
  for (const key of app) closure(key, landing);
  const files = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const sum = (list: string[]) => list.reduce((total, file) => total + gzipKb(file), 0);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && !landing.has(key))
    .map((key) => {
      const own = files([...closure(key)].filter((k) => !landing.has(k)));
      return { route: manifest[key]!.src ?? key, ownGzipKb: sum(own), files: own };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const landingFiles = files(landing);
  return { landingGzipKb: sum(landingFiles), landingFiles, routes };
}

/**
 * The reference for the landing page's JavaScript, measured in the same run: what React, React DOM, React Router and
 * TanStack Query alone weigh (minified by esbuild, gzip level 9) for the parts every page of the shop uses, before any
 * code of the shop's own.
 */
async function stackFloorGzipKb(): Promise<number> {
  const entry = [
    "import { createRoot, hydrateRoot } from 'react-dom/client';",
    "import { createBrowserRouter, RouterProvider, Link, NavLink, Outlet, Navigate, useLocation, useNavigate } from 'react-router';",
    "import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';",
    'console.log(createRoot, hydrateRoot, createBrowserRouter, RouterProvider, Link, NavLink, Outlet, Navigate, useLocation, useNavigate, QueryClient, QueryClientProvider, useQuery);',
  ].join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: path.join(root, 'apps/web'), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length / 1024;
}

const pad = (text: string, width: number) => text.padEnd(width);
const fmt = {
  ms: (v: number) => `${(v / 1000).toFixed(2)} s`,
  tbt: (v: number) => `${Math.round(v)} ms`,
  cls: (v: number) => v.toFixed(3),
  kb: (v: number) => `${Math.round(v)} KiB`,
};

async function main() {
  const pageFilter = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
  const pages = (pageFilter ? PAGES.filter((p) => pageFilter.includes(p.path)) : PAGES).flatMap((page) =>
    LANGS.map((lang) => ({ ...page, lang, label: inLang(page.path, lang) })),
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-bench-web-'));
  const shop = startShop(port, dataDir);
  const shopExited = new Promise<void>((resolve) => shop.once('exit', () => resolve()));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stop = async () => {
    await chrome?.kill();
    if (shop.exitCode === null) shop.kill('SIGTERM');
    await shopExited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));

  try {
    await waitForHealth(base, shop);
    const storage = await prepareStorage(base);
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

    const results: { path: string; median: Figures; runs: Figures[]; failed: string[] }[] = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      const failed = new Set<string>();
      let retries = 0;
      for (let run = 0; run < RUNS; run++) {
        const tab = await browser.newPage();
        // The page's storage as the customer would have it; the HTTP cache empty, as on a first visit.
        await tab.goto(`${base}/favicon.svg`);
        const entries = Object.assign({}, ...page.needs.map((need) => storage[need])) as Record<string, string>;
        await tab.evaluate((items: Record<string, string>) => {
          localStorage.clear();
          sessionStorage.clear();
          for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
        }, entries);
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // No remembered language: each page is in the language its address names.
        await cdp.send('Network.clearBrowserCookies');
        await cdp.detach();
        const result = await lighthouse(
          `${base}${page.label}`,
          { logLevel: 'error', output: 'json', disableStorageReset: true },
          undefined,
          tab,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        if (result.lhr.runtimeError) {
          // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART): that run is measured again.
          await tab.close();
          if (++retries > MAX_RETRIES) throw new Error(`${page.label}: ${result.lhr.runtimeError.message}`);
          process.stderr.write(`${page.label}: ${result.lhr.runtimeError.code}, measuring again\n`);
          run--;
          continue;
        }
        const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}: the page's preconditions are missing`);
        runs.push(figuresOf(result.lhr));
        if (SAVE_DIR) {
          fs.mkdirSync(SAVE_DIR, { recursive: true });
          const name = `${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
          fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(result.lhr));
        }
        for (const audit of failedAudits(result.lhr)) failed.add(audit);
        await tab.close();
        process.stderr.write(`${page.label} run ${run + 1}/${RUNS}: performance ${runs.at(-1)!.performance}\n`);
      }
      const keys = Object.keys(runs[0]!) as (keyof Figures)[];
      const med = Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))])) as Figures;
      results.push({ path: page.label, median: med, runs, failed: [...failed] });
    }
    await browser.disconnect();

    const sizes = scriptSizes();
    const floorKb = await stackFloorGzipKb();
    const header = ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'FCP', 'TBT', 'CLS', 'Bytes', 'JS', 'CPU', 'Met'];
    const widths = [30, 5, 5, 5, 5, 8, 8, 7, 6, 9, 8, 6, 4];
    const line = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i]!)).join(' ');
    console.log(`\nLighthouse 12.2.3, mobile defaults, median of ${RUNS} runs, against npm start on ${base}`);
    console.log(line(header));
    console.log(
      line([
        'target',
        `≥${TARGETS.performance}`,
        `${TARGETS.accessibility}`,
        `≥${TARGETS.bestPractices}`,
        `≥${TARGETS.seo}`,
        `≤${fmt.ms(TARGETS.lcpMs)}`,
        '',
        `≤${TARGETS.tbtMs} ms`,
        `≤${TARGETS.cls}`,
        '',
        '',
        '',
        '',
      ]),
    );
    for (const r of results) {
      const f = r.median;
      console.log(
        line([
          r.path,
          String(f.performance),
          String(f.accessibility),
          String(f.bestPractices),
          String(f.seo),
          fmt.ms(f.lcpMs),
          fmt.ms(f.fcpMs),
          fmt.tbt(f.tbtMs),
          fmt.cls(f.cls),
          fmt.kb(f.totalKb),
          fmt.kb(f.jsKb),
          String(Math.round(f.cpuIndex)),
          meetsTargets(f) ? 'yes' : 'NO',
        ]),
      );
    }
    for (const r of results.filter((result) => result.failed.length > 0)) console.log(`  ${r.path} failed audits: ${r.failed.join(', ')}`);

    console.log(
      `\nLanding page JavaScript: ${sizes.landingGzipKb.toFixed(1)} KB gzip (target ≤ ${TARGETS.landingJsGzipKb}): ${sizes.landingFiles.join(', ')}`,
    );
    console.log(`  reference: React, React DOM, React Router and TanStack Query alone: ${floorKb.toFixed(1)} KB gzip`);
    console.log(
      "CPU: Lighthouse's benchmark index of this machine during each page's runs (median; higher is faster, a busy machine scores low).",
    );
    console.log("Each lazily loaded module's own JavaScript (gzip, beyond the landing page's):");
    for (const route of sizes.routes)
      console.log(`  ${pad(route.route, 58)} ${route.ownGzipKb.toFixed(1).padStart(6)} KB  ${route.files.join(', ')}`);

    const ok = results.every((r) => meetsTargets(r.median)) && sizes.landingGzipKb <= TARGETS.landingJsGzipKb;
    const round = (v: number, digits = 0) => Number(v.toFixed(digits));
    console.log(
      JSON.stringify({
        bench: 'web',
        lighthouse: '12.2.3',
        runs: RUNS,
        pages: Object.fromEntries(
          results.map((r) => [
            r.path,
            {
              performance: r.median.performance,
              accessibility: r.median.accessibility,
              bestPractices: r.median.bestPractices,
              seo: r.median.seo,
              lcpMs: round(r.median.lcpMs),
              fcpMs: round(r.median.fcpMs),
              tbtMs: round(r.median.tbtMs),
              cls: round(r.median.cls, 3),
              totalKb: round(r.median.totalKb),
              jsKb: round(r.median.jsKb),
              cpuIndex: round(r.median.cpuIndex),
              met: meetsTargets(r.median),
            },
          ]),
        ),
        landingJsGzipKb: round(sizes.landingGzipKb, 1),
        stackFloorJsGzipKb: round(floorKb, 1),
        routesJsGzipKb: Object.fromEntries(sizes.routes.map((r) => [r.route, round(r.ownGzipKb, 1)])),
        ok,
      }),
    );
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
