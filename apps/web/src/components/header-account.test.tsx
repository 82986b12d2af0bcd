import { configure, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi, SAMPLE_USER, signInAs } from '../test/mock-api';
import { clearToasts } from './toast-store';
import { getSession } from '../lib/auth';
import { ORDER_STORAGE_KEY } from '../lib/order-draft/stored-order';
import { renderRoute } from '../test/render';

beforeAll(() => configure({ asyncUtilTimeout: 4000 }));
afterEach(() => clearToasts());

const header = () => within(document.querySelector('header')!);
const userAnswer = (user = SAMPLE_USER) => ({ body: { user: { ...user, address: null } } });

describe('header account corner', () => {
  it('signed out: a Sign In button', async () => {
    renderRoute('/about-us');
    expect(await header().findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(header().queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('signed in: the initial in a circle, the first name, and a keyboard menu with Profile and Logout', async () => {
    signInAs();
    mockApi({ 'GET /api/user': userAnswer() });
    const { user, router } = renderRoute('/about-us');

    const button = await header().findByRole('button', { name: 'Account menu for Asha' });
    expect(header().queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(button).toHaveTextContent('AAsha');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    const profile = within(panel).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/user');
    await waitFor(() => expect(profile).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus(); // wraps around
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
  });

  it('Logout ends the session on the server, clears the token and the user, keeps the order in progress and goes home', async () => {
    signInAs();
    const token = window.localStorage.getItem('framewala.token');
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: { _id: 'p1' } }));
    const api = mockApi({ 'GET /api/user': userAnswer(), 'POST /api/logout': { status: 204 } });
    const { user, router } = renderRoute('/about-us');
    await user.click(await header().findByRole('button', { name: 'Account menu for Asha' }));
    await user.click(header().getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/logout')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/logout')[0]?.headers.authorization).toBe(`Bearer ${token}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('framewala.token')).toBeNull();
    expect(window.localStorage.getItem('framewala.user')).toBeNull();
    expect(window.localStorage.getItem(ORDER_STORAGE_KEY)).not.toBeNull();
    expect(await header().findByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('Logout signs this browser out even when the server cannot be reached', async () => {
    signInAs();
    mockApi({ 'GET /api/user': userAnswer(), 'POST /api/logout': () => Promise.reject(new TypeError('offline')) });
    const { user, router } = renderRoute('/about-us');
    await user.click(await header().findByRole('button', { name: 'Account menu for Asha' }));
    await user.click(header().getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
    expect(await header().findByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('refreshes the stored name from GET /api/user', async () => {
    signInAs();
    mockApi({ 'GET /api/user': userAnswer({ ...SAMPLE_USER, firstName: 'Ashwini' }) });
    renderRoute('/about-us');
    expect(await header().findByRole('button', { name: 'Account menu for Ashwini' })).toBeVisible();
    expect(getSession()?.user?.firstName).toBe('Ashwini');
  });

  it('a refused token signs out quietly, without leaving the page', async () => {
    signInAs();
    mockApi({
      'GET /api/user': {
        status: 401,
        body: { message: 'Your session has expired or is not valid. Please sign in again.', code: 'UNAUTHORIZED' },
      },
    });
    const { router } = renderRoute('/about-us');
    expect(await header().findByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/about-us');
  });

  it('keeps a long first name from breaking the phone layout', async () => {
    signInAs({ ...SAMPLE_USER, firstName: 'Venkatanarasimharajuvaripeta' });
    mockApi({ 'GET /api/user': userAnswer({ ...SAMPLE_USER, firstName: 'Venkatanarasimharajuvaripeta' }) });
    renderRoute('/about-us');
    const button = await header().findByRole('button', { name: /Account menu for Venkat/ });
    expect(button.className).toMatch(/max-w-/);
    expect(within(button).getByTestId('header-first-name').className).toMatch(/truncate/);
  });
});
