import fs from 'node:fs';
import sharp from 'sharp';
import { expect, PHONE, test } from './fixtures';
import { expectAccessible, expectNoSideScroll, fillSignIn, shot, signInBrowser } from './pages';
import { login, paidOrder, saveAddress, uploadPhoto } from './shop-api';

test('admin: finds a paid order, downloads its print file, ships it; the customer sees shipped with the tracking number; no serious accessibility violations in the console', async ({
  page,
  request,
  customer,
  owner,
}, testInfo) => {
  test.setTimeout(180_000);
  // A customer with a paid order (12x8 in of a 3000 × 2000 photo), made through the API.
  await saveAddress(request, customer);
  const { orderNumber } = await paidOrder(request, customer, await uploadPhoto(request, customer));

  // A customer is turned away from the console.
  await signInBrowser(page, customer);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('The shop console is for Framewala’s staff only.')).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // The owner signs in through the sign-in page and comes back to /admin.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin$/);
  await fillSignIn(page, owner);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^FW-/ }).first()).toBeVisible();
  await expectAccessible(page, 'the console: orders');

  // Find it: paid orders, searched by the customer's e-mail.
  const main = page.getByRole('main');
  await main.getByLabel('Status').selectOption('paid');
  await main.getByLabel('Search').fill(customer.email);
  await main.getByRole('button', { name: 'Search' }).click();
  const row = main.getByRole('list', { name: 'Orders' }).getByRole('link', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(customer.email);
  await expect(main.getByRole('list', { name: 'Orders' }).getByRole('link')).toHaveCount(1);
  await shot(page, testInfo, 'admin-orders');
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(main.getByTestId('admin-address')).toContainText('14, 2nd Cross, Residency Road');
  await expect(main.getByTestId('admin-mockup')).toBeVisible({ timeout: 30_000 });
  // The server's mock-up, fetched with the token and painted: a real picture, not an empty canvas.
  await expect(main.getByRole('img', { name: /^Mock-up: 12x8 in/ })).toBeVisible();
  expect(Number(await main.getByTestId('admin-mockup').getAttribute('width'))).toBeGreaterThan(100);
  // The print file is made by a background job after payment; the page polls until it is ready.
  await expect(main.getByTestId('print-file-status')).toHaveText('Ready', { timeout: 90_000 });
  // The 3000 × 2000 photo has 250 ppi at 12 × 8 in (less than 300), so the print uses all of its pixels.
  const printFacts = main.getByRole('region', { name: 'Print-ready file' });
  await expect(printFacts).toContainText('250 ppi');
  await expectAccessible(page, 'the console: an order');

  const downloadPromise = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Download print file' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${orderNumber}-print\\.(tif|jpg)$`));
  const file = fs.readFileSync(await download.path());
  const meta = await sharp(file).metadata();
  // The photo's 3000 × 2000 px plus the same white margin on every side.
  const margin = (meta.width! - 3000) / 2;
  expect(margin).toBeGreaterThan(0);
  expect(meta.height! - 2000).toBe(2 * margin);

  // Move it along: into production, then shipped with a carrier and tracking number.
  await main.getByRole('button', { name: 'Start production' }).click();
  await main.getByRole('button', { name: /^Confirm/ }).click();
  await expect(main.getByRole('button', { name: 'Mark shipped…' })).toBeVisible();
  await main.getByRole('button', { name: 'Mark shipped…' }).click();
  const shipForm = main.getByRole('form', { name: 'Ship this order' });
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipForm.getByText('Enter the tracking number.')).toBeVisible();
  await shipForm.getByLabel(/Carrier/).fill('India Post');
  await shipForm.getByLabel(/Tracking number/).fill('EE123456789IN');
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(main.getByTestId('admin-tracking')).toHaveText('EE123456789IN');
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Shipped');
  await shot(page, testInfo, 'admin-order');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(main.getByTestId('catalogue-notice')).toContainText('Changes apply to new orders only.');
  await expect(main.getByRole('region', { name: 'White borders' })).toBeVisible();
  await expectAccessible(page, 'the console: catalogue');
  await shot(page, testInfo, 'admin-catalogue');

  // The customer's profile and order page show it shipped, with the tracking number.
  await page.evaluate(() => localStorage.clear());
  await signInBrowser(page, customer);
  await page.goto('/user');
  const history = page.getByRole('region', { name: 'Order history' });
  // A table row on a wide screen, a card on a phone.
  const customerRow = history.locator('tr, li').filter({ hasText: orderNumber, visible: true });
  await expect(customerRow).toContainText('Shipped');
  await expect(customerRow).toContainText('Tracking EE123456789IN (India Post)');
  await customerRow.getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
  await expect(main.getByTestId('order-status')).toHaveText('Shipped');
  await expect(main.getByTestId('order-tracking')).toContainText('EE123456789IN');
  await expect(main.getByTestId('order-tracking')).toContainText('India Post');
  await shot(page, testInfo, 'admin-customer-order');
});

test(
  'admin: the console has its own header, at desk and phone widths and on a Hindi visit: its sections with shipping on a page of its own, View shop and Sign out, and nothing of the shop’s cart or account links',
  PHONE,
  async ({ page, request, owner }, testInfo) => {
    await signInBrowser(page, await login(request, owner.email, owner.password));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const header = page.getByRole('banner');
    const sections = page.getByRole('navigation', { name: 'Console' });
    await expect(header.getByRole('link', { name: /Framewala\s*Console/ })).toBeVisible();
    await expect(sections.getByRole('link')).toHaveText(['Orders', 'Catalogue', 'Shipping', 'Coupons & tax']);
    await expect(sections.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'View shop' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // Nothing of the shop's header and footer: no cart, no price strip, no Create account.
    await expect(page.getByTestId('header-cart')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'console-orders');

    // Shipping has a page of its own, reached from the console's sections.
    await sections.getByRole('link', { name: 'Shipping' }).click();
    await expect(page).toHaveURL(/\/admin\/shipping$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('form', { name: 'Shipping charges' }).getByLabel('Metro cities')).toHaveValue(/^\d+\.\d{2}$/);
    await expectNoSideScroll(page);
    await expectAccessible(page, 'the console: shipping');
    await shot(page, testInfo, 'console-shipping');

    // A Hindi visit: the console stays English (and says so to screen readers); View shop opens the shop in Hindi.
    await page.goto('/admin/shipping?lang=hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    await expect(page.locator('#main').locator('xpath=..')).toHaveAttribute('lang', 'en');
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'console-shipping-hi');
    await header.getByRole('link', { name: 'View shop' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-cart')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
    await expect(sections).toHaveCount(0);

    // Sign out from the console ends the visit's session and opens the shop.
    await page.goto('/admin/catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    await shot(page, testInfo, 'console-catalogue');
    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('framewala.token'))).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin$/);
  },
);
