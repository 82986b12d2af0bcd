/**
 * Build-time rendering of the public pages (scripts/prerender.mjs builds this entry for Node and calls `render`).
 *
 * The same route table and providers as in the browser, rendered with React's static `prerender`, which waits for
 * the pages that load on demand (sign-in, sign-up), so their HTML is complete. No page data is fetched here: what comes
 * from the API (contact links) or the browser's storage (the signed-in customer, the order in progress) renders as it
 * does before it is known, and the browser fills it in after hydration, as on any first paint.
 */
/* eslint-disable react-refresh/only-export-components -- a build-time entry, never hot-reloaded */
import { msg } from '@lingui/core/macro';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LOCALE_TAGS, LOCALES, type Locale } from '@framewala/domain';
import { activateLocale, CATALOGUE_NAMES, i18n } from '../lib/i18n';
import { AppProviders } from './providers';
import { routes } from './routes';

export { PRERENDERED_CATALOGUES, PRERENDERED_PATHS } from './routes';
export { LOCALES, LOCALE_TAGS };

/** Every catalogue: a page that loads on demand finds its texts already there in either language. */
const ALL_CATALOGUES = [...CATALOGUE_NAMES];

const SHELL_TITLE = msg`Framewala — Custom photo frames, made in India`;
const SHELL_DESCRIPTION = msg`Upload your photo, pick a size, crop it, choose a frame and an optional white border, see a true-to-scale preview and pay securely in rupees. Framed in India, delivered to your door.`;

/** The page's title and description before a page names its own, in a language (for the app shell's <head>). */
export async function shellTexts(locale: Locale): Promise<{ title: string; description: string; noscript: string }> {
  await activateLocale(locale, ALL_CATALOGUES);
  return {
    title: i18n._(SHELL_TITLE),
    description: i18n._(SHELL_DESCRIPTION),
    noscript: i18n._(msg`Framewala needs JavaScript to show your frame preview. Please enable it and reload the page.`),
  };
}

/**
 * A page's HTML. A page loaded on demand suspends the first time it renders, and React would send it apart from the
 * rest with an inline script to move it in place (which the shop's Content-Security-Policy refuses). Its module stays
 * loaded, so the next render has it at once: render until no part of the page waited.
 */
export async function render(path: string, locale: Locale): Promise<string> {
  await activateLocale(locale, ALL_CATALOGUES);
  for (let attempt = 0; attempt < 3; attempt++) {
    const html = await renderOnce(path);
    if (!/<script\b/i.test(html)) return html;
  }
  throw new Error(`${path} still waits for a part of the page after three renders`);
}

async function renderOnce(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // One piece of HTML: React would otherwise move large parts of the page into place with an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
