/**
 * zod 4 schemas of the account and address bodies, shared by the web forms and the API, so both check the
 * same rules with the same messages. Phone numbers are checked with libphonenumber-js (pure JS, no I/O), India by
 * default, and normalised to E.164 ('+919876543210').
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { canonicalStateName, INDIAN_STATES, PINCODE_PATTERN } from './india';
import { optionalGstinSchema } from './contracts/coupons';
import { gstinProblem, INVALID_GSTIN_MESSAGE, isValidGstin } from './gst';
import { LOCALES } from './locale';
import { BIDI_CONTROL_MESSAGE, hasBidiControl, textIdSchema } from './text';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  DEFAULT_PHONE_COUNTRY,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  ALL_FIELDS_REQUIRED_MESSAGE,
  LOGIN_SUCCESS_MESSAGE,
  ADDRESS_SAVED_MESSAGE,
  INVALID_PINCODE_MESSAGE,
  PINCODE_LOOKUP_FAILED_MESSAGE,
  ADDRESS_TEXT_MAX_LENGTH,
  ADDRESS_LINE_MAX_LENGTH,
  ENTER_FIRST_NAME_MESSAGE,
  ENTER_LAST_NAME_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  ONE_LINE_MESSAGE,
  ENTER_EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  ENTER_NEW_PASSWORD_MESSAGE,
  ENTER_PASSWORD_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  CONFIRM_PASSWORD_MESSAGE,
  ENTER_PHONE_MESSAGE,
  INVALID_PHONE_MESSAGE,
  ENTER_PINCODE_MESSAGE,
  INVALID_PINCODE_FORMAT_MESSAGE,
  CHOOSE_STATE_MESSAGE,
  UNKNOWN_STATE_MESSAGE,
  ENTER_BUYER_NAME_MESSAGE,
  ENTER_ADDRESS_MESSAGE,
  ENTER_CITY_MESSAGE,
  ADDRESS_TEXT_TOO_LONG_MESSAGE,
  ADDRESS_LINE_TOO_LONG_MESSAGE,
  INDIA_ONLY_MESSAGE,
  RESET_LINK_INCOMPLETE_MESSAGE,
  RESET_LINK_NOT_VALID_MESSAGE,
  ENTER_LOGIN_CODE_MESSAGE,
  tooLongMessage,
} from './account-messages';

/** No control characters (newlines, NUL…) in one-line text. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** One line of plain text: no control characters, no bidi controls (names and addresses must read as they are). */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLongMessage(max))
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .refine((v) => !hasBidiControl(v), BIDI_CONTROL_MESSAGE);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLongMessage(max))
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .refine((v) => !hasBidiControl(v), BIDI_CONTROL_MESSAGE)
    .default('');

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: ENTER_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, { message: ENTER_EMAIL_MESSAGE, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: EMAIL_TOO_LONG_MESSAGE, abort: true })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));

export const WHITESPACE_PASSWORD_MESSAGE = 'Use letters, digits or symbols, not only spaces';
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose another one.';

/**
 * How a password is compared with a list of common passwords: without surrounding spaces and in lower case, so that
 * 'Password' and ' password ' count as 'password'.
 */
export const normalizeForCommonCheck = (password: string): string => password.trim().toLowerCase();

/**
 * A new password: 8 to 128 characters, not only spaces, kept exactly as typed. It must also not be a common password;
 * the list (tens of thousands of entries) is too big for the web app, so the API checks it and answers
 * COMMON_PASSWORD_MESSAGE, which the forms show as is.
 */
export const newPasswordSchema = z
  .string({ error: ENTER_NEW_PASSWORD_MESSAGE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  .refine((v) => v.trim() !== '', WHITESPACE_PASSWORD_MESSAGE);

/** Whether a phone number is valid (India when it has no country code). */
export function isValidPhone(value: string): boolean {
  return isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY);
}

/** The E.164 form of a valid phone number ('+919876543210'), or undefined. */
export function normalizePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}

const phoneText = (required: string) => z.string({ error: required }).trim().max(32, INVALID_PHONE_MESSAGE);

/** A phone number (India by default), normalised to E.164. */
export const phoneSchema = phoneText(ENTER_PHONE_MESSAGE)
  .min(1, { message: ENTER_PHONE_MESSAGE, abort: true })
  .refine(isValidPhone, INVALID_PHONE_MESSAGE)
  .transform((v) => normalizePhone(v) ?? v);

/** An optional phone number: '' or a valid number, normalised to E.164. */
export const optionalPhoneSchema = phoneText(INVALID_PHONE_MESSAGE)
  .refine((v) => v === '' || isValidPhone(v), INVALID_PHONE_MESSAGE)
  .transform((v) => (v === '' ? '' : (normalizePhone(v) ?? v)))
  .default('');

