import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/auth';
import { activateLocale } from '../../lib/i18n';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 4000 }); // the machine is shared: give lazy pages time under load
  await import('./sign-in-page'); // the route loads it lazily: warm it so the first test does not time out
});
afterEach(async () => {
  vi.useRealTimers();
  clearToasts();
  await activateLocale('en');
});

const main = () => within(document.querySelector('main')!);

const TOKEN = 'header.eyJzdWIiOiJ1c2VyLTEifQ.sig';
/** An account made by this first sign-in with a code: no name and no mobile yet. */
const NEW_USER = { ...SAMPLE_USER, firstName: '', lastName: '', mobileNumber: '', locale: null };

function codeOk(user: Record<string, unknown> = NEW_USER) {
  return {
    'POST /api/login/code': { status: 202, body: { message: 'We have sent a 6-digit code to this e-mail. It is valid for 10 minutes.' } },
    'POST /api/login/code/verify': { body: { token: TOKEN, user, message: 'Login Successfully' } },
    'GET /api/user': { body: { user: { ...user, address: null } } },
    'PATCH /api/user': { body: { user: { ...user, locale: 'en' } } },
  };
}

/** From the sign-in page to the code field: 'Sign in with a code', the e-mail, 'Send code'. */
async function askForCode(user: ReturnType<typeof renderRoute>['user'], email = 'Asha@Example.com ') {
  await user.click(await screen.findByRole('button', { name: 'Sign in with a code' }));
  const field = screen.getByLabelText('Email');
  await waitFor(() => expect(field).toHaveFocus());
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('6-digit code');
}

describe('/sign-in with a one-time code', () => {
  it('reads "Welcome to Framewala" above the heading, and offers the code beside the password', async () => {
    renderRoute('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByText('Welcome to Framewala')).toBeVisible();
    expect(screen.queryByText('Welcome to the product')).toBeNull();
    expect(screen.getByLabelText('Password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in with a code' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Account' })).toBeVisible();
  });

  it('e-mails a code, asks for it in a one-time-code field, signs in and goes back to next', async () => {
    window.localStorage.setItem('framewala.claim', 'claim-123');
    const api = mockApi({ ...codeOk(), 'POST /api/uploads/claim': { body: { claimed: 1 } } });
    const { user, router } = renderRoute('/sign-in?next=%2Fabout-us');

    const code = await askForCode(user);
    expect(api.callsTo('POST', '/api/login/code')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(main().getByRole('status')).toHaveTextContent('We sent a 6-digit code to asha@example.com. It is valid for 10 minutes.');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByLabelText('Password')).toBeNull();

    await user.type(code, '042917');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));
    expect(api.callsTo('POST', '/api/login/code/verify')[0]?.body).toEqual({ email: 'asha@example.com', code: '042917' });
    expect(getSession()?.token).toBe(TOKEN);
    expect(api.callsTo('POST', '/api/uploads/claim')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await screen.findByText('Login Successfully')).toBeVisible();
    // No name yet: the header shows the e-mail's local part.
    expect(screen.getByRole('button', { name: /Account menu for asha/ })).toBeVisible();
  });

  it('returns to the order in progress, as password sign-in does', async () => {
    const order = JSON.stringify({ photo: { _id: 'p1', url: '/media/p1.jpg', width: 2000, height: 1500 }, quantity: 1 });
    window.localStorage.setItem(ORDER_STORAGE_KEY, order);
    mockApi(codeOk());
    const { user, router } = renderRoute('/sign-in');
    await user.type(await askForCode(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The editor's code loads on demand: under load that takes longer than a page of the account.
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'), { timeout: 15_000 });
    expect(window.localStorage.getItem(ORDER_STORAGE_KEY)).toBe(order);
  });

  it('starts from the e-mail already typed for the password, and goes back to the password form', async () => {
    mockApi({});
    const { user } = renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Sign in with a code' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Sign in with your password instead' }));
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('checks the e-mail and the code with the shared schemas before calling the server', async () => {
    const api = mockApi(codeOk());
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a code' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeVisible();
    expect(api.callsTo('POST', '/api/login/code')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/login/code/verify')).toHaveLength(0);
  });

  it('says in plain words when the code is wrong or tried too often, and stays signed out', async () => {
    let answer = 0;
    mockApi({
      ...codeOk(),
      'POST /api/login/code/verify': () =>
        (answer += 1) === 1
          ? {
              status: 401,
              body: {
                code: 'LOGIN_CODE_INVALID',
                message: 'This code is not correct or has expired. Please check the digits or ask for a new code.',
              },
            }
          : {
              status: 429,
              body: { code: 'LOGIN_CODE_TOO_MANY_TRIES', message: 'Too many wrong tries for this code. Please ask for a new code.' },
            },
    });
    const { user, router } = renderRoute('/sign-in');
    const code = await askForCode(user);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await main().findByRole('alert')).toHaveTextContent(
      'This code is not correct or has expired. Please check the digits or ask for a new code.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await main().findByText('Too many wrong tries for this code. Please ask for a new code.')).toBeVisible();
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('offers a new code only after 30 seconds, and says the earlier one no longer works', async () => {
    const api = mockApi(codeOk());
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a code' }));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('6-digit code');

    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: /^Send a new code in (20|19) s$/ })).toBeDisabled();
    act(() => vi.advanceTimersByTime(20_000));
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);

    await waitFor(() => expect(api.callsTo('POST', '/api/login/code')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/login/code')[1]?.body).toEqual({ email: 'asha@example.com' });
    expect(await main().findByText(/We sent a new 6-digit code to/)).toHaveTextContent('The earlier code no longer works.');
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
  });

  it('lets the customer correct the e-mail', async () => {
    const api = mockApi(codeOk());
    const { user } = renderRoute('/sign-in');
    await askForCode(user, 'asha@exmaple.com');
    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await main().findByText(/We sent a 6-digit code to/)).toHaveTextContent('asha@example.com');
    expect(api.callsTo('POST', '/api/login/code').map((c) => c.body)).toEqual([
      { email: 'asha@exmaple.com' },
      { email: 'asha@example.com' },
    ]);
  });

  it('speaks Hindi on a Hindi page', async () => {
    await activateLocale('hi');
    mockApi({
      ...codeOk(),
      'POST /api/login/code/verify': {
        status: 401,
        body: {
          code: 'LOGIN_CODE_INVALID',
          message: 'This code is not correct or has expired. Please check the digits or ask for a new code.',
        },
      },
    });
    const { user } = renderRoute('/sign-in');
    const withCode = await screen.findByRole('button', { name: /कोड/ });
    await user.click(withCode);
    const form = main().getByRole('form');
    expect(form.textContent).toMatch(/[\u0900-\u097F]/);
    await user.type(within(form).getByRole('textbox'), 'asha@example.com');
    await user.click(within(form).getAllByRole('button')[0]!);
    await waitFor(() => expect(main().getByRole('status').textContent).toContain('asha@example.com'));
    const code = within(main().getByRole('form')).getByRole('textbox');
    expect(main().getByRole('status').textContent).toMatch(/[\u0900-\u097F]/);
    await user.type(code, '123456');
    await user.click(within(main().getByRole('form')).getAllByRole('button')[0]!);
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toMatch(/[\u0900-\u097F]/);
    expect(alert).not.toHaveTextContent('This code is not correct');
  });
});
