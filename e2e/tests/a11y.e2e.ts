/**
 * Accessibility in the browser, at both widths of the config (1366 px desktop, 390 px phone):
 * - axe-core on every page of the customer journey and of the owner's console: no violation of impact serious or
 *   critical;
 * - the whole journey done with the keyboard alone: upload, size, crop, frame, border, summary, sign-up, buyer
 *   details, sandbox payment. Every control is reached with Tab (forwards only) and used with Enter, Space or arrows;
 *   the only other input is the file given to the browser's file dialog, which the keyboard opened;
 * - the framed preview keeps an accessible name that says size, frame and border.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';

const PASSWORD = 'marigold-lamp-42';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const run = promisify(execFile);

/** axe-core with its default rules; fails on any violation of impact serious or critical, naming the elements. */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** Presses Tab until `target` has the focus (the way a keyboard user gets there); fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 250) {
  await expect(target).toBeVisible();
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${maxPresses} presses`);
}

async function pressOn(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** A 3000 × 2000 landscape JPEG drawn here (3:2). */
async function landscapeJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000">
    <rect width="100%" height="100%" fill="#f0a35e"/><circle cx="2000" cy="900" r="220" fill="#fff3c4"/>
    <path d="M0 1300 Q 800 1000 1500 1300 T 3000 1200 V 2000 H 0 Z" fill="#35503c"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const stepHeading = (page: Page) => page.locator('#editor-step-heading');
const preview = (page: Page) => page.getByRole('img', { name: /^Your photo at / });

test('public pages have no serious accessibility violations', PHONE, async ({ page }) => {
  test.setTimeout(300_000);
  // The policy pages share one template: the longest ones stand for the rest.
  const pages = [
    '/',
    '/about-us',
    '/our-promises',
    '/terms-and-conditions',
    '/shipping-policy',
    '/sign-in',
    '/signup',
    '/forgot-password',
    '/no-such-page',
  ];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, url);
  }
});

test('the whole journey with the keyboard alone, every page checked with axe', async ({ page }, testInfo) => {
  test.setTimeout(600_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // ── Upload: Start framing, the file dialog opened from the keyboard, Done ──
  await pressOn(page, page.getByRole('button', { name: 'Start framing' }).first());
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the upload dialog');
  const chooser = page.waitForEvent('filechooser');
  await pressOn(page, dialog.getByRole('button', { name: /browse your files/ }));
  await (await chooser).setFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await landscapeJpeg() });
  const done = dialog.getByRole('button', { name: 'Done' });
  await expect(done).toBeEnabled({ timeout: 30_000 });
  await pressOn(page, done);
  await expect(page).toHaveURL(/\/edit-photo$/);

  // ── Size, with the crop tool worked by its keyboard controls ──
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your photo' })).toBeVisible();
  await expectAccessible(page, 'the editor: options');
  await pressOn(page, page.getByRole('button', { name: /^Image Sizes/ }));
  const size = page.getByRole('table').getByRole('button', { name: /^12x8 in/ });
  await pressOn(page, size);
  await expect(size).toHaveAttribute('aria-pressed', 'true');
  const quality = page.getByTestId('crop-quality');
  await expect(quality).toContainText('250 ppi');
  await tabTo(page, page.getByRole('slider', { name: 'Zoom' }));
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(quality).not.toContainText('250 ppi');
  await expectAccessible(page, 'the editor: size and crop');
  await pressOn(page, page.getByRole('button', { name: 'Crop Image' }));
  await expect(page.getByText('Cropped from your full-resolution photo')).toBeVisible({ timeout: 30_000 });

  // ── Frame ──
  await pressOn(page, page.getByRole('button', { name: /Next: Select Frame/ }));
  await expect(stepHeading(page)).toHaveText('Pick your frame design');
  await pressOn(page, page.getByRole('list', { name: 'Frame sets' }).getByRole('button', { name: /^Classic, 1 in moulding/ }));
  const walnut = page.getByRole('button', { name: 'Walnut' });
  await pressOn(page, walnut);
  await expect(walnut).toHaveAttribute('aria-pressed', 'true');
  await expect(preview(page)).toHaveAccessibleName(/^Your photo at 12 × 8 in in a .*Walnut.* frame \(1 in moulding\)$/);
  await expectAccessible(page, 'the editor: frame');

  // ── Border ──
  await pressOn(page, page.getByRole('button', { name: /Next: Select Motif Size/ }));
  const border = page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(2);
  await pressOn(page, border);
  await expect(border).toHaveAttribute('aria-pressed', 'true');
  await expect(preview(page)).toHaveAccessibleName(
    /^Your photo at 12 × 8 in in a .*Walnut.* frame \(1 in moulding\) with a [\d.]+ in white border$/,
  );
  await expectAccessible(page, 'the editor: border');

  // ── Summary ──
  await pressOn(page, page.getByRole('button', { name: /Next: Finish/ }));
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  await expectAccessible(page, 'the editor: summary');
  const editorTotal = (await page.getByTestId('total-price').textContent())!.trim();
  await pressOn(page, page.getByRole('button', { name: /Proceed to Checkout/ }));

  // ── Sign in → Create Account ──
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-in during checkout');
  await pressOn(page, page.getByRole('main').getByRole('link', { name: /Create Account/ }));
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await expectAccessible(page, 'sign-up during checkout');
  const email = `keyboard-${testInfo.project.name}-${Date.now()}@example.com`;
  await typeInto(page, page.getByLabel('First Name'), 'Asha');
  await typeInto(page, page.getByLabel('Last Name'), 'Verma');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel('Confirm Password'), PASSWORD);
  await typeInto(page, page.getByLabel('Mobile Number'), '98765 43210');
  await pressOn(page, page.getByRole('button', { name: 'Create account' }));

  // ── Buyer details ──
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
  const form = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
  await expectAccessible(page, 'buyer details');
  await typeInto(page, form.getByLabel(/^Address Line 1/), '14, 2nd Cross, Residency Road');
  await typeInto(page, form.getByLabel(/^Pincode/), '560001');
  await expect(form.getByLabel(/^State/)).toHaveValue('Karnataka');
  await pressOn(page, form.getByRole('button', { name: 'Next' }));

  // ── Payment in the sandbox ──
  await expect(page).toHaveURL(/\/checkout\/pay$/);
  await expect(page.getByTestId('checkout-total')).toHaveText(
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
      // shipping to 560001 (a metro) at the default charges: ₹99 below a ₹1,999 subtotal
      Number(editorTotal.replace(/[₹,\s]/g, '')) + (Number(editorTotal.replace(/[₹,\s]/g, '')) >= 1999 ? 0 : 99),
    ),
  );
  await expectAccessible(page, 'checkout');
  await pressOn(page, page.getByRole('button', { name: 'Make payment' }));
  const pay = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'the sandbox payment dialog');
  await pressOn(page, pay.getByRole('button', { name: /^Pay / }));
  await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Asha Verma' })).toBeVisible();
  await expectAccessible(page, 'payment success');

  // ── The customer's own pages ──
  await page.goto('/user');
  const history = page.getByRole('region', { name: 'Order history' });
  // A table row on a wide screen, a card on a phone.
  await expect(history.locator('tr, li').filter({ hasText: orderNumber, visible: true })).toContainText('Paid');
  await expectAccessible(page, 'the profile');
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
  await expectAccessible(page, 'the order page');
});

test("the owner's console has no serious accessibility violations", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const port = process.env.E2E_PORT ?? '3210';
  const dataDir = fs.readFileSync(path.join(here, '..', '.tmp', `data-dir-${port}`), 'utf8').trim();
  const email = `owner-a11y-${testInfo.project.name}-${Date.now()}@example.com`;
  await run(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', email, '--password', PASSWORD, '--first-name', 'Meera', '--last-name', 'Shah'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 60_000,
    },
  );
  const res = await request.post('/api/login', { data: { userName: email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.goto('/');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('framewala.token', t);
      localStorage.setItem('framewala.user', u);
    },
    [token, JSON.stringify(user)] as const,
  );

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const firstOrder = page.getByRole('main').getByRole('link', { name: /^FW-/ }).first();
  await expect(firstOrder).toBeVisible(); // the keyboard journey paid one
  await expectAccessible(page, 'the console: orders');
  await firstOrder.click();
  await expect(page).toHaveURL(/\/admin\/orders\/FW-/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('FW-');
  await expectAccessible(page, 'the console: an order');
  await page.goto('/admin/catalogue');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the console: catalogue');
});
