import { LOCALE_TAGS, type Locale } from '@framewala/domain';

/** The shop's dates and times are India's, whatever the server's time zone. */
const INDIA = 'Asia/Kolkata';

/**
 * A date or time in India through Intl in a language's Indian variant ('22 Nov 2026', 'बुधवार, 2 दिसंबर',
 * 'शाम 4:05'). ICU puts narrow no-break spaces in times ('4:05\u202fpm'); plain spaces keep the text simple.
 */
export function inIndia(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: INDIA }).format(date).replace(/[\u202f\u00a0]/g, ' ');
}

/** A delivery address on one line: the customer's own words, the same in every language. */
export function addressLine(a: {
  fullName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
}): string {
  return `${a.fullName}, ${a.addressLine1}${a.addressLine2 ? `, ${a.addressLine2}` : ''}, ${a.city}, ${a.state} ${a.postalCode}`;
}

/** The address down to the city, as the shipped notice shows it. */
export function cityLine(a: { fullName: string; city: string; state: string; postalCode: string }): string {
  return `${a.fullName}, ${a.city}, ${a.state} ${a.postalCode}`;
}
