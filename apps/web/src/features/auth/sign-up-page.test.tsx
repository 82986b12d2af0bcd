import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@framewala/domain';
import { getSession } from '../../lib/auth';
import { activateLocale, i18n } from '../../lib/i18n';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 4000 }); // the machine is shared: give lazy pages time under load
  await import('./sign-up-page');
  await import('./sign-in-page');
});
afterEach(() => clearToasts());

const main = () => within(document.querySelector('main')!);

async function fillForm(user: ReturnType<typeof renderRoute>['user'], values: Partial<Record<string, string>> = {}) {
  const v = {
    first: 'Asha',
    last: 'Verma',
    email: 'asha@example.com',
    password: 'secret123',
    confirm: 'secret123',
    mobile: '98765 43210',
    ...values,
  };
  if (v.first) await user.type(await screen.findByLabelText('First Name'), v.first);
  if (v.last) await user.type(screen.getByLabelText('Last Name'), v.last);
  if (v.email) await user.type(screen.getByLabelText('Email'), v.email);
  if (v.password) await user.type(screen.getByLabelText('Password'), v.password);
  if (v.confirm) await user.type(screen.getByLabelText('Confirm Password'), v.confirm);
  if (v.mobile) await user.type(screen.getByLabelText('Mobile Number'), v.mobile);
}

describe('/signup', () => {
  it("has the seed's fields, hidden passwords and a 'Create account' button", async () => {
    renderRoute('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    for (const label of ['First Name', 'Last Name', 'Email', 'Mobile Number']) expect(screen.getByLabelText(label)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Mobile Number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the all-fields-required message, and hides it once every field is filled', async () => {
    const api = mockApi({});
    const { user } = renderRoute('/signup');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await main().findByRole('alert')).toHaveTextContent('All fields are required');
    expect(screen.getByText('Enter your first name')).toBeVisible();
    await fillForm(user, { mobile: '' });
    expect(main().getByRole('alert')).toHaveTextContent('All fields are required');
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await waitFor(() => expect(main().queryByText('All fields are required')).toBeNull());
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Passwords do not match'", async () => {
    const api = mockApi({});
    const { user } = renderRoute('/signup');
    await fillForm(user, { confirm: 'secret124' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account, signs in straight away and returns to next', async () => {
    const token = 'h.eyJzdWIiOiJ1In0.s';
    const api = mockApi({
      'POST /api/register': { status: 201, body: { message: 'Your account has been created. Please sign in.', user: SAMPLE_USER } },
      'POST /api/login': { body: { token, user: SAMPLE_USER, message: 'Login Successfully' } },
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
    });
    const { user, router } = renderRoute('/signup?next=%2Fabout-us');
    await fillForm(user, { email: 'Asha@Example.com' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));
    // The toast says what happened, in plain words: the account was made and the customer is signed in.
    expect(await screen.findByText('Account created — you’re signed in')).toBeVisible();
    expect(screen.queryByText('Login Successfully')).toBeNull();
    expect(api.callsTo('POST', '/api/register')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.com',
      password: 'secret123',
      mobile: '+919876543210',
      locale: 'en',
    });
    expect(api.callsTo('POST', '/api/login')[0]?.body).toEqual({ userName: 'asha@example.com', password: 'secret123', rememberMe: false });
    expect(getSession()?.token).toBe(token);
  });

  it('shows the server message when the e-mail is taken', async () => {
    mockApi({
      'POST /api/register': { status: 409, body: { message: 'An account with this e-mail already exists.', code: 'EMAIL_TAKEN' } },
    });
    const { user } = renderRoute('/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await main().findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
    expect(getSession()).toBeNull();
  });

  it('refuses a password of spaces only before calling the server, and shows the server refusing a common one at the field', async () => {
    const api = mockApi({
      'POST /api/register': {
        status: 400,
        body: { message: COMMON_PASSWORD_MESSAGE, code: 'VALIDATION', issues: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }] },
      },
    });
    const { user } = renderRoute('/signup');
    await fillForm(user, { password: '          ', confirm: '          ' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await main().findByText('Use letters, digits or symbols, not only spaces')).toBeVisible();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Shown under the password field, which gets the focus (the form is long on a phone).
    expect(await main().findByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(api.callsTo('POST', '/api/register')).toHaveLength(1);
    expect(getSession()).toBeNull();
  }, 30_000); // types two passwords twice: slow on a busy machine

  it('goes to sign in (seed) when signing in straight away fails', async () => {
    mockApi({
      'POST /api/register': { status: 201, body: { message: 'created', user: SAMPLE_USER } },
      'POST /api/login': { status: 429, body: { message: 'Too many sign-in attempts.', code: 'RATE_LIMITED' } },
    });
    const { user, router } = renderRoute('/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await main().findByText('Your account is ready. Please sign in.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });
});

describe('/signup in Hindi', () => {
  afterEach(() => i18n.activate('en'));

  it('shows the form and its errors in Hindi, and makes the account in Hindi', async () => {
    await activateLocale('hi', ['auth']);
    const api = mockApi({
      'POST /api/register': { status: 201, body: { message: 'created', user: SAMPLE_USER } },
      'POST /api/login': { body: { token: 'h.eyJzdWIiOiJ1In0.s', user: SAMPLE_USER, message: 'Login Successfully' } },
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
    });
    const { user, router } = renderRoute('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'खाता बनाएँ' })).toBeVisible();
    expect(main().getByText(/अपनी फ़ोटो 90 दिन तक सेव रखें/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(await main().findByRole('alert')).toHaveTextContent('सभी फ़ील्ड भरना ज़रूरी है');
    expect(main().getByText('अपना पहला नाम डालें')).toBeVisible();
    expect(main().queryByText('Enter your first name')).toBeNull();
    expect(main().queryByText('All fields are required')).toBeNull();

    await user.type(screen.getByLabelText('पहला नाम'), 'Asha');
    await user.type(screen.getByLabelText('उपनाम'), 'Verma');
    await user.type(screen.getByLabelText('ई-मेल'), 'asha@example.com');
    await user.type(screen.getByLabelText('पासवर्ड'), 'short');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा डालें'), 'short');
    await user.type(screen.getByLabelText('मोबाइल नंबर'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(await main().findByText('कम से कम 8 अक्षर लिखें')).toBeVisible();
    expect(main().queryByText('Use at least 8 characters')).toBeNull();

    await user.type(screen.getByLabelText('पासवर्ड'), 'secret123');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा डालें'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The account's language is the one it was made in: its e-mails come in Hindi.
    expect(api.callsTo('POST', '/api/register')[0]?.body).toMatchObject({ email: 'asha@example.com', locale: 'hi' });
  }, 40_000);
});
