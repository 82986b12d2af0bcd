import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../lib/auth';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { CART_STORAGE_KEY, getLocalCart } from '../../lib/cart/local-cart';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER, signInAs } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 4000 }); // the machine is shared: give lazy pages time under load
  await import('./sign-in-page'); // the route loads it lazily: warm it so the first test does not time out
});
afterEach(() => clearToasts());

const main = () => within(document.querySelector('main')!);

const TOKEN = 'header.eyJzdWIiOiJ1c2VyLTEifQ.sig';

function loginOk() {
  return {
    'POST /api/login': { body: { token: TOKEN, user: SAMPLE_USER, message: 'Login Successfully' } },
    'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
  };
}

describe('/sign-in', () => {
  it('shows the seed texts, a hidden password with a show/hide toggle and links to reset and sign up', async () => {
    const { user } = renderRoute('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByText('Welcome to Framewala')).toBeVisible();

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
  });

  it('signs in with rememberMe, keeps the session, claims anonymous uploads and goes to next', async () => {
    window.localStorage.setItem('framewala.claim', 'claim-123');
    const api = mockApi({ ...loginOk(), 'POST /api/uploads/claim': { body: { claimed: 2 } } });
    const { user, router } = renderRoute('/sign-in?next=%2Fabout-us');

    await user.type(await screen.findByLabelText('Email'), 'Asha@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));
    expect(api.callsTo('POST', '/api/login')[0]?.body).toEqual({ userName: 'asha@example.com', password: 'secret123', rememberMe: true });
    expect(getSession()).toEqual({ token: TOKEN, user: SAMPLE_USER });
    const claim = api.callsTo('POST', '/api/uploads/claim')[0];
    expect(claim?.headers['x-upload-claim']).toBe('claim-123');
    expect(claim?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await screen.findByText('Login Successfully')).toBeVisible();
    // The header now shows the signed-in state.
    expect(screen.getByRole('button', { name: /Account menu for Asha/ })).toBeVisible();
  });

  it('merges the browser cart into the account after claiming its photos, keeping a refused line in the browser', async () => {
    window.localStorage.setItem('framewala.claim', 'claim-123');
    const photo = (id: string) => ({ _id: id, url: `/media/${id}.jpg`, width: 3000, height: 2000 });
    const line = (id: string) => ({
      clientLineId: `line-${id}-abcdef`,
      draft: {
        photo: photo(id),
        size: { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
        frameSetId: 's',
        frameId: 'f',
        borderLevel: 0,
        quantity: 2,
      },
    });
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ lines: [line('a'), line('gone')], drafts: {} }));
    const order: string[] = [];
    const api = mockApi({
      ...loginOk(),
      'POST /api/uploads/claim': () => {
        order.push('claim');
        return { body: { claimed: 2 } };
      },
      'POST /api/cart/lines': (call) => {
        const body = call.body as { uploadId: string; clientLineId: string };
        order.push(`add ${body.uploadId}`);
        if (body.uploadId === 'gone')
          return { status: 404, body: { code: 'NOT_FOUND', message: 'We could not find this photo in your account.' } };
        const added = {
          id: 'srv-1',
          clientLineId: body.clientLineId,
          uploadId: 'a',
          sizeId: '3x2-12x8',
          customWidth: null,
          customHeight: null,
          selectedFrame: 'f',
          selectedMotifBorder: 0,
          quantity: 2,
          thumbnailUrl: null,
          imageType: 'landscape',
          sizeName: '12x8',
          widthIn: 12,
          heightIn: 8,
          frameSetName: 'S',
          finishName: 'F',
          mouldingIn: 1,
          borderName: 'No border',
          borderIn: 0,
          unitPaise: 60000,
          linePaise: 120000,
          problem: null,
          problemMessage: null,
        };
        const cart = {
          lines: [added],
          itemCount: 2,
          subtotalPaise: 120000,
          shippingPaise: null,
          totalPaise: 120000,
          arrivesBy: null,
          pincode: null,
          payable: true,
        };
        return { status: 201, body: { line: added, cart } };
      },
    });
    const { user, router } = renderRoute('/sign-in?next=%2Fabout-us');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'));

    expect(order.slice(0, 3)).toEqual(['claim', 'add a', 'add gone']);
    const adds = api.callsTo('POST', '/api/cart/lines');
    expect(adds[0]?.body).toMatchObject({
      uploadId: 'a',
      sizeId: '3x2-12x8',
      selectedFrame: 'f',
      quantity: 2,
      clientLineId: 'line-a-abcdef',
    });
    const cart = getLocalCart();
    expect(cart.lines).toEqual([
      expect.objectContaining({ clientLineId: 'line-gone-abcdef', problem: 'We could not find this photo in your account.' }),
    ]);
    expect(Object.keys(cart.drafts)).toEqual(['line-a-abcdef']);
  });

  it('returns to the order in progress, untouched, and ignores a missing claim route', async () => {
    const order = JSON.stringify({ photo: { _id: 'p1', url: '/media/p1.jpg', width: 2000, height: 1500 }, quantity: 2 });
    window.localStorage.setItem(ORDER_STORAGE_KEY, order);
    window.localStorage.setItem('framewala.claim', 'claim-123');
    mockApi({
      ...loginOk(),
      'POST /api/uploads/claim': { status: 404, body: { message: 'This API route does not exist.', code: 'ROUTE_NOT_FOUND' } },
    });
    const { user, router } = renderRoute('/sign-in');

    expect(await screen.findByText(/Your order is saved/)).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
    expect(window.localStorage.getItem(ORDER_STORAGE_KEY)).toBe(order);
  });

  it('shows the server message in a red alert on bad credentials', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { message: 'The e-mail or password is not correct.', code: 'INVALID_CREDENTIALS' } },
    });
    const { user, router } = renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is not correct.');
    expect(alert.className).toMatch(/red/);
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it("says 'Something went wrong!' when the answer has no token", async () => {
    mockApi({ 'POST /api/login': { body: { message: 'ok' } } });
    const { user } = renderRoute('/sign-in');
    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await main().findByRole('alert')).toHaveTextContent('Something went wrong!');
  });

  it('checks the fields with the shared schema before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderRoute('/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeVisible();
    expect(screen.getByText('Enter your password')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeVisible();
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('sends a signed-in visitor home', async () => {
    signInAs();
    mockApi({ 'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } } });
    const { router } = renderRoute('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('explains why after a session ended', async () => {
    const { router } = renderRoute('/');
    await router.navigate('/sign-in?next=%2Fcheckout', { state: { notice: 'session-expired' } });
    expect(await main().findByText(/Your session has ended/)).toBeVisible();
  });
});
