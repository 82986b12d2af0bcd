import { describe, expect, it } from 'vitest';
import {
  addAddressBodySchema,
  addressSchema,
  LOCALE_MESSAGE,
  loginBodySchema,
  loginCodeVerifyBodySchema,
  normalizePhone,
  publicUserSchema,
  registerBodySchema,
  registerFormSchema,
  resetPasswordFormSchema,
  updateUserBodySchema,
} from './account-schemas';
import { ENTER_LOGIN_CODE_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE } from './account-messages';

const register = { firstName: ' Asha ', lastName: 'Rao', email: ' Asha@Example.IN ', password: 'correct horse', mobile: '098765 43210' };

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('account schemas', () => {
  it('normalise the register body: trimmed names, lower-case e-mail, E.164 mobile', () => {
    expect(registerBodySchema.parse(register)).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      password: 'correct horse',
      mobile: '+919876543210',
    });
  });

  it('explain each bad register field', () => {
    const result = registerBodySchema.safeParse({
      firstName: '',
      lastName: 'x'.repeat(61),
      email: 'asha',
      password: 'short',
      mobile: '12345',
    });
    expect(messages(result)).toEqual({
      firstName: 'Enter your first name',
      lastName: 'Use at most 60 characters',
      email: 'Enter a valid e-mail address',
      password: 'Use at least 8 characters',
      mobile: 'Enter a valid phone number',
    });
    expect(registerBodySchema.safeParse({ ...register, password: 'p'.repeat(129) }).success).toBe(false);
    expect(registerBodySchema.safeParse({ ...register, isAdmin: true }).success).toBe(false);
  });

  it('check that the two passwords match in the sign-up and reset forms', () => {
    expect(messages(registerFormSchema.safeParse({ ...register, confirmPassword: 'correct horsf' }))).toEqual({
      confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    });
    expect(registerFormSchema.safeParse({ ...register, confirmPassword: 'correct horse' }).success).toBe(true);
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'new password', confirmPassword: 'other' }))).toEqual({
      confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    });
  });

  it('accept a login with or without rememberMe', () => {
    expect(loginBodySchema.parse({ userName: 'A@B.in', password: 'x' })).toEqual({ userName: 'a@b.in', password: 'x' });
    expect(loginBodySchema.parse({ userName: 'a@b.in', password: 'x', rememberMe: true }).rememberMe).toBe(true);
    expect(loginBodySchema.safeParse({ userName: 'a@b.in', password: '' }).success).toBe(false);
  });

  it('never let a password hash through the public user', () => {
    const user = publicUserSchema.parse({
      _id: 'u',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.in',
      mobileNumber: '+91',
      role: 'customer',
      passwordHash: '$argon2id$',
    });
    expect(user).not.toHaveProperty('passwordHash');
  });
});

