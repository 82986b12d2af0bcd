import { COMMON_PASSWORD_MESSAGE, normalizeForCommonCheck, ShopError } from '@framewala/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password list of zxcvbn-ts (@zxcvbn-ts/language-common, `passwords-common`): about 49,000 of the most
 * used passwords from public breach corpora, most common first. Kept in the API only: it is too big for the web app,
 * whose forms show the API's message.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map(normalizeForCommonCheck));
  return common;
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalizeForCommonCheck(password));
}

/** Refuses a common password as a field error, in the same shape as the schema's other password errors. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new ShopError('VALIDATION', COMMON_PASSWORD_MESSAGE, { issues: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }] });
  }
}
