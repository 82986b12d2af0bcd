import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { frameInEditor, rupeesOf, shot, signInBrowser, startOrder } from './pages';
import { plainImage } from './photos';
import { login, saveAddress, uploadPhoto } from './shop-api';

test('coupon and invoice: apply a code at checkout, see the discount and the lower total, pay, download the GST invoice', async ({
  page,
  request,
  customer,
  owner,
}, testInfo) => {
  test.setTimeout(150_000);
  const code = `FEST${randomBytes(3).toString('hex').toUpperCase()}`;

  // The owner makes a code: ₹100 off the frames.
  const { token: ownerToken } = await login(request, owner.email, owner.password);
  const created = await request.post('/api/admin/coupons', {
    headers: { authorization: `Bearer ${ownerToken}` },
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

  // A customer with a saved address (a company with a GSTIN) and a photo, signed in in the browser, with a 12x8 order
  // drafted in the editor: all but the editor made through the API.
  await saveAddress(request, customer, { phone: '9876543210', companyName: 'Bluebird Studio LLP', gstin: '29AAGCB7383J1Z4' });
  const photo = await uploadPhoto(request, customer, { buffer: await plainImage(3000, 2000, '#f0a35e'), name: 'team.jpg' });
  await signInBrowser(page, customer);
  await startOrder(page, photo);
  await frameInEditor(page, { border: null });
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
  await shot(page, testInfo, 'coupon-checkout');

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
  await shot(page, testInfo, 'coupon-order');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^FW-\d{4}-\d{2}-\d{6}\.pdf$/);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
});
