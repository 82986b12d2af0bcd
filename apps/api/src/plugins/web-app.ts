import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_PARAM, type Locale } from '@framewala/domain';
import { chosenLocale, localeCookieHeader, requestLocale } from '../services/request-locale';

/**
 * The built web app (apps/web/dist), as the build leaves it:
 * - `assets/*`: hashed file names, so cached for a year and never asked again (`immutable`);
 * - prerendered public pages (`index.html` for /, `about-us.html`, `sign-in.html`, …), listed with their paths in
 *   `prerendered.json`: their HTML paints before the JavaScript runs, which then takes the page over;
 * - `app-shell.html`: the empty page every other path gets; the app renders it in the browser (an older build without
 *   prerendering has only `index.html`, which then serves as the shell);
 * - the same pages in Hindi beside them (`index.hi.html`, `about-us.hi.html`, listed in `prerendered.hi.json`, and
 *   `app-shell.hi.html`).
 * Every text file has brotli (`.br`) and gzip (`.gz`) copies made at build time; the server sends the one the browser
 * accepts with `Content-Encoding` (and `Vary: Accept-Encoding`), so nothing is compressed per request. HTML is sent
 * with `no-cache`: the browser asks again each time and gets the page that names the current build's assets.
 *
 * A page is sent in the visit's language (domain `pickLocale`: `?lang=`, the `lang` cookie, Accept-Language,
 * English), with `Content-Language` and `Vary: Cookie, Accept-Language`; English when the build has no Hindi copy.
 * `?lang=` also sets the `lang` cookie, so the choice holds on the next visit. `/hi/<path>` redirects to
 * `/<path>?lang=hi`.
 */
export const WEB_PRERENDERED_LIST = 'prerendered.json';
export const WEB_APP_SHELL = 'app-shell.html';

/** A page's or the shell's file in a language: `about-us.html`, `about-us.hi.html`. */
export function fileInLocale(file: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? file : file.replace(/\.html$/, `.${locale}.html`);
}

/** The list of prerendered pages in a language: `prerendered.json`, `prerendered.hi.json`. */
export function prerenderedList(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? WEB_PRERENDERED_LIST : `prerendered.${locale}.json`;
}

export function hasWebApp(webDist: string | false | undefined): webDist is string {
  return Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
}

const HTML_CACHE_CONTROL = 'no-cache';
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A page depends on the compression the browser takes and on the language it asks for. */
const PAGE_VARY = 'Accept-Encoding, Cookie, Accept-Language';

/** The prerendered pages in one list: path → HTML file in webDist. A missing or unreadable list means none. */
export function readPrerenderedPages(webDist: string, list = WEB_PRERENDERED_LIST): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(webDist, list), 'utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const pages: Record<string, string> = {};
  for (const [route, file] of Object.entries(parsed)) {
    // Only plain paths and HTML files directly in webDist ('about-us.html', 'about-us.hi.html').
    if (
      /^\/[a-z0-9-/]*$/.test(route) &&
      typeof file === 'string' &&
      /^[a-z0-9-]+(\.[a-z]{2})?\.html$/.test(file) &&
      fs.existsSync(path.join(webDist, file))
    ) {
      pages[route] = file;
    }
  }
  return pages;
}

/** One page's file in each language the build has it in; English always. */
export type LocalizedPage = { en: string } & Partial<Record<Locale, string>>;

/** The app shell in each language the build has. */
function appShell(webDist: string): LocalizedPage {
  const en = fs.existsSync(path.join(webDist, WEB_APP_SHELL)) ? WEB_APP_SHELL : 'index.html';
  const hi = fileInLocale(WEB_APP_SHELL, 'hi');
  return fs.existsSync(path.join(webDist, hi)) ? { en, hi } : { en };
}

/** Every prerendered path (the landing page always) with its file in each language the build has. */
export function localizedPages(webDist: string): Map<string, LocalizedPage> {
  const english = { '/': 'index.html', ...readPrerenderedPages(webDist) };
  const hindi = readPrerenderedPages(webDist, prerenderedList('hi'));
  return new Map(Object.entries(english).map(([route, en]) => [route, hindi[route] ? { en, hi: hindi[route] } : { en }]));
}

/**
 * Sends a page in the visit's language (English when the build has no copy in it), marked with its language and
 * varying on what chose it. A request with `?lang=` also remembers that language in the `lang` cookie.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: LocalizedPage, webDist: string): FastifyReply {
  const wanted = requestLocale(request);
  const locale = page[wanted] ? wanted : DEFAULT_LOCALE;
  const chosen = chosenLocale(request);
  if (chosen) reply.header('set-cookie', localeCookieHeader(chosen));
  return reply
    .header('cache-control', HTML_CACHE_CONTROL)
    .header('vary', PAGE_VARY)
    .header('content-language', locale)
    .type('text/html; charset=utf-8')
    .sendFile(page[locale] ?? page.en, webDist);
}

/** Sends the app shell (for paths with no file and no prerendered page: the app renders them, its 404 included). */
export function appShellSender(webDist: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const shell = appShell(webDist);
  return (request, reply) => sendPage(request, reply, shell, webDist);
}

/**
 * `/hi/<path>?<query>` → `/<path>?<query>&lang=hi`. Leading slashes and backslashes of the rest are dropped, so
 * the target is always a path on this site (never `//other.host`).
 */
export function hindiRedirectTarget(url: string): string {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  query.set(LOCALE_PARAM, 'hi');
  const rest = pathname.replace(/^\/hi(?=\/|$)/, '').replace(/^[/\\]+/, '');
  return `/${rest}?${query.toString()}`;
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // `/` is a page like the others, chosen by language below.
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? ASSET_CACHE_CONTROL : HTML_CACHE_CONTROL);
    },
  });
  for (const [route, page] of localizedPages(webDist)) {
    app.get(route, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, page, webDist));
  }
  const toHindi = (request: FastifyRequest, reply: FastifyReply) => reply.redirect(hindiRedirectTarget(request.url), 302);
  app.get('/hi', { schema: { hide: true } }, toHindi);
  app.get('/hi/*', { schema: { hide: true } }, toHindi);
}
