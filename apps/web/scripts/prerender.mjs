#!/usr/bin/env node
// After `vite build`: renders the public pages (PRERENDERED_PATHS in src/app/routes.tsx) to HTML files in dist, so they
// paint before the JavaScript runs; the browser then hydrates them (src/start.tsx).
//
// - dist/index.html (Vite's page with an empty #root) is kept as dist/app-shell.html: the server sends it for every
//   other path. The landing page's HTML takes its place as dist/index.html.
// - Each page gets its own <title> and description in <head>, its HTML in #root, and <link rel="modulepreload"> for
//   the chunks the page loads on demand (from Vite's manifest), so hydration does not wait for a second round trip;
//   not for the app itself, which the entry loads once the page has painted.
// - dist/prerendered.json lists path → file for the server; every HTML file also gets .br and .gz copies, like the
//   other text assets (vite-plugin-compression2 made those during `vite build`).
// - Every page, and the shell, is made once per language: English as above, Hindi as `<name>.hi.html` listed in
//   `prerendered.hi.json` (and `app-shell.hi.html`), with `<html lang>`, title and description in that language and
//   its message catalogues preloaded. The server sends the language the visit asks for.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { pageMarkdown } from './page-markdown.mjs';
import { reactWithLingui } from './react-lingui.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const SHELL = 'app-shell.html';

/** An information page's text in a language (src/lib/policies/policies.ts loads it when its route renders). */
const infoPage = (id) => ({
  module: (locale) => (locale === 'en' ? `src/content/policies/${id}.md` : `src/content/policies/${locale}/${id}.md`),
});

/**
 * Modules that pages load on demand, by path: preloaded with the page, beside the page's own message catalogue
 * (PRERENDERED_CATALOGUES in routes.tsx). `module` is the module's source file, or a function of the language for a
 * module written once per language.
 */
const ON_DEMAND = {
  '/sign-in': { module: 'src/features/auth/sign-in-page.tsx' },
  '/signup': { module: 'src/features/auth/sign-up-page.tsx' },
  '/forgot-password': { module: 'src/features/auth/forgot-password-page.tsx' },
  '/terms': infoPage('terms-and-conditions'),
  '/terms-and-conditions': infoPage('terms-and-conditions'),
  '/privacy': infoPage('privacy-policy'),
  '/privacy-policy': infoPage('privacy-policy'),
  '/cancellations-refunds': infoPage('cancellations-refunds'),
  '/gdpr-compliance-policy': infoPage('gdpr-compliance-policy'),
  '/disclaimer-policy': infoPage('disclaimer-policy'),
  '/shipping-policy': infoPage('shipping-policy'),
  '/about-us': infoPage('about-us'),
  '/our-promises': infoPage('our-promises'),
};
const onDemandModule = (onDemand, locale) => (typeof onDemand.module === 'function' ? onDemand.module(locale) : onDemand.module);

