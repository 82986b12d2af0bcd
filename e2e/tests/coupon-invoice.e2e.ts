import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { Page, TestInfo } from '@playwright/test';
import { createAdmin } from './admin-account';
import { expect, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';
const PASSWORD = 'marigold-lamp-42';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/coupon-${name}-${testInfo.project.name}.png`, fullPage: true });
}

const rupeesOf = (text: string) => Number(text.replace(/[₹,\s−-]/g, ''));

test('coupon and invoice: apply a code at checkout, see the discount and the lower total, pay, download the GST invoice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const code = `FEST${randomBytes(3).toString('hex').toUpperCase()}`;

  // The owner makes a code: ₹100 off the frames.
  const adminEmail = `owner-${stamp}@example.com`;
  await createAdmin(adminEmail, PASSWORD);
  const adminLogin = await request.post('/api/login', { data: { userName: adminEmail, password: PASSWORD } });
  const { token: adminToken } = (await adminLogin.json()) as { token: string };
  const created = await request.post('/api/admin/coupons', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      code,
      kind: 'flat',
      value: 10_000,
      minSubtotalPaise: 0,
      validFrom: null,
      validTo: null,
      totalUses: 10,
      perCustomer: 1,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // A customer with a saved address and a photo, signed in in the browser, with a 12x8 order drafted in the editor.
  const email = `buyer-${stamp}@example.com`;
  expect(
    (
      await request.post('/api/register', {
        data: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD, mobile: '98765 43210' },
      })
    ).status(),
  ).toBe(201);
  const login = (await (await request.post('/api/login', { data: { userName: email, password: PASSWORD } })).json()) as {
    token: string;
    user: { _id: string };
  };
  const auth = { authorization: `Bearer ${login.token}` };
  const saved = await request.post('/api/add-address', {
    headers: auth,
    data: {
      userId: login.user._id,
      address: {
        fullName: 'Asha Verma',
        phone: '9876543210',
        email,
        addressLine1: '14, 2nd Cross, Residency Road',
        city: 'Bangalore',
        state: 'Karnataka',
        postalCode: '560001',
        companyName: 'Bluebird Studio LLP',
        gstin: '29AAGCB7383J1Z4',
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#f0a35e' } })
    .jpeg()
    .toBuffer();
  const upload = await request.post('/api/upload-image', {
    headers: auth,
    multipart: { image: { name: 'team.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = await upload.json();

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^Sign in$/i }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  await page.evaluate((p) => localStorage.setItem('framewala.order', JSON.stringify({ photo: p })), photo);
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
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);

  // Apply the code in lower case: the discount line and the lower total are the server's.
  const total = page.getByTestId('checkout-total');
  await expect(total).not.toHaveText('₹0.00');
  const before = rupeesOf((await total.textContent())!);
  // (A refused code's message is covered by the checkout's component test: a 422 here would be a console error.)
  await page.getByLabel('Have a coupon code?').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText(`${code} applied · ₹100.00 off`);
  const discount = page.getByTestId('price-lines').locator('dt', { hasText: 'Total Price (Discount)' }).locator('+ dd');
  await expect(discount).toHaveText('−₹100.00');
  await expect.poll(async () => rupeesOf((await total.textContent())!)).toBe(before - 100);
  await shot(page, testInfo, 'checkout');

  // Pay in the sandbox: the order is made for the discounted total.
  await page.getByRole('button', { name: 'Make payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText((await total.textContent()) as string);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;

  // The order page shows the discount and offers the GST invoice, a real PDF.
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByTestId('order-discount')).toContainText(`Discount (${code})−₹100.00`);
  const link = page.getByRole('button', { name: /^Download GST invoice FW\/\d{4}-\d{2}\/\d{6}$/ });
  await expect(link).toBeVisible();
  await shot(page, testInfo, 'order');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^FW-\d{4}-\d{2}-\d{6}\.pdf$/);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
});
