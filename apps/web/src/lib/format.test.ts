import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatPhone, notAvailable, text } from './format';
import { activateLocale, i18n } from './i18n';

describe('formatDate', () => {
  afterEach(() => i18n.activate('en'));

  it('writes a day in the active language', async () => {
    expect(formatDate('2025-05-12T06:00:00Z')).toBe('12 May 2025');
    await activateLocale('hi');
    expect(formatDate('2025-05-12T06:00:00Z')).toBe('12 मई 2025');
  });

  it('says N/A, in the active language, for a date it cannot read or a missing value', async () => {
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatPhone(null)).toBe('N/A');
    await activateLocale('hi');
    expect(notAvailable()).toBe('उपलब्ध नहीं');
    expect(formatDate('not a date')).toBe('उपलब्ध नहीं');
    expect(text('  ')).toBe('उपलब्ध नहीं');
  });
});
