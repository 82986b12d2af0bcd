/**
 * The app itself, loaded by main.tsx once the page has painted: the language's texts first, then React takes over the
 * prerendered HTML or renders the page.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LOCALE_PARAM } from '@framewala/domain';
import { App } from './app/app';
import { firstPageLoaded } from './app/router';
import { ReplayEarlyTap } from './app/replay-early-tap';
import { PRERENDERED_CATALOGUES } from './app/routes';
import { getSession } from './lib/auth';
import { activateLocale, pageLocale, rememberLocale } from './lib/i18n';
import { hasStoredPhoto } from './lib/order-draft/stored-order';

const container = document.getElementById('root');
if (!container) throw new Error('Framewala: #root element missing from index.html');

const app = (
  <StrictMode>
    <App />
    <ReplayEarlyTap root={container} />
  </StrictMode>
);

const query = new URLSearchParams(location.search);
const locale = pageLocale();
// A link that names its language (`?lang=hi`) makes that language the visitor's choice from here on.
if (query.has(LOCALE_PARAM)) rememberLocale(locale);
query.delete(LOCALE_PARAM);

// Public pages arrive rendered at build time (scripts/prerender.mjs), in the language the server chose, as a
// first-time visitor sees them: no query, not signed in, no order in progress. The app takes that HTML over (hydrates
// it) when this visit is the same; otherwise it renders afresh, replacing the HTML it painted meanwhile. Every other
// page arrives empty and is rendered here. Either way the language's common texts are loaded first, and a prerendered
// page's own catalogue with them; a prerendered page that loads on demand (sign-in) is taken over once its code is
// here too, so React finds the page it painted.
const hydrate = container.firstElementChild !== null && query.size === 0 && getSession() === null && !hasStoredPhoto();
const pageCatalogue = PRERENDERED_CATALOGUES[location.pathname as keyof typeof PRERENDERED_CATALOGUES];
const texts = activateLocale(locale, pageCatalogue ? [pageCatalogue] : []);
if (hydrate) void Promise.all([texts, firstPageLoaded()]).then(() => hydrateRoot(container, app));
else void texts.then(() => createRoot(container).render(app));
