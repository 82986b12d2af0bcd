import { describe, expect, it } from 'vitest';
import { chosenLocale, localeCookieHeader, requestLocale } from './request-locale';

describe("a request's language", () => {
  it('is ?lang=, then the lang cookie, then Accept-Language in its order of preference, then English', () => {
    expect(requestLocale({ headers: {} })).toBe('en');
    expect(requestLocale({ headers: { cookie: 'lang=en', 'accept-language': 'hi' }, query: { lang: 'hi' } })).toBe('hi');
    expect(requestLocale({ headers: { cookie: 'a=1; lang=hi' } })).toBe('hi');
    expect(requestLocale({ headers: { cookie: 'lang=en', 'accept-language': 'hi' } })).toBe('en');
    expect(requestLocale({ headers: { 'accept-language': 'en-US;q=0.4, hi-IN;q=0.8' } })).toBe('hi');
    expect(requestLocale({ headers: { 'accept-language': 'mr-IN, en-GB;q=0.9, hi;q=0.8' } })).toBe('en');
    expect(requestLocale({ headers: { 'accept-language': 'hi;q=0, *' } })).toBe('en');
    expect(requestLocale({ headers: { 'accept-language': 'hi' }, query: { lang: 'fr' } })).toBe('hi');
    expect(requestLocale({ headers: { cookie: 'lang=%ZZ; broken', 'accept-language': 'hi' } })).toBe('hi');
    expect(requestLocale({ headers: {}, query: { lang: ['hi', 'en'] } })).toBe('hi');
  });

  it('is named in the address only by ?lang= with a language of the shop', () => {
    expect(chosenLocale({ headers: {}, query: { lang: 'hi' } })).toBe('hi');
    expect(chosenLocale({ headers: { cookie: 'lang=hi' } })).toBeUndefined();
    expect(chosenLocale({ headers: {}, query: { lang: 'HI' } })).toBeUndefined();
  });

  it('is remembered for a year on every path, readable by the web app', () => {
    expect(localeCookieHeader('hi')).toBe('lang=hi; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
