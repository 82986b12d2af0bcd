import { expect, PHONE, test } from './fixtures';
import { expectNoSideScroll, fillBengaluruAddressAndGoOn, frameInEditor, shot, startOrder } from './pages';
import { newClaim, uniqueEmail, uploadPhoto } from './shop-api';
import { waitForEmail } from './server';

test(
  'sign in with a code: a new customer with a photo in progress gets a code by e-mail, signs in without a password, gives her address and pays',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const claim = newClaim();
    const email = uniqueEmail('code', testInfo);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await startOrder(page, await uploadPhoto(request, { claim }), { claim });
    await frameInEditor(page, { border: 2 });
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();

    // The sign-in page offers the code beside the password; no account exists for this e-mail yet.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
    await expect(page.getByText('Welcome to Framewala')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'sign-in-with-code-offer');
    await page.getByRole('button', { name: 'Sign in with a code' }).click();
    await page.getByLabel('Email').fill(email);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'We sent a 6-digit code to' })).toContainText(email);

    // The code, read from the server's outbox as the customer reads her e-mail.
    const mail = await waitForEmail(email, since, 'sign-in code');
    const code = /(\d{6}) is your Framewala sign-in code/.exec(mail)?.[1];
    expect(code, 'the code in the e-mail').toMatch(/^\d{6}$/);
    const field = page.getByLabel('6-digit code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'sign-in-with-code-code');
    await field.fill(code!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Signed in and back where password sign-in returns: buyer details, the order untouched.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
    const form = page.getByRole('main');
    await expect(form.getByLabel(/^Email/)).toHaveValue(email);
    await form.getByLabel(/^Buyer Name/).fill('Asha Verma');
    await form.getByRole('textbox', { name: /^Phone Number/ }).fill('98765 43210');
    await fillBengaluruAddressAndGoOn(page);

    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Pay / }).click();

    // Paid; the account took her name and phone from the address she gave.
    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Asha Verma' })).toBeVisible();
    await shot(page, testInfo, 'sign-in-with-code-success');
    const token = await page.evaluate(() => localStorage.getItem('framewala.token'));
    const me = await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ email, firstName: 'Asha', lastName: 'Verma', mobileNumber: '+919876543210' });
  },
);
