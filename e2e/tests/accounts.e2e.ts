import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { expectNoSideScroll, fillSignIn, fillSignUp, shot, startOrder } from './pages';
import { plainImage } from './photos';
import { waitForEmail } from './server';
import { newClaim, PASSWORD, registerCustomer, uniqueEmail, uploadPhoto } from './shop-api';

/** Fails the test if the page requests anything outside the shop's own origin (fonts, flags, analytics…). */
function watchForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') foreign.push(req.url());
  });
  return foreign;
}

async function accountMenu(page: Page, firstName: string) {
  return page.getByRole('banner').getByRole('button', { name: `Account menu for ${firstName}` });
}

test('sign up, sign out and sign in again', PHONE, async ({ page, request }, testInfo) => {
  const email = uniqueEmail('asha', testInfo);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('All fields are required');
  await fillSignUp(page, { email, password: PASSWORD });
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expectNoSideScroll(page);
  await shot(page, testInfo, 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in straight away, back where the customer came from (home).
  await expect(page).toHaveURL(/\/$/);
  const created = page.getByTestId('toast').filter({ hasText: 'Account created — you’re signed in' });
  await expect(created).toBeVisible();
  // On a phone toasts show at the top, away from the on-screen keyboard and the fields above it.
  if (testInfo.project.name !== 'desktop') expect((await created.boundingBox())!.y).toBeLessThan(120);
  const menu = await accountMenu(page, 'Asha');
  await expect(menu).toBeVisible();
  await expectNoSideScroll(page);
  await menu.click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  await shot(page, testInfo, 'header-account-menu', { fullPage: false });

  const token = await page.evaluate(() => localStorage.getItem('framewala.token'));
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('framewala.token'), localStorage.getItem('framewala.user')])).toEqual([
    null,
    null,
  ]);
  // Signing out ended the session on the server too: the old token is refused.
  await expect.poll(async () => (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Welcome to Framewala')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await page.getByRole('checkbox', { name: 'Remember Me' }).check();
  await shot(page, testInfo, 'sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(await accountMenu(page, 'Asha')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // 'Remember me' gave the long session: the token expires in about 30 days, not 12 hours.
  const exp = await page.evaluate(
    () => JSON.parse(atob(localStorage.getItem('framewala.token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).exp as number,
  );
  expect(exp * 1000 - Date.now()).toBeGreaterThan(20 * 24 * 3600 * 1000);

  // A signed-in visitor to /sign-in goes home.
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/$/);
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }, testInfo) => {
  const { email } = await registerCustomer(request, { email: uniqueEmail('meera', testInfo), firstName: 'Meera', lastName: 'Iyer' });

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText(`If an account exists for ${email}`);
  await shot(page, testInfo, 'forgot-password-sent');

  const mail = await waitForEmail(email, since);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%.-]+/.exec(mail)?.[0];
  expect(link, 'the reset link in the e-mail').toBeTruthy();
  const { pathname, search } = new URL(link!);

  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('saffron-sunrise-7');
  await page.getByLabel('Confirm new password').fill('saffron-sunrise-7');
  await shot(page, testInfo, 'reset-password');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('saffron-sunrise-7');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(await accountMenu(page, 'Meera')).toBeVisible();

  // The old password no longer works.
  const old = await request.post('/api/login', { data: { userName: email, password: PASSWORD } });
  expect(old.status()).toBe(401);
});

test(
  'buyer details: sign in mid-order, the pincode fills the city and state (682031 Kerala, 560001 Karnataka), the address is saved and shown on the profile',
  PHONE,
  async ({ page, request }, testInfo) => {
    const foreign = watchForeignRequests(page);
    const { email } = await registerCustomer(request, {
      email: uniqueEmail('ravi', testInfo),
      firstName: 'Ravi',
      lastName: 'Iyer',
      mobile: '9812345678',
    });

    // A photo uploaded before signing in, with this browser's claim; it joins the account at sign-in.
    const claim = newClaim();
    const photo = await uploadPhoto(request, { claim }, { buffer: await plainImage(900, 700, '#c8783c'), name: 'diwali.jpg' });
    await startOrder(page, photo, { claim, quantity: 2 });
    const orderBefore = await page.evaluate(() => localStorage.getItem('framewala.order'));

    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
    await expect(page.getByText('Your order is saved.')).toBeVisible();
    await fillSignIn(page, { email, password: PASSWORD });

    await expect(page).toHaveURL(/\/checkout$/);
    expect(await page.evaluate(() => localStorage.getItem('framewala.order'))).toBe(orderBefore);
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Buyer Address' })).toBeVisible();
    const form = page.getByRole('main');
    await expect(form.getByLabel(/^Buyer Name/)).toHaveValue('Ravi Iyer');
    await expect(form.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+91 98123 45678');
    // The phone input's flags are bundled: the Indian flag is an inline SVG.
    await expect(page.locator('.PhoneInput').first().locator('svg').first()).toBeVisible();

    await form.getByLabel(/^Address Line 1/).fill('14, 2nd Cross, Residency Road');
    // The state comes from the pincode: a Kochi pincode fills Kerala, and correcting it to Bengaluru's fills Karnataka.
    await form.getByLabel(/^Pincode/).fill('682031');
    await expect(form.getByLabel(/^State/)).toHaveValue('Kerala');
    await form.getByLabel(/^Pincode/).fill('560001');
    await expect(form.getByLabel(/^City/)).toHaveValue(/^(Bangalore|Bengaluru)$/);
    await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
    await expect(form.getByLabel(/^City/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^State/)).toHaveAttribute('readonly', '');
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'buyer-details');

    await form.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Address saved successfully!' })).toBeVisible();

    // The saved address comes back on load.
    await page.reload();
    await expect(form.getByLabel(/^Address Line 1/)).toHaveValue('14, 2nd Cross, Residency Road');
    await expect(form.getByLabel(/^Pincode/)).toHaveValue('560001');
    await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
    await form.getByRole('button', { name: 'Next' }).click();
    // Next goes to the payment step; this order has no size or frame yet, so it asks for them first.
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the editor' })).toBeVisible();

    // The profile: details, the saved address, the (empty) order history and the claimed photo.
    await page.goto('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Iyer' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
    const address = page.getByRole('region', { name: 'Address' });
    await expect(address.getByText('14, 2nd Cross, Residency Road')).toBeVisible();
    await expect(address.getByText('Karnataka')).toBeVisible();
    // Only the fields with a value: no empty Address Line 2, no N/A, no Country IN.
    await expect(address.locator('dt', { hasText: 'Address Line 1' })).toBeVisible();
    await expect(address.locator('dt', { hasText: 'Address Line 2' })).toHaveCount(0);
    await expect(address.getByText('N/A')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Order history' })).toContainText('No orders yet');
    const photos = page.getByRole('region', { name: 'My photos' });
    await expect(photos.getByRole('listitem')).toHaveCount(1);
    await expect(photos.getByRole('listitem').first()).toContainText('Kept until');
    await expect(photos.getByRole('img').first()).toHaveJSProperty('complete', true);
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'profile');

    await photos.getByRole('button', { name: 'Frame this photo' }).click();
    await expect(page).toHaveURL(/\/edit-photo\?step=options$/);
    const order = await page.evaluate(() => JSON.parse(localStorage.getItem('framewala.order') ?? '{}') as { photo?: { _id?: string } });
    expect(order.photo?._id).toBe(photo._id);

    expect(foreign, 'requests that left the shop').toEqual([]);
  },
);

test('what a visitor types into the prerendered sign-in form before its script has run is kept', async ({ page, request }, testInfo) => {
  const { email } = await registerCustomer(request, { email: uniqueEmail('early', testInfo), firstName: 'Meera', lastName: 'Iyer' });
  // The page's scripts are held back, as on a slow phone, while the visitor already types into the painted form.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // Until the script runs, the button cannot send the form as a plain GET with the password in the address.
  await expect(page.getByRole('button', { name: /^Sign in$/i })).toBeDisabled();
  release();
  // Taken over: the button answers, and the fields still hold what was typed.
  await expect(page.getByRole('button', { name: /^Sign in$/i })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: /^Sign in$/i }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  expect(page.url()).not.toContain('password');
  await expect(await accountMenu(page, 'Meera')).toBeVisible();
});