export const pincodeSchema = z
  .string({ error: ENTER_PINCODE_MESSAGE })
  .trim()
  .min(1, { message: ENTER_PINCODE_MESSAGE, abort: true })
  .regex(PINCODE_PATTERN, INVALID_PINCODE_FORMAT_MESSAGE);

/** A state or union territory of India, normalised to today's name ('Orissa' → 'Odisha'). */
export const stateSchema = z
  .string({ error: CHOOSE_STATE_MESSAGE })
  .trim()
  .min(1, { message: CHOOSE_STATE_MESSAGE, abort: true })
  .refine((v) => canonicalStateName(v) !== undefined, UNKNOWN_STATE_MESSAGE)
  .transform((v) => canonicalStateName(v) ?? v);

// ---- Accounts ----

export const LOCALE_MESSAGE = 'Choose a language: en (English) or hi (Hindi)';

/** A language of the shop ('en' or 'hi'), as an account keeps it. */
export const localeSchema = z.enum(LOCALES, { error: LOCALE_MESSAGE });

/** POST /api/register body. `locale` is the language the visitor was using, kept on the account (e-mails use it). */
export const registerBodySchema = z
  .object({
    firstName: requiredText(ENTER_FIRST_NAME_MESSAGE, NAME_MAX_LENGTH),
    lastName: requiredText(ENTER_LAST_NAME_MESSAGE, NAME_MAX_LENGTH),
    email: emailSchema,
    password: newPasswordSchema,
    mobile: phoneSchema,
    locale: localeSchema.optional(),
  })
  .strict();

/** The sign-up form: the register body plus the confirmation, which must match. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string({ error: CONFIRM_PASSWORD_MESSAGE }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] });

/** POST /api/login body. `userName` is the e-mail. */
export const loginBodySchema = z
  .object({
    userName: emailSchema,
    password: z
      .string({ error: ENTER_PASSWORD_MESSAGE })
      .min(1, ENTER_PASSWORD_MESSAGE)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
    rememberMe: z.boolean().optional(),
  })
  .strict();

/** POST /api/login/code body: where to send a one-time sign-in code. */
export const loginCodeRequestBodySchema = z.object({ email: emailSchema }).strict();

/** POST /api/login/code/verify body: the e-mail and the 6 digits it received (spaces typed between them are ignored). */
export const loginCodeVerifyBodySchema = z
  .object({
    email: emailSchema,
    code: z
      .string({ error: ENTER_LOGIN_CODE_MESSAGE })
      .max(32, ENTER_LOGIN_CODE_MESSAGE)
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, ENTER_LOGIN_CODE_MESSAGE)),
  })
  .strict();

/** POST /api/forgot-password body. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();

/** POST /api/reset-password body; the token comes from the e-mailed link. */
export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: RESET_LINK_INCOMPLETE_MESSAGE }).min(1, RESET_LINK_INCOMPLETE_MESSAGE).max(512, RESET_LINK_NOT_VALID_MESSAGE),
    password: newPasswordSchema,
  })
  .strict();

/** The reset-password form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string({ error: CONFIRM_PASSWORD_MESSAGE }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] });

export const roleSchema = z.enum(['customer', 'admin']);

/** The signed-in user as the browser keeps it (`framewala.user`). Never carries a password hash. */
export const publicUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164, e.g. '+919876543210'. */
  mobileNumber: z.string(),
  role: roleSchema,
  /**
   * The account's language: its e-mails are written in it, and sign-in adopts it. null until one is chosen. The API
   * always sends it; a user kept by an older client without it reads as null.
   */
  locale: localeSchema.nullable().default(null),
});

/** PATCH /api/user body: what the customer may change on the account. */
export const updateUserBodySchema = z.object({ locale: localeSchema }).strict();
/** PATCH /api/user answer: the account as it is now. */
export const updateUserResponseSchema = z.object({ user: publicUserSchema });

export const registerResponseSchema = z.object({ message: z.string(), user: publicUserSchema });
export const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema, message: z.literal(LOGIN_SUCCESS_MESSAGE) });
export const messageResponseSchema = z.object({ message: z.string() });

// ---- Addresses ----

/** The buyer's delivery address, as the buyer-details form sends it. Optional texts are '' when empty. */
export const addressSchema = z
  .object({
    fullName: requiredText(ENTER_BUYER_NAME_MESSAGE, ADDRESS_TEXT_MAX_LENGTH),
    phone: phoneSchema,
    altPhone: optionalPhoneSchema,
    email: emailSchema,
    addressLine1: requiredText(ENTER_ADDRESS_MESSAGE, ADDRESS_LINE_MAX_LENGTH),
    addressLine2: optionalText(ADDRESS_LINE_MAX_LENGTH),
    city: requiredText(ENTER_CITY_MESSAGE, ADDRESS_TEXT_MAX_LENGTH),
    state: stateSchema,
    country: z.literal('IN', { error: INDIA_ONLY_MESSAGE }).default('IN'),
    postalCode: pincodeSchema,
    companyName: optionalText(ADDRESS_TEXT_MAX_LENGTH),
    /** The buyer's GSTIN for a tax invoice with input tax credit ('' for none); its state must be the billing state. */
    gstin: optionalGstinSchema.default(''),
    isHyperlocal: z.boolean().default(false),
    billingSameAsDelivery: z.boolean().default(true),
  })
  .strict()
  .superRefine((a, ctx) => {
    // The field's own check reports a malformed GSTIN; this adds only the state rule.
    if (!a.gstin || !isValidGstin(a.gstin)) return;
    const problem = gstinProblem(a.gstin, a.state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem.message });
  });

