/**
 * The account and address rules' limits and every message their schemas (account-schemas.ts) can give a form, kept
 * apart from the schemas so that code without forms (the header's language switch, the sign-in call) can use them
 * without loading zod and the phone-number library.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 60;
export const DEFAULT_PHONE_COUNTRY = 'IN';
/** How long a password-reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Sign-in with a one-time code: 6 digits, valid 10 minutes, a few tries per code, a new one after 30 seconds. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;
/** Wrong (or right) tries one code allows; after them it is refused even when right, until a new code is asked for. */
export const LOGIN_CODE_MAX_TRIES = 5;
/** How long the sign-in page waits before it offers to send a new code. */
export const LOGIN_CODE_RESEND_SECONDS = 30;
export const LOGIN_CODE_SENT_MESSAGE = 'We have sent a 6-digit code to this e-mail. It is valid for 10 minutes.';

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

/** The longest buyer name, city and company name in an address. */
export const ADDRESS_TEXT_MAX_LENGTH = 100;
/** The longest address line. */
export const ADDRESS_LINE_MAX_LENGTH = 200;

// ---- Form messages ----
// Every message the schemas in account-schemas.ts can give a form, each a named constant: the web shows them in the customer's
// language through one map keyed by these texts (FORM_MESSAGES), so a new message must be added there too.

export const tooShortMessage = <N extends number>(min: N) => `Use at least ${min} characters` as const;
export const tooLongMessage = <N extends number>(max: N) => `Use at most ${max} characters` as const;

export const ENTER_FIRST_NAME_MESSAGE = 'Enter your first name';
export const ENTER_LAST_NAME_MESSAGE = 'Enter your last name';
export const NAME_TOO_LONG_MESSAGE = tooLongMessage(NAME_MAX_LENGTH);
export const ONE_LINE_MESSAGE = 'Use one line of plain text';
export const ENTER_EMAIL_MESSAGE = 'Enter your e-mail address';
export const EMAIL_TOO_LONG_MESSAGE = 'This e-mail address is too long';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid e-mail address';
export const ENTER_NEW_PASSWORD_MESSAGE = 'Enter a password';
export const ENTER_PASSWORD_MESSAGE = 'Enter your password';
export const PASSWORD_TOO_SHORT_MESSAGE = tooShortMessage(PASSWORD_MIN_LENGTH);
export const PASSWORD_TOO_LONG_MESSAGE = tooLongMessage(PASSWORD_MAX_LENGTH);
export const CONFIRM_PASSWORD_MESSAGE = 'Confirm your password';
export const ENTER_PHONE_MESSAGE = 'Enter a phone number';
export const INVALID_PHONE_MESSAGE = 'Enter a valid phone number';
export const ENTER_PINCODE_MESSAGE = 'Enter the 6-digit pincode';
export const INVALID_PINCODE_FORMAT_MESSAGE = 'Enter a valid 6-digit pincode';
export const CHOOSE_STATE_MESSAGE = 'Choose the state';
export const UNKNOWN_STATE_MESSAGE = 'Choose a state or union territory of India';
export const ENTER_BUYER_NAME_MESSAGE = 'Enter the buyer name';
export const ENTER_ADDRESS_MESSAGE = 'Enter the address';
export const ENTER_CITY_MESSAGE = 'Enter the city';
export const ADDRESS_TEXT_TOO_LONG_MESSAGE = tooLongMessage(ADDRESS_TEXT_MAX_LENGTH);
export const ADDRESS_LINE_TOO_LONG_MESSAGE = tooLongMessage(ADDRESS_LINE_MAX_LENGTH);
export const INDIA_ONLY_MESSAGE = 'We deliver in India only';
export const RESET_LINK_INCOMPLETE_MESSAGE = 'The reset link is incomplete';
export const RESET_LINK_NOT_VALID_MESSAGE = 'The reset link is not valid';
export const ENTER_LOGIN_CODE_MESSAGE = 'Enter the 6-digit code from the e-mail';
