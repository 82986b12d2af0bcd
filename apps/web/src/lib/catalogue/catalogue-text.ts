/**
 * The shop's catalogue texts (frame-set, finish and border names, categories, descriptions) come from the API in
 * English with their Hindi beside them (`frameName` / `frameNameHi`, docs/decisions/087-catalogue-texts-in-hindi.md).
 * They are the owner's words, not the code's, so they are not in the message catalogues: a page picks one here.
 */
import { activeLocale } from '../i18n';

/**
 * A catalogue text in the page's language: the Hindi on a Hindi page where the shop has written one, else the
 * English (an English page, a text the owner has not translated yet, an order placed before the shop kept Hindi).
 * A missing English (a line whose finish the catalogue no longer has) stays missing.
 */
export function catalogueText<T extends string | null | undefined>(english: T, hindi: string | null | undefined): T | string {
  return activeLocale() === 'hi' && hindi ? hindi : english;
}
