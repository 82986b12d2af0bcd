#!/usr/bin/env node
// After `vite build`: renders the public pages (PRERENDERED_PATHS in src/app/routes.tsx) to HTML files in dist, so they
// paint before the JavaScript runs; the browser then hydrates them (src/main.tsx).
//
// - dist/index.html (Vite's page with an empty #root) is kept as dist/app-shell.html: the server sends it for every
//   other path. The landing page's HTML takes its place as dist/index.html.
// - Each page gets its own <title> and description in <head>, its HTML in #root, and <link rel="modulepreload"> for
//   the chunks the page loads on demand (from Vite's manifest), so hydration does not wait for a second round trip.
// - dist/prerendered.json lists path → file for the server; every HTML file also gets .br and .gz copies, like the
//   other text assets (vite-plugin-compression2 made those during `vite build`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { pageMarkdown } from './page-markdown.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const SHELL = 'app-shell.html';

/** Route modules that pages load on demand, by path: their chunks are preloaded with the page. */
const ON_DEMAND = {
  '/sign-in': 'src/features/auth/sign-in-page.tsx',
  '/signup': 'src/features/auth/sign-up-page.tsx',
  '/forgot-password': 'src/features/auth/forgot-password-page.tsx',
};

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function fileFor(route) {
  return route === '/' ? 'index.html' : `${route.slice(1).replace(/\//g, '-')}.html`;
}

/** The JavaScript a module needs beyond what the entry page already loads. */
function preloadsFor(manifest, src) {
  if (!src) return [];
  if (!manifest[src]) throw new Error(`${src} is not in the build manifest: update ON_DEMAND in scripts/prerender.mjs`);
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = closure(entry);
  return [...closure(src)].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key].file}`);
}

/** Moves the page's <title> (React renders it with the page) into <head>, replacing the shell's. */
function pageHtml(shell, body, preloads) {
  const titles = [...body.matchAll(/<title>([\s\S]*?)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`Expected one <title> in a rendered page, found ${titles.length}`);
  const content = body.replace(titles[0][0], '');
  if (/<script\b/i.test(content)) throw new Error('A rendered page contains a <script>: the shop allows no inline script');
  let html = shell.replace(/<title>[\s\S]*?<\/title>/, titles[0][0]);
  const links = preloads.map((href) => `    <link rel="modulepreload" crossorigin href="${escapeAttr(href)}">\n`).join('');
  html = html.replace('</head>', `${links}  </head>`);
  return html.replace(EMPTY_ROOT, `<div id="root">${content}</div>`);
}

function writeCompressed(file, text) {
  fs.writeFileSync(file, text);
  const buffer = Buffer.from(text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
}

// Vite's page with the empty #root: index.html after `vite build`, app-shell.html after an earlier run of this script.
const EMPTY_ROOT = '<div id="root"></div>';
const shell = [SHELL, 'index.html']
  .map((file) => path.join(dist, file))
  .filter((file) => fs.existsSync(file))
  .map((file) => fs.readFileSync(file, 'utf8'))
  .find((html) => html.includes(EMPTY_ROOT));
if (!shell) throw new Error(`No page with an empty ${EMPTY_ROOT} in ${dist}: run vite build first`);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// The render entry, built for Node into a temporary folder under node_modules, so that it finds React and the router
// there (the shared domain package is bundled: it is TypeScript).
const cache = path.join(webRoot, 'node_modules/.cache');
fs.mkdirSync(cache, { recursive: true });
const serverOut = fs.mkdtempSync(path.join(cache, 'prerender-'));
try {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [pageMarkdown(), react()],
    ssr: { noExternal: ['@framewala/domain'] },
    build: { ssr: 'src/app/prerender.tsx', outDir: serverOut, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const { render, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(serverOut, 'prerender.js')).href);

  writeCompressed(path.join(dist, SHELL), shell);
  const list = {};
  for (const route of PRERENDERED_PATHS) {
    const body = await render(route);
    const file = fileFor(route);
    writeCompressed(path.join(dist, file), pageHtml(shell, body, preloadsFor(manifest, ON_DEMAND[route])));
    list[route] = file;
  }
  fs.writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(list, null, 2)}\n`);
  console.log(`Prerendered ${Object.keys(list).length} pages: ${Object.keys(list).join(' ')}`);
} finally {
  fs.rmSync(serverOut, { recursive: true, force: true });
}
