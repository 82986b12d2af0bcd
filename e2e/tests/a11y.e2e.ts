/**
 * Accessibility in the browser: the whole journey done with the keyboard alone — upload, size, crop, frame, border,
 * summary, sign-up, buyer details, sandbox payment — with axe-core run on every page of it (no violation of impact
 * serious or critical). Every control is reached with Tab (forwards only) and used with Enter, Space or arrows; the
 * only other input is the file given to the browser's file dialog, which the keyboard opened. The framed preview keeps
 * an accessible name that says size, frame and border.
 *
 * axe runs on the public pages where they are visited (shell.e2e.ts, at both widths) and on the owner's console where
 * the owner works through it (admin.e2e.ts).
 */
import type { ElementHandle, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, stepHeading } from './pages';
import { landscapeJpeg } from './photos';
import { PASSWORD, uniqueEmail } from './shop-api';

/**
 * Presses Tab until `target` has the focus (the way a keyboard user gets there); fails if it never does. The target is
 * found once and then only compared with the focused element after each press (found again only if the page replaced
 * it): finding it by role and name on every press cost more than the press itself.
 */
async function tabTo(page: Page, target: Locator, maxPresses = 250) {
  await expect(target).toBeVisible();
  let element: ElementHandle = await target.elementHandle();
  try {
    for (let i = 0; i < maxPresses; i++) {
      const state = await element.evaluate((el) => (el === document.activeElement ? 'focused' : el.isConnected ? 'elsewhere' : 'gone'));
      if (state === 'focused') return;
      if (state === 'gone') {
        await element.dispose();
        element = await target.elementHandle();
        continue;
      }
      await page.keyboard.press('Tab');
    }
  } finally {
    await element.dispose();
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

const preview = (page: Page) => page.getByRole('img', { name: /^Your photo at / });

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
  await expect(page).toHaveURL(/\/edit-photo\?step=options$/);

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
  const email = uniqueEmail('keyboard', testInfo);
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
