import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
const PASSWORD = 'marigold-lamp-42';

/** A 3000 × 2000 landscape JPEG drawn here (3:2, so 12x8 needs no crop). */
async function landscapeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="100%" height="100%" fill="#f0a35e"/><circle cx="2000" cy="900" r="220" fill="#fff3c4"/>
    <path d="M0 1300 Q 800 1000 1500 1300 T 3000 1200 V 2000 H 0 Z" fill="#35503c"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function uploadPhoto(request: APIRequestContext, claim: string) {
  const res = await request.post('/api/upload-image', {
    headers: { 'X-Upload-Claim': claim },
    multipart: { image: { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // The sign-up and address toasts (3 s) would be painted mid-page in a full-page shot.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/checkout-${name}-${testInfo.project.name}.png`, fullPage });
}

const stepHeading = (page: Page) => page.locator('#editor-step-heading');

/** Landing → photo → editor (12x8, Classic Walnut, Slim border) → Proceed to Checkout → sign up → buyer details → checkout. */
async function reachCheckout(page: Page, request: APIRequestContext, testInfo: TestInfo, who: string) {
  const claim = randomBytes(32).toString('base64url');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const photo = await uploadPhoto(request, claim);
  await page.evaluate(
    ([p, c]) => {
      localStorage.setItem('framewala.claim', c);
      localStorage.setItem('framewala.order', JSON.stringify({ photo: p }));
    },
    [photo, claim] as const,
  );
  await page.goto('/edit-photo');
  await page.getByRole('button', { name: /^Image Sizes/ }).click();
  await page
    .getByRole('table')
    .getByRole('button', { name: /^12x8 in/ })
    .click();
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await expect(stepHeading(page)).toHaveText('Pick your frame design');
  await page
    .getByRole('list', { name: 'Frame sets' })
    .getByRole('button', { name: /^Classic, 1 in moulding/ })
    .click();
  await page.getByRole('button', { name: 'Walnut' }).click();
  await page.getByRole('button', { name: /Next: Select Motif Size/ }).click();
  await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(2).click();
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  const editorTotal = (await page.getByTestId('total-price').textContent())!.trim();
  // Not signed in yet: the summary asks for a pincode to show the delivery window.
  await page.getByLabel('Delivery pincode').fill('560001');
  await expect(page.getByTestId('delivery-estimate')).toContainText(/Arrives between .+ to 560001 · Shipping ₹99\.00|Shipping free/);
  if (who === 'paid') await shot(page, testInfo, 'summary');
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();

  // Not signed in: sign in → 'Create Account' → back to buyer details.
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Create Account/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  const email = `${who}-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Mobile Number').fill('98765 43210');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const form = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
  await form.getByLabel(/^Address Line 1/).fill('14, 2nd Cross, Residency Road');
  await form.getByLabel(/^Pincode/).fill('560001');
  await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Product Summary' })).toBeVisible();
  return { editorTotal: await expectShippingAdded(page, editorTotal) };
}

const rupeesOf = (text: string) => Number(text.replace(/[₹,\s]/g, ''));
const inr = (rupees: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);

/**
 * The checkout's total: the editor's total plus shipping to 560001 (Bengaluru, a metro) at the default charges —
 * ₹99 below a ₹1,999 subtotal, free from it (the print chosen here is far from the 30-inch oversize limit).
 */
async function expectShippingAdded(page: Page, editorTotal: string): Promise<string> {
  const shipping = page
    .getByTestId('price-lines')
    .locator('dt', { hasText: /^Shipping$/ })
    .locator('+ dd');
  const free = rupeesOf(editorTotal) >= 1999;
  await expect(shipping).toHaveText(free ? 'Free' : '₹99.00');
  const total = inr(rupeesOf(editorTotal) + (free ? 0 : 99));
  await expect(page.getByTestId('checkout-total')).toHaveText(total);
  await expect(page.getByTestId('arrives-by')).toHaveText(/^Arrives between \w{3} \d{1,2} \w{3,4} and \w{3} \d{1,2} \w{3,4} to 560001$/);
  return total;
}

test(
  'checkout: sandbox payment ends on /success with the real order number, and the order shows on the profile',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { editorTotal } = await reachCheckout(page, request, testInfo, 'paid');
    await shot(page, testInfo, 'step');

    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(editorTotal);
    await shot(page, testInfo, 'sandbox', false); // the dialog is fixed to the viewport
    await dialog.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Asha Verma' })).toBeVisible();
    const facts = page.getByRole('main');
    await expect(facts.locator('dt', { hasText: 'Order number' }).locator('+ dd')).toHaveText(orderNumber);
    await expect(facts.locator('dt', { hasText: 'Payment ID' }).locator('+ dd')).toHaveText(/^pay_/);
    await expect(page.getByTestId('redirect-countdown')).toContainText('home page in');
    expect(await page.evaluate(() => localStorage.getItem('framewala.order'))).toBeNull();
    await shot(page, testInfo, 'success');
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    await page.goto('/user');
    const history = page.getByRole('region', { name: 'Order history' });
    // A table row on a wide screen, a card on a phone.
    const entry = history.locator('tr, li').filter({ hasText: orderNumber, visible: true });
    await expect(entry).toContainText('Paid');
    await expect(entry).toContainText(editorTotal);
  },
);

test('checkout: a declined test card ends on /cancel with the reason, and Try again returns to the checkout', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await reachCheckout(page, request, testInfo, 'declined');
  await page.getByRole('button', { name: 'Make payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await dialog.getByRole('radio', { name: /Payment fails/ }).check();
  await dialog.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/cancel\?order=FW-[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed, Asha Verma' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('dt', { hasText: 'Reason' }).locator('+ dd')).not.toBeEmpty();
  await expect(main.locator('dt', { hasText: 'Error code' }).locator('+ dd')).toHaveText(/\S/);
  await shot(page, testInfo, 'cancel');

  // The recorded failure is on the order too (a reload has no session storage to lean on only if cleared).
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(main.locator('dt', { hasText: 'Reason' }).locator('+ dd')).not.toHaveText('The payment did not go through.');

  await main.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByRole('button', { name: 'Make payment' })).toBeEnabled();
});