/** The file of a page or of the shell in a language: `about-us.html`, `about-us.hi.html`. */
const inLocale = (file, locale) => (locale === 'en' ? file : file.replace(/\.html$/, `.${locale}.html`));
const listFile = (locale) => (locale === 'en' ? 'prerendered.json' : `prerendered.${locale}.json`);

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell in a language: its `lang`, default title, description and no-script text. */
function shellIn(shell, tag, texts) {
  const out = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${tag}">`)
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(texts.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttr(texts.description)}" />`,
    )
    .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${escapeText(texts.noscript)}</noscript>`);
  if (!out.includes(`<html lang="${tag}">`) || !out.includes(escapeAttr(texts.description))) {
    throw new Error('The shell has no <html lang> or description to set: check apps/web/index.html');
  }
  return out;
}

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function fileFor(route) {
  return route === '/' ? 'index.html' : `${route.slice(1).replace(/\//g, '-')}.html`;
}

/** A chunk and everything it imports statically, added to `seen`. */
function chunkClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/** The entry chunk, and the app it loads once the page may (src/start.tsx: its dynamic imports) with its imports. */
function entryAndApp(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const app = new Set();
  for (const key of manifest[entry].dynamicImports ?? []) chunkClosure(manifest, key, app);
  app.delete(entry);
  return { entry, app };
}

/**
 * The JavaScript a module needs beyond what the entry page already loads. `notPreloaded`: the entry and the app it
 * loads once the page has painted (the page paints first), with their imports.
 */
function preloadsFor(manifest, notPreloaded, src) {
  if (!src) return [];
  if (!manifest[src]) throw new Error(`${src} is not in the build manifest: update ON_DEMAND in scripts/prerender.mjs`);
  return [...chunkClosure(manifest, src)].filter((key) => !notPreloaded.has(key)).map((key) => `/${manifest[key].file}`);
}

/** Moves the page's <title> (React renders it with the page) into <head>, replacing the shell's. */
function pageHtml(shell, body, preloads) {
  const titles = [...body.matchAll(/<title>([\s\S]*?)<\/title>/g)];
  if (titles.length !== 1) throw new Error(`Expected one <title> in a rendered page, found ${titles.length}`);
  const content = body.replace(titles[0][0], '');
  if (/<script\b/i.test(content)) throw new Error('A rendered page contains a <script>: the shop allows no inline script');
  const html = withPreloads(shell.replace(/<title>[\s\S]*?<\/title>/, titles[0][0]), preloads);
  return html.replace(EMPTY_ROOT, `<div id="root">${content}</div>`);
}

function withPreloads(html, preloads, marker = '') {
  const links = preloads.map((href) => `    <link rel="modulepreload" crossorigin href="${escapeAttr(href)}"${marker}>\n`).join('');
  return html.replace('</head>', `${links}  </head>`);
}

/** The shell's app preloads carry this attribute, so that a later run can take them out again. */
const APP_PRELOAD = ' data-app';
const APP_PRELOAD_LINE = / *<link rel="modulepreload" crossorigin href="[^"]*" data-app>\n/g;

/**
 * The app's chunks (what the entry imports once it may: src/start.tsx and its imports). The shell, which has nothing
 * to paint, preloads them, so a page rendered in the browser does not wait a round trip for the entry first.
 */
function appChunks(manifest, app) {
  return [...app].map((key) => `/${manifest[key].file}`);
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
  .find((html) => html.includes(EMPTY_ROOT))
  // An earlier run's shell: without the app preloads that run added to it.
  ?.replace(APP_PRELOAD_LINE, '');
if (!shell) throw new Error(`No page with an empty ${EMPTY_ROOT} in ${dist}: run vite build first`);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { entry, app } = entryAndApp(manifest);
const notPreloaded = chunkClosure(manifest, entry, new Set(app));

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
    plugins: [pageMarkdown(), ...reactWithLingui()],
    ssr: { noExternal: ['@framewala/domain'] },
    build: { ssr: 'src/app/prerender.tsx', outDir: serverOut, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const { render, shellTexts, PRERENDERED_CATALOGUES, PRERENDERED_PATHS, LOCALES, LOCALE_TAGS } = await import(
    pathToFileURL(path.join(serverOut, 'prerender.js')).href
  );

  for (const locale of LOCALES) {
    const localeShell = shellIn(shell, LOCALE_TAGS[locale], await shellTexts(locale));
    const catalogues = (name) => preloadsFor(manifest, notPreloaded, `src/locales/${locale}/${name}.po`);
    writeCompressed(
      path.join(dist, inLocale(SHELL, locale)),
      withPreloads(localeShell, [...appChunks(manifest, app), ...catalogues('common')], APP_PRELOAD),
    );
    const list = {};
    for (const route of PRERENDERED_PATHS) {
      const body = await render(route, locale);
      const file = inLocale(fileFor(route), locale);
      const onDemand = ON_DEMAND[route];
      const preloads = [
        ...catalogues('common'),
        ...(onDemand ? preloadsFor(manifest, notPreloaded, onDemandModule(onDemand, locale)) : []),
        ...(PRERENDERED_CATALOGUES[route] ? catalogues(PRERENDERED_CATALOGUES[route]) : []),
      ];
      writeCompressed(path.join(dist, file), pageHtml(localeShell, body, [...new Set(preloads)]));
      list[route] = file;
    }
    fs.writeFileSync(path.join(dist, listFile(locale)), `${JSON.stringify(list, null, 2)}\n`);
    console.log(`Prerendered ${Object.keys(list).length} pages in ${locale}: ${Object.keys(list).join(' ')}`);
  }
} finally {
  fs.rmSync(serverOut, { recursive: true, force: true });
}
