/**
 * zod 4 schemas of the account and address bodies, shared by the web forms and the API, so both check the
 * same rules with the same messages. Phone numbers are checked with libphonenumber-js (pure JS, no I/O), India by
 * default, and normalised to E.164 ('+919876543210').
 */
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { canonicalStateName, INDIAN_STATES, PINCODE_PATTERN } from './india';
import { optionalGstinSchema } from './contracts/coupons';
import { gstinProblem, isValidGstin } from './gst';
import { LOCALES } from './locale';
import { BIDI_CONTROL_MESSAGE, hasBidiControl, textIdSchema } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 60;
export const DEFAULT_PHONE_COUNTRY = 'IN';
/** How long a password-reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const ALL_FIELDS_REQUIRED_MESSAGE = 'All fields are required';
export const LOGIN_SUCCESS_MESSAGE = 'Login Successfully';
export const REGISTER_SUCCESS_MESSAGE = 'Your account has been created. Please sign in.';
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this e-mail, we have sent a link to reset the password. It is valid for 1 hour.';
export const RESET_PASSWORD_SUCCESS_MESSAGE = 'Your password has been changed. Please sign in with the new password.';
export const ADDRESS_SAVED_MESSAGE = 'Address saved successfully!';
export const INVALID_PINCODE_MESSAGE = 'Invalid Pincode';
export const PINCODE_LOOKUP_FAILED_MESSAGE = 'Failed to fetch location details';
export const ADDRESS_LOAD_FAILED_MESSAGE = 'Failed to fetch address. Please try again.';
export const ADDRESS_SAVE_FAILED_MESSAGE = 'Failed to save address. Please try again.';

/** No control characters (newlines, NUL…) in one-line text. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** One line of plain text: no control characters, no bidi controls (names and addresses must read as they are). */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters`)
    .regex(ONE_LINE, 'Use one line of plain text')
    .refine((v) => !hasBidiControl(v), BIDI_CONTROL_MESSAGE);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .regex(ONE_LINE, 'Use one line of plain text')
    .refine((v) => !hasBidiControl(v), BIDI_CONTROL_MESSAGE)
    .default('');

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'Enter your e-mail address', abort: true })
  .max(EMAIL_MAX_LENGTH, { message: 'This e-mail address is too long', abort: true })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

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
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
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

const phoneText = (required: string) => z.string({ error: required }).trim().max(32, 'Enter a valid phone number');

/** A phone number (India by default), normalised to E.164. */
export const phoneSchema = phoneText('Enter a phone number')
  .min(1, { message: 'Enter a phone number', abort: true })
  .refine(isValidPhone, 'Enter a valid phone number')
  .transform((v) => normalizePhone(v) ?? v);

/** An optional phone number: '' or a valid number, normalised to E.164. */
export const optionalPhoneSchema = phoneText('Enter a valid phone number')
  .refine((v) => v === '' || isValidPhone(v), 'Enter a valid phone number')
  .transform((v) => (v === '' ? '' : (normalizePhone(v) ?? v)))
  .default('');

export const pincodeSchema = z
  .string({ error: 'Enter the 6-digit pincode' })
  .trim()
  .min(1, { message: 'Enter the 6-digit pincode', abort: true })
  .regex(PINCODE_PATTERN, 'Enter a valid 6-digit pincode');

/** A state or union territory of India, normalised to today's name ('Orissa' → 'Odisha'). */
export const stateSchema = z
  .string({ error: 'Choose the state' })
  .trim()
  .min(1, { message: 'Choose the state', abort: true })
  .refine((v) => canonicalStateName(v) !== undefined, 'Choose a state or union territory of India')
  .transform((v) => canonicalStateName(v) ?? v);

// ---- Accounts ----

export const LOCALE_MESSAGE = 'Choose a language: en (English) or hi (Hindi)';

/** A language of the shop ('en' or 'hi'), as an account keeps it. */
export const localeSchema = z.enum(LOCALES, { error: LOCALE_MESSAGE });

/** POST /api/register body. `locale` is the language the visitor was using, kept on the account (e-mails use it). */
export const registerBodySchema = z
  .object({
    firstName: requiredText('Enter your first name', NAME_MAX_LENGTH),
    lastName: requiredText('Enter your last name', NAME_MAX_LENGTH),
    email: emailSchema,
    password: newPasswordSchema,
    mobile: phoneSchema,
    locale: localeSchema.optional(),
  })
  .strict();

/** The sign-up form: the register body plus the confirmation, which must match. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string({ error: 'Confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH_MESSAGE, path: ['confirmPassword'] });

/** POST /api/login body. `userName` is the e-mail. */
export const loginBodySchema = z
  .object({
    userName: emailSchema,
    password: z
      .string({ error: 'Enter your password' })
      .min(1, 'Enter your password')
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    rememberMe: z.boolean().optional(),
  })
  .strict();

/** POST /api/forgot-password body. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();

/** POST /api/reset-password body; the token comes from the e-mailed link. */
export const resetPasswordBodySchema = z
  .object({
    token: z
      .string({ error: 'The reset link is incomplete' })
      .min(1, 'The reset link is incomplete')
      .max(512, 'The reset link is not valid'),
    password: newPasswordSchema,
  })
  .strict();

/** The reset-password form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string({ error: 'Confirm your password' }) })
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
    fullName: requiredText('Enter the buyer name', 100),
    phone: phoneSchema,
    altPhone: optionalPhoneSchema,
    email: emailSchema,
    addressLine1: requiredText('Enter the address', 200),
    addressLine2: optionalText(200),
    city: requiredText('Enter the city', 100),
    state: stateSchema,
    country: z.literal('IN', { error: 'We deliver in India only' }).default('IN'),
    postalCode: pincodeSchema,
    companyName: optionalText(100),
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

export type RegisterBody = z.infer<typeof registerBodySchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
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
