import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../test/mock-api';
import { ApiError } from './api';
import { clearSession, getSession } from './auth';
import { authedApi, setSignInRedirect } from './auth-request';

afterEach(() => {
  setSignInRedirect(null);
  clearSession();
  window.history.replaceState(null, '', '/');
});

describe('authedRequest', () => {
  it('sends the stored bearer token', async () => {
    const token = signInAs();
    const api = mockApi({ 'GET /api/address/user-1': { body: { address: null } } });
    await expect(authedApi.get('/api/address/user-1')).resolves.toEqual({ address: null });
    expect(api.calls[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('on 401 clears the session and sends the customer to sign in, back to this page', async () => {
    signInAs();
    window.history.replaceState(null, '', '/checkout?step=2');
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    mockApi({
      'GET /api/user': {
        status: 401,
        body: { message: 'Your session has expired or is not valid. Please sign in again.', code: 'UNAUTHORIZED' },
      },
    });

    const error = await authedApi.get('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2Fcheckout%3Fstep%3D2');
  });

  it('background checks only clear the session', async () => {
    signInAs();
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'expired', code: 'UNAUTHORIZED' } } });
    await authedApi.get('/api/user', { redirectOnUnauthorized: false }).catch(() => undefined);
    expect(getSession()).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('without a token it does not call the server and goes to sign in', async () => {
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    const api = mockApi({});
    await expect(authedApi.get('/api/user')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(api.calls).toHaveLength(0);
    expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2F');
  });

  it('other errors leave the session alone', async () => {
    signInAs();
    mockApi({ 'POST /api/add-address': { status: 422, body: { message: 'Invalid Pincode', code: 'INVALID_PINCODE' } } });
    await expect(authedApi.post('/api/add-address', {})).rejects.toMatchObject({ status: 422, message: 'Invalid Pincode' });
    expect(getSession()).not.toBeNull();
  });
});
