/**
 * The shop's languages in the browser (Lingui). Texts are written in English in the code with Lingui's macros and
 * translated in the message catalogues (src/locales/<locale>/<name>.po, see lingui.config.ts); this module loads the
 * catalogues a page needs and switches the language.
 *
 * - The language of a visit is chosen by the server with the domain's rule (address, remembered choice, browser) and
 *   written into the page as `<html lang>`; `?lang=` in the address wins, so the Vite dev server follows it too.
 * - `common` is loaded before the first render; a page that loads on demand loads its feature's catalogue with its
 *   code (`withCatalogue`), so a page's texts arrive with it and no page carries another's.
 * - Switching loads every catalogue already in use in the new language, then re-renders (Lingui's provider listens).
 */
import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_PARAM,
  LOCALE_TAGS,
  localeOfTag,
  type Locale,
} from '@framewala/domain';

export { i18n };

/** The catalogues: `common`, and one per customer feature (lingui.config.ts). */
export const CATALOGUE_NAMES = [
  'common',
  'auth',
  'buyer-details',
  'cart',
  'checkout',
  'editor',
  'frames',
  'orders',
  'profile',
  'upload',
  'wall',
] as const;
export type CatalogueName = (typeof CATALOGUE_NAMES)[number];

const CATALOGUES = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const inUse = new Set<CatalogueName>(['common']);

/**
 * Catalogues already given to Lingui. Loading one again would re-render the whole app (Lingui announces every load),
 * and a re-render that reaches a prerendered page before it is taken over makes React paint it afresh, losing what the
 * visitor typed meanwhile.
 */
const loaded = new Set<string>();

async function loadInto(locale: Locale, name: CatalogueName): Promise<void> {
  const key = `${locale}/${name}`;
  if (loaded.has(key)) return;
  const load = CATALOGUES[`../locales/${locale}/${name}.po`];
  if (!load) throw new Error(`No ${locale} catalogue named ${name}`);
  const { messages } = await load();
  if (loaded.has(key)) return;
  i18n.load(locale, messages);
  loaded.add(key);
}

/** The active language ('en' until the first activation). */
export function activeLocale(): Locale {
  return localeOfTag(i18n.locale ?? '') ?? DEFAULT_LOCALE;
}

/** The `Intl` tag of the active language ('en-IN', 'hi-IN'). */
export function activeLocaleTag(): string {
  return LOCALE_TAGS[activeLocale()];
}

/** Loads a feature's catalogue in the active language (and in any language switched to later). */
export async function loadCatalogue(name: CatalogueName): Promise<void> {
  inUse.add(name);
  await loadInto(activeLocale(), name);
}

/** Wraps a page's dynamic import so that its catalogue arrives with its code (for React's `lazy`). */
export function withCatalogue<T>(name: CatalogueName, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadCatalogue(name)]);
    return module;
  };
}

/** The language this page was sent in: `?lang=` first, then the `lang` attribute the server chose. */
export function pageLocale(): Locale {
  const fromQuery = localeOfTag(new URLSearchParams(window.location.search).get(LOCALE_PARAM) ?? '');
  return fromQuery ?? localeOfTag(document.documentElement.lang) ?? DEFAULT_LOCALE;
}

/** Loads the catalogues in use (and any given) in a language and makes it the active one. */
export async function activateLocale(locale: Locale, also: CatalogueName[] = []): Promise<void> {
  for (const name of also) inUse.add(name);
  await Promise.all([...inUse].map((name) => loadInto(locale, name)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[locale];
}

/** Remembers the visitor's choice in the browser: the server reads the cookie to send pages in that language. */
export function rememberLocale(locale: Locale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, read by the server
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
