import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The built web app (apps/web/dist), as the build leaves it:
 * - `assets/*`: hashed file names, so cached for a year and never asked again (`immutable`);
 * - prerendered public pages (`index.html` for /, `about-us.html`, `sign-in.html`, …), listed with their paths in
 *   `prerendered.json`: their HTML paints before the JavaScript runs, which then takes the page over;
 * - `app-shell.html`: the empty page every other path gets; the app renders it in the browser (an older build without
 *   prerendering has only `index.html`, which then serves as the shell).
 * Every text file has brotli (`.br`) and gzip (`.gz`) copies made at build time; the server sends the one the browser
 * accepts with `Content-Encoding` (and `Vary: Accept-Encoding`), so nothing is compressed per request. HTML is sent
 * with `no-cache`: the browser asks again each time and gets the page that names the current build's assets.
 */
export const WEB_PRERENDERED_LIST = 'prerendered.json';
export const WEB_APP_SHELL = 'app-shell.html';

export function hasWebApp(webDist: string | false | undefined): webDist is string {
  return Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
}

const HTML_CACHE_CONTROL = 'no-cache';
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The prerendered pages: path → HTML file in webDist. A missing or unreadable list means none. */
export function readPrerenderedPages(webDist: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(webDist, WEB_PRERENDERED_LIST), 'utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const pages: Record<string, string> = {};
  for (const [route, file] of Object.entries(parsed)) {
    // Only plain paths and HTML files directly in webDist.
    if (
      /^\/[a-z0-9-/]*$/.test(route) &&
      typeof file === 'string' &&
      /^[a-z0-9-]+\.html$/.test(file) &&
      fs.existsSync(path.join(webDist, file))
    ) {
      pages[route] = file;
    }
  }
  return pages;
}

/** Sends the app shell (for paths with no file and no prerendered page: the app renders them, its 404 included). */
export function appShellSender(webDist: string): (reply: FastifyReply) => FastifyReply {
  const shell = fs.existsSync(path.join(webDist, WEB_APP_SHELL)) ? WEB_APP_SHELL : 'index.html';
  return (reply) => reply.header('cache-control', HTML_CACHE_CONTROL).type('text/html; charset=utf-8').sendFile(shell, webDist);
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? ASSET_CACHE_CONTROL : HTML_CACHE_CONTROL);
    },
  });
  for (const [route, file] of Object.entries(readPrerenderedPages(webDist))) {
    if (route === '/') continue; // index.html, served by the static files
    app.get(route, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file, webDist));
  }
}