describe("the account's language", () => {
  it('is en or hi, optional at sign-up and required to change it', () => {
    expect(registerBodySchema.parse({ ...register, locale: 'hi' }).locale).toBe('hi');
    expect(registerBodySchema.parse(register).locale).toBeUndefined();
    expect(messages(registerBodySchema.safeParse({ ...register, locale: 'fr' }))).toEqual({ locale: LOCALE_MESSAGE });
    expect(updateUserBodySchema.parse({ locale: 'en' })).toEqual({ locale: 'en' });
    for (const body of [{}, { locale: null }, { locale: 'hi-IN' }, { locale: 'hi', role: 'admin' }]) {
      expect(updateUserBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('reads as null in a user without one', () => {
    const user = { _id: 'u', firstName: 'A', lastName: 'B', email: 'a@b.in', mobileNumber: '+91', role: 'customer' };
    expect(publicUserSchema.parse(user).locale).toBeNull();
    expect(publicUserSchema.parse({ ...user, locale: 'hi' }).locale).toBe('hi');
    expect(publicUserSchema.safeParse({ ...user, locale: 'fr' }).success).toBe(false);
  });
});

describe('phone numbers', () => {
  it('are Indian by default and normalised to E.164', () => {
    expect(normalizePhone('9876543210')).toBe('+919876543210');
    expect(normalizePhone('+91 98765-43210')).toBe('+919876543210');
    expect(normalizePhone('080 2222 3333')).toBe('+918022223333');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('12345')).toBeUndefined();
  });
});

describe('address schema', () => {
  const minimal = {
    fullName: 'Asha Rao',
    phone: '9876543210',
    email: 'asha@example.in',
    addressLine1: '12 MG Road',
    city: 'Bangalore',
    state: 'karnataka',
    postalCode: '560001',
  };

  it('fills the seed defaults and normalises', () => {
    expect(addressSchema.parse(minimal)).toEqual({
      ...minimal,
      phone: '+919876543210',
      state: 'Karnataka',
      altPhone: '',
      addressLine2: '',
      companyName: '',
      gstin: '',
      country: 'IN',
      isHyperlocal: false,
      billingSameAsDelivery: true,
    });
  });

  it('takes an optional GSTIN with a right check character, registered in the billing state', () => {
    expect(addressSchema.parse({ ...minimal, gstin: ' 29aagcb7383j1z4 ' }).gstin).toBe('29AAGCB7383J1Z4');
    const typo = addressSchema.safeParse({ ...minimal, gstin: '29AAGCB7383J1Z5' });
    expect(typo.error?.issues.map((i) => i.path.join('.'))).toEqual(['gstin']);
    const otherState = addressSchema.safeParse({ ...minimal, gstin: '27AAPFU0939F1ZV' });
    expect(otherState.error?.issues[0]?.message).toBe('This GSTIN is registered in Maharashtra, but the billing state is Karnataka.');
  });

  it('explains the required and malformed fields', () => {
    const result = addressSchema.safeParse({
      fullName: ' ',
      phone: '',
      email: 'x',
      addressLine1: '',
      city: '',
      state: '',
      postalCode: '012345',
      altPhone: '1',
    });
    expect(messages(result)).toEqual({
      fullName: 'Enter the buyer name',
      phone: 'Enter a phone number',
      altPhone: 'Enter a valid phone number',
      email: 'Enter a valid e-mail address',
      addressLine1: 'Enter the address',
      city: 'Enter the city',
      state: 'Choose the state',
      postalCode: 'Enter a valid 6-digit pincode',
    });
    expect(messages(addressSchema.safeParse({ ...minimal, state: 'Narnia' }))).toEqual({
      state: 'Choose a state or union territory of India',
    });
    expect(messages(addressSchema.safeParse({ ...minimal, country: 'US' }))).toEqual({ country: 'We deliver in India only' });
  });

  it('is wrapped with the user id in the add-address body', () => {
    expect(addAddressBodySchema.safeParse({ userId: 'u1', address: minimal }).success).toBe(true);
    expect(addAddressBodySchema.safeParse({ userId: '', address: minimal }).success).toBe(false);
  });
});

describe('loginCodeVerifyBodySchema', () => {
  it('takes the e-mail as sign-in does and 6 digits, spaces typed between them dropped', () => {
    expect(loginCodeVerifyBodySchema.parse({ email: ' Asha@Example.IN ', code: ' 042 917 ' })).toEqual({
      email: 'asha@example.in',
      code: '042917',
    });
  });

  it('refuses anything but 6 digits with one message', () => {
    for (const code of ['', '12345', '1234567', '12a456', '１２３４５６', '0'.repeat(40)]) {
      const result = loginCodeVerifyBodySchema.safeParse({ email: 'asha@example.in', code });
      expect(result.success, code).toBe(false);
      expect(messages(result), code).toEqual({ code: ENTER_LOGIN_CODE_MESSAGE });
    }
    expect(loginCodeVerifyBodySchema.safeParse({ email: 'asha@example.in', code: '123456', extra: 1 }).success).toBe(false);
  });
});
