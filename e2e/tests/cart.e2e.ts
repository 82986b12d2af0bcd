import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createAdmin } from './admin-account';
import { expect, PHONE, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
const PASSWORD = 'marigold-lamp-42';

/** A 3000 × 2000 landscape JPEG (3:2, so 12x8 needs no crop), in one of two colours. */
async function uploadPhoto(request: APIRequestContext, claim: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="100%" height="100%" fill="${colour}"/>
    <circle cx="2000" cy="900" r="300" fill="#fff3c4"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const res = await request.post('/api/upload-image', {
    headers: { 'X-Upload-Claim': claim },
    multipart: { image: { name: `${colour.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/cart-${name}-${testInfo.project.name}.png`, fullPage: true });
}

const stepHeading = (page: Page) => page.locator('#editor-step-heading');

/** The photo in the editor → 12x8, Classic Walnut, the n-th white border → the summary. */
async function frameIt(page: Page, border: number) {
  await page.goto('/edit-photo');
  await page.getByRole('button', { name: /^Image Sizes/ }).click();
  await page
    .getByRole('table')
    .getByRole('button', { name: /^12x8 in/ })
    .click();
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await page
    .getByRole('list', { name: 'Frame sets' })
    .getByRole('button', { name: /^Classic, 1 in moulding/ })
    .click();
  await page.getByRole('button', { name: 'Walnut' }).click();
  await page.getByRole('button', { name: /Next: Select Motif Size/ }).click();
  await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(border).click();
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
}

test('cart: two framed photos, one edited from the cart, merged at sign-up and paid once', PHONE, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const claim = randomBytes(32).toString('base64url');
  const [first, second] = [await uploadPhoto(request, claim, '#f0a35e'), await uploadPhoto(request, claim, '#5e8ff0')];
  const cartCount = page.getByTestId('cart-count');
  const seedPhoto = (photo: unknown) =>
    page.evaluate(
      ([p, c]) => {
        localStorage.setItem('framewala.claim', c as string);
        localStorage.setItem('framewala.order', JSON.stringify({ photo: p }));
      },
      [photo, claim] as const,
    );

  // Signed out: frame two photos and add both; the header counts them on every page.
  await page.goto('/');
  await seedPhoto(first);
  await frameIt(page, 2);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('added-to-cart')).toBeVisible();
  await expect(cartCount).toHaveText('1');
  await shot(page, testInfo, 'summary');
  await page.getByRole('link', { name: 'Upload another photo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await seedPhoto(second);
  await frameIt(page, 0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartCount).toHaveText('2');

  // The cart survives a reload; Edit reopens the first photo and saving updates its line (still two lines).
  await page.goto('/addtocart');
  await page.reload();
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Slim · 0.8 in');
  await expect(lines.nth(1)).toContainText('BorderNone');
  await lines.nth(0).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(cartCount).toHaveText('3');
  await lines.nth(0).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Update cart' })).toBeVisible();
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(3).click();
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await page.getByRole('button', { name: 'Update cart' }).click();
  await expect(page).toHaveURL(/\/addtocart$/);
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Classic · 1.2 in');
  await expect(lines.nth(0).getByTestId('line-quantity')).toHaveText('2');
  await page.getByLabel('Delivery pincode').fill('560001');
  await expect(page.getByTestId('delivery-estimate')).toContainText(/Arrives between .+ to 560001/);
  await shot(page, testInfo, 'page');

  // Checkout asks to sign in; the new account's cart receives both lines (merged once), then one payment.
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Create Account/ })
    .click();
  const email = `cart-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Mobile Number').fill('98765 43210');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\?cart=1$/);
  const form = page.getByRole('main');
  await form.getByLabel(/^Address Line 1/).fill('14, 2nd Cross, Residency Road');
  await form.getByLabel(/^Pincode/).fill('560001');
  await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\?cart=1$/);
  await expect(page.getByTestId('cart-summary').getByRole('listitem')).toHaveCount(2);
  await expect(cartCount).toHaveText('3');
  // The cart is read afresh with the saved address: shipping to 560001 is its own line and in the total.
  await expect(page.getByRole('button', { name: 'Make payment' })).toBeEnabled();
  await expect(
    page
      .getByTestId('price-lines')
      .locator('dt', { hasText: /^Shipping$/ })
      .locator('+ dd'),
  ).toHaveText(/^(₹99\.00|Free)$/);
  await expect(page.getByTestId('arrives-by')).toContainText(/^Arrives between .+ to 560001$/);
  const total = (await page.getByTestId('checkout-total').textContent())!.trim();
  await page.getByRole('button', { name: 'Make payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total);
  await dialog.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(cartCount).toHaveCount(0);

  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-line').nth(0)).toContainText('2 ×');

  // The owner's console: both lines, each with its own print file.
  const adminEmail = `owner-cart-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(adminEmail, PASSWORD);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/admin/orders/${orderNumber}`);
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const adminLines = page.getByTestId('admin-line');
  await expect(adminLines).toHaveCount(2);
  await expect(adminLines.nth(1).getByRole('button', { name: 'Download print file 2' })).toBeVisible();
  await expect(adminLines.getByTestId('admin-line-print-status')).toHaveText([/Ready/, /Ready/], { timeout: 90_000 });
});
