/**
 * The shop's languages and how a visit picks one. The web app and the server apply the same rule, so the page the
 * server sends and the page the browser renders agree:
 *
 * 1. `?lang=hi` (or `en`) in the address: a shared link opens in its language;
 * 2. the `lang` cookie: the visitor's own choice, remembered by the browser (and on the account, which sets the
 *    cookie again at sign-in);
 * 3. the browser's preferred languages (`Accept-Language`, `navigator.languages`): Hindi when it comes before English;
 * 4. English.
 */

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The query parameter and cookie that carry the language. */
export const LOCALE_PARAM = 'lang';
export const LOCALE_COOKIE = 'lang';
/** A year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** BCP 47 tags for `Intl` and the `lang` attribute: the Indian variants (lakh grouping, Indian date order). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language's name in itself, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** What the switch says to change to a language, in that language (read aloud in it: the button carries its `lang`). */
export const LOCALE_SWITCH_LABELS: Record<Locale, string> = { en: 'View in English', hi: 'हिन्दी में देखें' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The shop's language for a language tag ('hi-IN' → 'hi', 'en-GB' → 'en'), or undefined for any other. */
export function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

export type LocaleSources = {
  /** The `lang` query parameter, if any. */
  query?: string | null;
  /** The `lang` cookie, if any. */
  cookie?: string | null;
  /** The browser's languages, most preferred first. */
  preferred?: readonly string[];
};

/** The language of a visit (see the rule above). */
export function pickLocale({ query, cookie, preferred = [] }: LocaleSources): Locale {
  if (isLocale(query)) return query;
  if (isLocale(cookie)) return cookie;
  for (const tag of preferred) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
