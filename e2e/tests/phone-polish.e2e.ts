import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
const PASSWORD = 'monsoon-kite-27';
/** The narrowest common Android width. */
const NARROW = { width: 360, height: 780 };

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function uploadPhoto(request: APIRequestContext, claim: string) {
  const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#d9904a' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const res = await request.post('/api/upload-image', {
    headers: { 'X-Upload-Claim': claim },
    multipart: { image: { name: 'wedding.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

/** Photo → editor (12x8, Classic Walnut, a border) → sign up → buyer details, Next → the payment step. */
async function reachPayment(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const claim = randomBytes(32).toString('base64url');
  await page.goto('/');
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
  await page
    .getByRole('list', { name: 'Frame sets' })
    .getByRole('button', { name: /^Classic, 1 in moulding/ })
    .click();
  await page.getByRole('button', { name: 'Walnut' }).click();
  await page.getByRole('button', { name: /Next: Select Motif Size/ }).click();
  await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(2).click();
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();

  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Create Account/ })
    .click();
  await page.getByLabel('First Name').fill('Kavya');
  await page.getByLabel('Last Name').fill('Nair');
  await page.getByLabel('Email').fill(`kavya-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Mobile Number').fill('98765 43210');
  await page.getByRole('button', { name: 'Create account' }).click();

  // 'Login Successfully' came with the sign-up and followed it to the buyer details, the page it led to.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(toast(page, 'Login Successfully')).toBeVisible();
  const form = page.getByRole('main');
  await form.getByLabel(/^Address Line 1/).fill('7, Marine Drive');
  await form.getByLabel(/^Pincode/).fill('682031');
  await expect(form.getByLabel(/^State/)).toHaveValue('Kerala');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);
}

/** The pixels the page is wider than the window (0 when nothing scrolls sideways). */
const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens each page at 360 px and fails naming every page that scrolls sideways, with the widest elements on it. */
async function expectNoSideScroll(page: Page, paths: readonly string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await sideScroll(page);
    if (overflow > 0) {
      const culprits = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`),
      );
      wide.push(`${path} (+${overflow} px: ${culprits.join(', ')})`);
    }
  }
  expect(wide, 'pages that scroll sideways at 360 px').toEqual([]);
}

const INFO_PAGES = [
  '/terms',
  '/privacy',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellations-refunds',
  '/gdpr-compliance-policy',
  '/disclaimer-policy',
  '/shipping-policy',
  '/about-us',
  '/our-promises',
];

test(
  'toasts: the address toast shows on the page Next leads to, closes when the customer leaves it, and is gone on /success',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    // The page's clock stands still (timers still run): a toast's 3 s or 5 s never runs out in this test, however slow
    // the machine, so every toast that closes here was closed by a navigation.
    await page.clock.setFixedTime(new Date());
    await reachPayment(page, request, testInfo);

    // Saved and moved on in one click: the toast is on the payment step; the sign-up's toast stayed behind.
    const saved = toast(page, 'Address saved successfully!');
    await expect(saved).toBeVisible();
    await expect(toast(page, 'Login Successfully')).toHaveCount(0);

    // Leaving the page closes it.
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
    await expect(saved).toHaveCount(0);

    // The reported path: save the address with Next, pay at once, and land on /success without it.
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(saved).toBeVisible();
    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog).toBeVisible();
    await expect(saved).toBeVisible();
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Kavya Nair' })).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  },
);

test(
  'no customer page scrolls sideways at 360 px, signed in with a paid order or signed out',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    await reachPayment(page, request, testInfo);
    const order = await page.evaluate(() => localStorage.getItem('framewala.order'));
    await page.getByRole('button', { name: 'Make payment' }).click();
    await page.getByRole('dialog', { name: 'Test payment — sandbox' }).getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;

    // The profile with its order, at the project's own width (a table at 1366 px, cards at 390 px).
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.goto('/user');
    await expect(page.getByRole('region', { name: 'Order history' })).toContainText(orderNumber);
    await page.screenshot({ path: `${SHOTS}/profile-${testInfo.project.name}.png`, fullPage: true });

    await page.setViewportSize(NARROW);
    // The profile's order history: a card per order on a phone, the status in full.
    await page.goto('/user');
    const history = page.getByRole('region', { name: 'Order history' });
    const card = history.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(card).toContainText('Paid');
    await expect(history.getByRole('table')).toBeHidden();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-orders-360-${testInfo.project.name}.png` });

    // Signed in, with the paid order and a new order in progress.
    await page.evaluate((o) => localStorage.setItem('framewala.order', o!), order);
    await expectNoSideScroll(page, [
      '/',
      '/edit-photo',
      '/checkout',
      '/checkout/pay',
      '/addtocart',
      '/user',
      `/orders/${orderNumber}`,
      `/success?order=${orderNumber}`,
      `/cancel?order=${orderNumber}`,
      ...INFO_PAGES,
      '/no-such-page',
    ]);

    // Signed out, no order in progress.
    await page.evaluate(() => localStorage.clear());
    await expectNoSideScroll(page, [
      '/',
      '/edit-frame',
      '/sign-in',
      '/signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/addtocart',
      '/success',
      '/cancel',
      '/crop',
      '/dummy-data',
      '/sizes',
      '/check',
    ]);
  },
);
