import { afterEach, describe, expect, it } from 'vitest';
import {
  addressSchema,
  FORM_MESSAGES,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginCodeVerifyBodySchema,
  registerFormSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
} from '@framewala/domain';
import type { z } from 'zod';
import { formMessageText, isKnownFormMessage } from './form-messages';
import { activateLocale, i18n } from './i18n';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every message a schema gives for the inputs, one per issue. */
function messagesOf(schema: z.ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  });
}

const long = (n: number) => 'x'.repeat(n);
const RLO = '\u202E';

const ADDRESS = {
  fullName: 'Asha Verma',
  phone: '+919876543210',
  altPhone: '',
  email: 'asha@example.com',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bangalore',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  companyName: '',
  gstin: '',
  isHyperlocal: false,
  billingSameAsDelivery: true,
};

/** Bad input for every rule of the account and address forms' schemas. */
function everyFormMessage(): string[] {
  const register = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@example.com',
    password: 'secret123',
    confirmPassword: 'secret123',
    mobile: '9876543210',
  };
  return [
    ...messagesOf(registerFormSchema, [
      {},
      { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', mobile: '' },
      { ...register, firstName: long(61), lastName: 'a\nb', email: 'asha', password: 'short', mobile: '12345' },
      { ...register, firstName: `Asha${RLO}`, email: `${long(250)}@x.in`, password: long(129), mobile: long(33) },
      { ...register, password: '          ', confirmPassword: '          ' },
      { ...register, confirmPassword: 'secret124' },
    ]),
    ...messagesOf(loginBodySchema, [{}, { userName: '', password: '' }, { userName: 'asha', password: long(129) }]),
    ...messagesOf(forgotPasswordBodySchema, [{}, { email: '' }, { email: 'asha' }]),
    ...messagesOf(loginCodeVerifyBodySchema, [{}, { email: 'asha', code: '12345' }, { email: '', code: long(33) }]),
    ...messagesOf(resetPasswordFormSchema, [{}, { password: 'secret123', confirmPassword: 'secret124' }]),
    ...messagesOf(resetPasswordBodySchema, [{}, { token: '', password: 'secret123' }, { token: long(513), password: 'secret123' }]),
    ...messagesOf(addressSchema, [
      {},
      { ...ADDRESS, fullName: '', phone: '', email: '', addressLine1: '', city: '', state: '', postalCode: '' },
      {
        ...ADDRESS,
        fullName: long(101),
        altPhone: '123',
        addressLine1: long(201),
        addressLine2: `a${RLO}`,
        city: 'a\nb',
        state: 'Atlantis',
        country: 'US',
        postalCode: '012345',
        companyName: long(101),
        gstin: 'BAD',
      },
      { ...ADDRESS, gstin: long(21) },
      // A real GSTIN of Maharashtra with a billing state of Karnataka.
      { ...ADDRESS, gstin: '27AAPFU0939F1ZV' },
    ]),
  ];
}

describe('form messages', () => {
  afterEach(() => i18n.activate('en'));

  it('cover every message the account and address schemas give a form', () => {
    const messages = [...new Set(everyFormMessage())];
    // The battery reaches the rules it means to (a schema answering something else would show here).
    expect(messages).toContain('Use at most 60 characters');
    expect(messages).toContain('This GSTIN is registered in Maharashtra, but the billing state is Karnataka.');
    expect(messages.filter((message) => !isKnownFormMessage(message))).toEqual([]);
  });

  it('are each written in Hindi', async () => {
    await activateLocale('hi');
    const untranslated = [...FORM_MESSAGES, ...everyFormMessage()].filter((message) => {
      const hindi = formMessageText(message);
      return hindi === message || !DEVANAGARI.test(hindi);
    });
    expect(untranslated).toEqual([]);
  });

  it('read the same as the domain in English, and name the states in Hindi', async () => {
    for (const message of FORM_MESSAGES) expect(formMessageText(message)).toBe(message);
    const mismatch = 'This GSTIN is registered in Maharashtra, but the billing state is Karnataka.';
    expect(formMessageText(mismatch)).toBe(mismatch);
    await activateLocale('hi');
    expect(formMessageText(mismatch)).toBe('यह GSTIN महाराष्ट्र में रजिस्टर्ड है, पर बिलिंग राज्य कर्नाटक है।');
    expect(formMessageText('Use at most 60 characters')).toBe('ज़्यादा से ज़्यादा 60 अक्षर लिखें');
    // A text that is not a form message (already translated, or the server's own words) is left as it is.
    expect(formMessageText('कुछ और')).toBe('कुछ और');
    expect(i18n.locale).toBe('hi');
  });
});
