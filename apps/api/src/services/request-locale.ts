import type { IncomingHttpHeaders } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import Negotiator from 'negotiator';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALE_PARAM, pickLocale, type Locale } from '@framewala/domain';

/**
 * The language of a request by the domain's one rule (`pickLocale`): `?lang=`, then the `lang` cookie, then the
 * browser's languages (`Accept-Language`, in its order of preference), then English. The server applies it to the
 * pages it sends and to e-mails for an account that has not chosen a language.
 */
export interface LocaleRequest {
  headers: IncomingHttpHeaders;
  /** The parsed query string, when the request has one. */
  query?: unknown;
}

/** The `lang` query parameter (the first, when repeated), if the request has one. */
export function queryLocaleParam(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const value = (query as Record<string, unknown>)[LOCALE_PARAM];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The `lang` cookie, if the request carries one (a malformed Cookie header counts as none). */
export function cookieLocale(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.cookie;
  if (!header) return undefined;
  try {
    return parseCookie(header)[LOCALE_COOKIE];
  } catch {
    return undefined;
  }
}

/** The browser's languages, most preferred first (those it refuses with q=0 left out). */
export function preferredLanguages(headers: IncomingHttpHeaders): string[] {
  return new Negotiator({ headers }).languages();
}

export function requestLocale(request: LocaleRequest): Locale {
  return pickLocale({
    query: queryLocaleParam(request.query),
    cookie: cookieLocale(request.headers),
    preferred: preferredLanguages(request.headers),
  });
}

/** The language a request names in its address (`?lang=hi`), when it is one of the shop's. */
export function chosenLocale(request: LocaleRequest): Locale | undefined {
  const value = queryLocaleParam(request.query);
  return isLocale(value) ? value : undefined;
}

/** The `Set-Cookie` value that remembers a language for a year on every path, as the web app writes it. */
export function localeCookieHeader(locale: Locale): string {
  return stringifySetCookie({ name: LOCALE_COOKIE, value: locale, path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax' });
}
