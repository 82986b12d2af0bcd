import { ERROR_CATALOGUE, ERROR_CODES } from '@framewala/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { ERROR_MESSAGES, errorText } from './error-messages';
import { activateLocale, i18n } from './i18n';

afterEach(() => i18n.activate('en'));

describe('error messages', () => {
  it('say in English exactly what the domain catalogue says, for every code', () => {
    for (const code of ERROR_CODES) expect(i18n._(ERROR_MESSAGES[code]), code).toBe(ERROR_CATALOGUE[code].message);
  });

  it('have a Hindi text of their own for every code', async () => {
    await activateLocale('hi');
    for (const code of ERROR_CODES) {
      const hindi = i18n._(ERROR_MESSAGES[code]);
      expect(hindi, code).not.toBe(ERROR_CATALOGUE[code].message);
      expect(hindi, code).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("show the server's own message in English and the code's message in Hindi", async () => {
    const own = new ApiError({ status: 422, code: 'COUPON_MIN_SUBTOTAL', message: 'Add ₹200 more to use this code.' });
    expect(errorText(own, 'fallback')).toBe('Add ₹200 more to use this code.');
    await activateLocale('hi');
    expect(errorText(own, 'fallback')).toBe(i18n._(ERROR_MESSAGES.COUPON_MIN_SUBTOTAL));
    expect(errorText(new ApiError({ status: 500, code: 'HTTP_500', message: 'x' }), 'कुछ गलत हुआ')).toBe('कुछ गलत हुआ');
    expect(errorText(new TypeError('boom'), 'कुछ गलत हुआ')).toBe('कुछ गलत हुआ');
  });
});
