/**
 * Small texts the cart, the checkout and the order pages share, in the active language: sizes and lengths in inches
 * ('12x8 in', '0.8 in'; in Hindi '12 × 8 इंच', '0.8 इंच') and counts of framed photos.
 */
import { plural, t } from '@lingui/core/macro';
import { formatMeasure } from '@framewala/domain';
import { activeLocale } from './i18n';

/** A size name as the catalogue writes it ('12x8', '10 X 16'): as it is in English, '12 × 8' in another language. */
function sizeName(name: string): string {
  return activeLocale() === 'en' ? name : name.replace(/\s*[xX×]\s*/g, ' × ');
}

/** A size or a length in inches: '12x8 in', '0.8 in' (a number is written with the domain's `formatMeasure`). */
export function inchesText(value: string | number): string {
  const size = typeof value === 'number' ? formatMeasure(value) : sizeName(value);
  return t`${size} in`;
}

/** A print size the customer typed themselves: '10 X 16 in (custom)'. */
export function customInchesText(name: string): string {
  const size = sizeName(name);
  return t`${size} in (custom)`;
}

/** '1 framed photo', '3 framed photos'. */
export function framedPhotosText(count: number): string {
  return t`${plural(count, { one: '# framed photo', other: '# framed photos' })}`;
}