/** POST /api/add-address body. */
export const addAddressBodySchema = z.object({ userId: textIdSchema(100), address: addressSchema }).strict();

/** A saved address as the API returns it (the same fields, normalised). */
export const savedAddressSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  altPhone: z.string(),
  email: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.enum(INDIAN_STATES),
  country: z.literal('IN'),
  postalCode: z.string(),
  companyName: z.string(),
  gstin: z.string().default(''),
  isHyperlocal: z.boolean(),
  billingSameAsDelivery: z.boolean(),
});

export const addAddressResponseSchema = z.object({ message: z.literal(ADDRESS_SAVED_MESSAGE), address: savedAddressSchema });
export const getAddressResponseSchema = z.object({ address: savedAddressSchema.nullable() });
export const currentUserResponseSchema = z.object({ user: publicUserSchema.extend({ address: savedAddressSchema.nullable() }) });

// ---- Pincode lookup (India Post's shape) ----

export const postOfficeSchema = z.object({
  Name: z.string(),
  Description: z.null(),
  BranchType: z.string().nullable(),
  DeliveryStatus: z.string().nullable(),
  Circle: z.string(),
  District: z.string(),
  Division: z.string(),
  Region: z.string(),
  Block: z.string().nullable(),
  State: z.string(),
  Country: z.literal('India'),
  Pincode: z.string(),
});

export const pincodeResultSchema = z.object({
  Status: z.enum(['Success', 'Error']),
  Message: z.string(),
  PostOffice: z.array(postOfficeSchema).nullable(),
});

/** GET /api/pincode/:code answer: always a one-element array, as India Post's API answers. */
export const pincodeResponseSchema = z.array(pincodeResultSchema);

/**
 * Every fixed message the account and address forms can show: the schemas' messages, the server's refusal of a common
 * password, and what the forms say about the pincode lookup. The web translates each (a missing one fails its
 * typecheck); a GSTIN registered in another state is the one message with values (`gstinStateMismatchMessage`).
 */
export const FORM_MESSAGES = [
  ENTER_FIRST_NAME_MESSAGE,
  ENTER_LAST_NAME_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  ONE_LINE_MESSAGE,
  BIDI_CONTROL_MESSAGE,
  ENTER_EMAIL_MESSAGE,
  EMAIL_TOO_LONG_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  ENTER_NEW_PASSWORD_MESSAGE,
  ENTER_PASSWORD_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  WHITESPACE_PASSWORD_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  CONFIRM_PASSWORD_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  ALL_FIELDS_REQUIRED_MESSAGE,
  RESET_LINK_INCOMPLETE_MESSAGE,
  RESET_LINK_NOT_VALID_MESSAGE,
  ENTER_LOGIN_CODE_MESSAGE,
  ENTER_PHONE_MESSAGE,
  INVALID_PHONE_MESSAGE,
  ENTER_BUYER_NAME_MESSAGE,
  ENTER_ADDRESS_MESSAGE,
  ENTER_CITY_MESSAGE,
  ADDRESS_TEXT_TOO_LONG_MESSAGE,
  ADDRESS_LINE_TOO_LONG_MESSAGE,
  ENTER_PINCODE_MESSAGE,
  INVALID_PINCODE_FORMAT_MESSAGE,
  INVALID_PINCODE_MESSAGE,
  PINCODE_LOOKUP_FAILED_MESSAGE,
  CHOOSE_STATE_MESSAGE,
  UNKNOWN_STATE_MESSAGE,
  INDIA_ONLY_MESSAGE,
  INVALID_GSTIN_MESSAGE,
] as const;

export type FormMessage = (typeof FORM_MESSAGES)[number];

export function isFormMessage(message: string): message is FormMessage {
  return (FORM_MESSAGES as readonly string[]).includes(message);
}

export type RegisterBody = z.infer<typeof registerBodySchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
export type LoginCodeRequestBody = z.infer<typeof loginCodeRequestBodySchema>;
export type LoginCodeVerifyBody = z.output<typeof loginCodeVerifyBodySchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export type AddAddressBody = z.infer<typeof addAddressBodySchema>;
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
export type PostOffice = z.infer<typeof postOfficeSchema>;
export type PincodeResult = z.infer<typeof pincodeResultSchema>;
