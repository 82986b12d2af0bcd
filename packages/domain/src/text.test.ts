import { describe, expect, it } from 'vitest';
import { addressSchema, newPasswordSchema, registerBodySchema } from './account-schemas';
import { hasBidiControl, plainTextSchema, textIdSchema } from './text';

describe('shared id and text schemas', () => {
  it('refuse NUL in ids and free text', () => {
    expect(textIdSchema(40).safeParse('ORD-123').success).toBe(true);
    expect(textIdSchema(40).safeParse('ORD\u0000123').success).toBe(false);
    expect(plainTextSchema(100).safeParse('asha').success).toBe(true);
    expect(plainTextSchema(100).safeParse('as\u0000ha').success).toBe(false);
  });

  it('know every bidi control character', () => {
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect(hasBidiControl(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
    }
    expect(hasBidiControl('आशा राव, ಬೆಂಗಳೂರು, اردو')).toBe(false);
  });

  it('refuse bidi controls in names and addresses, not other scripts', () => {
    const person = { firstName: 'आशा', lastName: 'Rao', email: 'asha@example.in', password: 'tulsi garden 1987', mobile: '9876543210' };
    expect(registerBodySchema.safeParse(person).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...person, lastName: 'Rao\u202Egpj.exe' }).success).toBe(false);
    const address = {
      fullName: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.in',
      addressLine1: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    };
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, addressLine2: 'Flat\u2066 4' }).success).toBe(false);
  });

  it('refuse a new password of whitespace only', () => {
    expect(newPasswordSchema.safeParse('        ').success).toBe(false);
    expect(newPasswordSchema.safeParse(' \t \t \t \t').success).toBe(false);
    expect(newPasswordSchema.safeParse('  a long phrase  ').success).toBe(true);
  });
});
