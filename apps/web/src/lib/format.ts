import { msg } from '@lingui/core/macro';
import parsePhoneNumber from 'libphonenumber-js/min';
import { activeLocaleTag, i18n } from './i18n';

/** What a missing value reads as, in English ('N/A'); shown through `notAvailable()`, which follows the language. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the English text, for comparisons
export const NOT_AVAILABLE = 'N/A';

const NOT_AVAILABLE_TEXT = msg`N/A`;

/** A missing value in the active language ('N/A', 'उपलब्ध नहीं'). */
export function notAvailable(): string {
  return i18n._(NOT_AVAILABLE_TEXT);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date format of a language, made once ('12 May 2025', '12 मई 2025'). */
function dateFormat(tag: string): Intl.DateTimeFormat {
  let format = dateFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' });
    dateFormats.set(tag, format);
  }
  return format;
}

/** A day in the active language, e.g. '12 May 2025' or '12 मई 2025'; 'N/A' when the date cannot be read. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? notAvailable() : dateFormat(activeLocaleTag()).format(date);
}

/** '+919876543210' → '+91 98765 43210'; anything unparseable is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return notAvailable();
  try {
    return parsePhoneNumber(value, 'IN')?.formatInternational() ?? value;
  } catch {
    return value;
  }
}

/** A value, or 'N/A' (in the active language) when missing. */
export const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : notAvailable());
