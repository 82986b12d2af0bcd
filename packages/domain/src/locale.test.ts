import { describe, expect, it } from 'vitest';
import { isLocale, localeOfTag, pickLocale } from './locale';

describe('pickLocale', () => {
  it('takes the address first, then the remembered choice, then the browser, then English', () => {
    expect(pickLocale({ query: 'hi', cookie: 'en', preferred: ['en-IN'] })).toBe('hi');
    expect(pickLocale({ query: null, cookie: 'hi', preferred: ['en-IN'] })).toBe('hi');
    expect(pickLocale({ cookie: 'en', preferred: ['hi-IN'] })).toBe('en');
    expect(pickLocale({ preferred: ['hi-IN', 'en-US'] })).toBe('hi');
    expect(pickLocale({ preferred: ['en-GB', 'hi'] })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });

  it('skips languages the shop does not offer and values that are not a language', () => {
    expect(pickLocale({ query: 'fr', cookie: 'xx', preferred: ['mr-IN', 'hi'] })).toBe('hi');
    expect(pickLocale({ query: 'HI', preferred: ['ta-IN'] })).toBe('en');
  });
});

describe('localeOfTag', () => {
  it('reads the primary language of a tag', () => {
    expect(localeOfTag('hi-IN')).toBe('hi');
    expect(localeOfTag('EN_us')).toBe('en');
    expect(localeOfTag('hin')).toBeUndefined();
    expect(isLocale('hi')).toBe(true);
    expect(isLocale('hi-IN')).toBe(false);
  });
});
