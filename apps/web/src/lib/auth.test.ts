import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken, SAMPLE_USER } from '../test/mock-api';
import { ORDER_STORAGE_KEY } from './order-draft/stored-order';
import {
  clearSession,
  displayFirstName,
  getSession,
  getToken,
  safeNextPath,
  saveSession,
  signInPathFor,
  toSessionUser,
  tokenExpiry,
} from './auth';

afterEach(() => clearSession());

describe('session storage', () => {
  it('keeps the token and the user under the contract keys and clears both on sign-out', () => {
    const token = fakeToken();
    saveSession(token, SAMPLE_USER);
    expect(window.localStorage.getItem('framewala.token')).toBe(token);
    expect(JSON.parse(window.localStorage.getItem('framewala.user') ?? '{}')).toEqual(SAMPLE_USER);
    expect(getSession()).toEqual({ token, user: SAMPLE_USER });

    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: { _id: 'p1' } }));
    clearSession();
    expect(window.localStorage.getItem('framewala.token')).toBeNull();
    expect(window.localStorage.getItem('framewala.user')).toBeNull();
    expect(getSession()).toBeNull();
    // The order in progress survives signing out.
    expect(window.localStorage.getItem(ORDER_STORAGE_KEY)).not.toBeNull();
  });

  it('treats a token past its expiry as signed out', () => {
    const expired = fakeToken(Math.floor(Date.now() / 1000) - 10);
    expect(tokenExpiry(expired)).toBeLessThan(Date.now() / 1000);
    saveSession(expired, SAMPLE_USER);
    expect(getSession()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('keeps a token whose user details are unreadable, with user null', () => {
    const token = fakeToken();
    window.localStorage.setItem('framewala.token', token);
    window.localStorage.setItem('framewala.user', '{not json');
    expect(getSession()).toEqual({ token, user: null });
  });

  it('reads the server user leniently and never invents an id', () => {
    expect(toSessionUser({ _id: 'u', firstName: 'A', email: 'a@b.in', mobileNumber: '+91', role: 'admin', passwordHash: 'x' })).toEqual({
      _id: 'u',
      firstName: 'A',
      lastName: '',
      email: 'a@b.in',
      mobileNumber: '+91',
      role: 'admin',
    });
    expect(toSessionUser({ firstName: 'A' })).toBeNull();
    expect(toSessionUser(null)).toBeNull();
  });

  it('greets by first name, else by the e-mail', () => {
    expect(displayFirstName(SAMPLE_USER)).toBe('Asha');
    expect(displayFirstName({ ...SAMPLE_USER, firstName: ' ' })).toBe('asha');
    expect(displayFirstName(null)).toBe('Account');
  });
});

describe('where to go after sign-in', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/user?tab=photos#x', '/user?tab=photos#x'],
  ])('accepts the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'checkout',
    '',
    '/\u0000x',
    null,
    undefined,
  ])('refuses %s', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('builds the sign-in link with an encoded next', () => {
    expect(signInPathFor('/checkout?a=1&b=2')).toBe('/sign-in?next=%2Fcheckout%3Fa%3D1%26b%3D2');
  });
});
