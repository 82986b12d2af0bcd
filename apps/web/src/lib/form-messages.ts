/**
 * The account and address forms' messages in the customer's language. The forms validate with the domain's zod
 * schemas, whose messages stay English (the API answers with the same texts); every fixed message is a named constant
 * of the domain (`FORM_MESSAGES`), and this map gives each its translation: a message added to the domain without an
 * entry here fails typecheck. The field error display (`FieldFrame`) shows any error through `formMessageText`.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ADDRESS_LINE_MAX_LENGTH,
  ADDRESS_LINE_TOO_LONG_MESSAGE,
  ADDRESS_TEXT_MAX_LENGTH,
  ADDRESS_TEXT_TOO_LONG_MESSAGE,
  ALL_FIELDS_REQUIRED_MESSAGE,
  BIDI_CONTROL_MESSAGE,
  CHOOSE_STATE_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  CONFIRM_PASSWORD_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  ENTER_ADDRESS_MESSAGE,
  ENTER_BUYER_NAME_MESSAGE,
  ENTER_CITY_MESSAGE,
  ENTER_EMAIL_MESSAGE,
  ENTER_FIRST_NAME_MESSAGE,
  ENTER_LAST_NAME_MESSAGE,
  ENTER_LOGIN_CODE_MESSAGE,
  ENTER_NEW_PASSWORD_MESSAGE,
  ENTER_PASSWORD_MESSAGE,
  ENTER_PHONE_MESSAGE,
  ENTER_PINCODE_MESSAGE,
  gstinStateMismatchMessage,
  INDIA_ONLY_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_GSTIN_MESSAGE,
  INVALID_PHONE_MESSAGE,
  INVALID_PINCODE_FORMAT_MESSAGE,
  INVALID_PINCODE_MESSAGE,
  isFormMessage,
  NAME_MAX_LENGTH,
  NAME_TOO_LONG_MESSAGE,
  ONE_LINE_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PINCODE_LOOKUP_FAILED_MESSAGE,
  RESET_LINK_INCOMPLETE_MESSAGE,
  RESET_LINK_NOT_VALID_MESSAGE,
  UNKNOWN_STATE_MESSAGE,
  WHITESPACE_PASSWORD_MESSAGE,
  type FormMessage,
} from '@framewala/domain';
import { i18n as activeI18n } from './i18n';
import { stateName } from './state-names';

const tooLong = (max: number) => msg`Use at most ${max} characters`;

export const FORM_MESSAGE_TEXTS: Record<FormMessage, MessageDescriptor> = {
  [ENTER_FIRST_NAME_MESSAGE]: msg`Enter your first name`,
  [ENTER_LAST_NAME_MESSAGE]: msg`Enter your last name`,
  [NAME_TOO_LONG_MESSAGE]: tooLong(NAME_MAX_LENGTH),
  [ONE_LINE_MESSAGE]: msg`Use one line of plain text`,
  [BIDI_CONTROL_MESSAGE]: msg`Must not contain text-direction control characters`,
  [ENTER_EMAIL_MESSAGE]: msg`Enter your e-mail address`,
  [EMAIL_TOO_LONG_MESSAGE]: msg`This e-mail address is too long`,
  [INVALID_EMAIL_MESSAGE]: msg`Enter a valid e-mail address`,
  [ENTER_NEW_PASSWORD_MESSAGE]: msg`Enter a password`,
  [ENTER_PASSWORD_MESSAGE]: msg`Enter your password`,
  [PASSWORD_TOO_SHORT_MESSAGE]: msg`Use at least ${PASSWORD_MIN_LENGTH} characters`,
  [PASSWORD_TOO_LONG_MESSAGE]: tooLong(PASSWORD_MAX_LENGTH),
  [WHITESPACE_PASSWORD_MESSAGE]: msg`Use letters, digits or symbols, not only spaces`,
  [COMMON_PASSWORD_MESSAGE]: msg`This password is too common and easy to guess. Please choose another one.`,
  [CONFIRM_PASSWORD_MESSAGE]: msg`Confirm your password`,
  [PASSWORDS_DO_NOT_MATCH_MESSAGE]: msg`Passwords do not match`,
  [ALL_FIELDS_REQUIRED_MESSAGE]: msg`All fields are required`,
  [RESET_LINK_INCOMPLETE_MESSAGE]: msg`The reset link is incomplete`,
  [RESET_LINK_NOT_VALID_MESSAGE]: msg`The reset link is not valid`,
  [ENTER_LOGIN_CODE_MESSAGE]: msg`Enter the 6-digit code from the e-mail`,
  [ENTER_PHONE_MESSAGE]: msg`Enter a phone number`,
  [INVALID_PHONE_MESSAGE]: msg`Enter a valid phone number`,
  [ENTER_BUYER_NAME_MESSAGE]: msg`Enter the buyer name`,
  [ENTER_ADDRESS_MESSAGE]: msg`Enter the address`,
  [ENTER_CITY_MESSAGE]: msg`Enter the city`,
  [ADDRESS_TEXT_TOO_LONG_MESSAGE]: tooLong(ADDRESS_TEXT_MAX_LENGTH),
  [ADDRESS_LINE_TOO_LONG_MESSAGE]: tooLong(ADDRESS_LINE_MAX_LENGTH),
  [ENTER_PINCODE_MESSAGE]: msg`Enter the 6-digit pincode`,
  [INVALID_PINCODE_FORMAT_MESSAGE]: msg`Enter a valid 6-digit pincode`,
  [INVALID_PINCODE_MESSAGE]: msg`Invalid Pincode`,
  [PINCODE_LOOKUP_FAILED_MESSAGE]: msg`Failed to fetch location details`,
  [CHOOSE_STATE_MESSAGE]: msg`Choose the state`,
  [UNKNOWN_STATE_MESSAGE]: msg`Choose a state or union territory of India`,
  [INDIA_ONLY_MESSAGE]: msg`We deliver in India only`,
  [INVALID_GSTIN_MESSAGE]: msg`This GSTIN is not valid. Please check it (15 characters, like 27AAPFU0939F1ZV).`,
};

/** The domain's `gstinStateMismatchMessage`, read back into its two states (checked by building it again). */
const GSTIN_STATE_MISMATCH = /^This GSTIN is registered in (.+), but the billing state is (.+)\.$/;

function gstinStateMismatchText(message: string, i18n: I18n): string | undefined {
  const match = GSTIN_STATE_MISMATCH.exec(message);
  if (!match) return undefined;
  const [, registered = '', billing = ''] = match;
  if (gstinStateMismatchMessage(registered, billing) !== message) return undefined;
  const registeredIn = stateName(registered);
  const billingState = stateName(billing);
  return i18n._(msg`This GSTIN is registered in ${registeredIn}, but the billing state is ${billingState}.`);
}

/** Whether a text is one of the forms' messages (so `formMessageText` shows it in the active language). */
export function isKnownFormMessage(message: string): boolean {
  return isFormMessage(message) || gstinStateMismatchText(message, activeI18n) !== undefined;
}

/**
 * A form message in the active language: a domain message by its translation, any other text (already translated by
 * the page, or a server's own words) as it is.
 */
export function formMessageText(message: string, i18n: I18n = activeI18n): string {
  if (isFormMessage(message)) return i18n._(FORM_MESSAGE_TEXTS[message]);
  return gstinStateMismatchText(message, i18n) ?? message;
}
