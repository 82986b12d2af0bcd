import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { getSession } from '../../lib/auth';
import { mockApi, SAMPLE_USER, signInAs } from '../../test/mock-api';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 4000 }); // the machine is shared: give lazy pages time under load
  await import('./forgot-password-page');
  await import('./reset-password-page');
  await import('./sign-in-page');
});

const main = () => within(document.querySelector('main')!);

describe('/forgot-password', () => {
  it('asks for the e-mail and confirms without saying whether an account exists', async () => {
    const api = mockApi({ 'POST /api/forgot-password': { status: 202, body: { message: 'If an account exists…' } } });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'Nobody@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    expect(main().getByRole('status')).toHaveTextContent('If an account exists for nobody@example.com, we have sent it a link');
    expect(main().getByRole('status')).toHaveTextContent('1 hour');
    expect(api.callsTo('POST', '/api/forgot-password')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('shows a rate-limit message from the server', async () => {
    mockApi({ 'POST /api/forgot-password': { status: 429, body: { message: 'Too many password reset requests.', code: 'RATE_LIMITED' } } });
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await main().findByRole('alert')).toHaveTextContent('Too many password reset requests.');
  });

  it('is linked from sign in', async () => {
    const { user, router } = renderRoute('/sign-in');
    await user.click(await main().findByRole('link', { name: 'Forgot password?' }, { timeout: 3000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});

describe('/reset-password', () => {
  it('sets the new password with the token from the link, then asks to sign in', async () => {
    signInAs(); // a session in this browser ends with the reset, as on the server
    const api = mockApi({
      'POST /api/reset-password': { body: { message: 'Your password has been changed.' } },
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
    });
    const { user, router } = renderRoute('/reset-password?token=tok-123');
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(api.callsTo('POST', '/api/reset-password')[0]?.body).toEqual({ token: 'tok-123', password: 'new-secret-1' });
    expect(await main().findByText(/Your password has been changed/)).toBeVisible();
    expect(getSession()).toBeNull();
  });

  it('checks the two passwords match', async () => {
    const api = mockApi({});
    const { user } = renderRoute('/reset-password?token=tok-123');
    await user.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('explains a used or expired link and offers a new one', async () => {
    mockApi({
      'POST /api/reset-password': {
        status: 400,
        body: { message: 'This reset link is invalid or has expired. Please ask for a new one.', code: 'RESET_TOKEN_INVALID' },
      },
    });
    const { user } = renderRoute('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so when the link has no token', async () => {
    renderRoute('/reset-password');
    expect(await main().findByRole('alert')).toHaveTextContent('This reset link is incomplete');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
