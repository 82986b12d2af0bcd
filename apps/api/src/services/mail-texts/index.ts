import type { Locale } from '@framewala/domain';
import { en } from './en';
import { hi } from './hi';
import type { MailTexts } from './types';

export type { MailLine, MailTexts } from './types';
export { addressLine, cityLine } from './format';

const CATALOGUES: Record<Locale, MailTexts> = { en, hi };

/** The e-mail texts in a language; an account without one gets English. */
export function mailTexts(locale: Locale | null | undefined): MailTexts {
  return CATALOGUES[locale ?? 'en'];
}
