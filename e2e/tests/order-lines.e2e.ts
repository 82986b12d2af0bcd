/**
 * An order of several framed photos, line by line, wherever it is shown or paid: the customer's /success, order page
 * and shipped e-mail, the owner's console (each line its own mock-up and print file), a declined payment paid again,
 * and Proceed to Checkout with lines already in the cart. The cart itself is set up through the API; what each test
 * is about is walked through the pages.
 */
import { randomBytes } from 'node:crypto';
import { expect, PHONE, test } from './fixtures';
import { fillSignIn, frameInEditor, shot, signInBrowser, startOrder } from './pages';
import { landscapeJpeg } from './photos';
import { waitForEmail } from './server';
import { addCartLine, catalogueIds, json, makeCoupon, saveAddress, uploadPhoto, type Customer } from './shop-api';
import type { APIRequestContext, Page } from '@playwright/test';

/** Two lines in the customer's cart: 2 × 12x8 in with a white border, and 1 × a custom portrait 11 × 14 in, no border. */
async function twoLineCart(request: APIRequestContext, customer: Customer) {
  const ids = await catalogueIds(request);
  const landscape = await uploadPhoto(request, customer, { buffer: await landscapeJpeg({ sky: '#f0a35e' }), name: 'beach.jpg' });
  const portrait = await uploadPhoto(request, customer, {
    buffer: await landscapeJpeg({ width: 2200, height: 2800, sky: '#5e8ff0' }),
    name: 'portrait.jpg',
  });
  await addCartLine(request, customer, {
    uploadId: landscape._id,
    sizeId: ids.size12x8,
    selectedFrame: ids.walnut,
    selectedMotifBorder: ids.borderInches[2]!,
    quantity: 2,
  });
  await addCartLine(request, customer, {
    uploadId: portrait._id,
    sizeId: null,
    customWidth: 11,
    customHeight: 14,
    selectedFrame: ids.walnut,
    selectedMotifBorder: 0,
    quantity: 1,
  });
}

/** The two lines as the customer's pages show them: size · frame, then border · quantity × price. */
async function expectTwoLines(page: Page) {
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('12x8 in · Walnut · Classic');
  await expect(lines.nth(0)).toContainText('2 ×');
  await expect(lines.nth(1)).toContainText(/11x14 in.* · Walnut · Classic/);
  await expect(lines.nth(1)).toContainText('No border · 1 ×');
}

/** The payment step's figures: shipping, discount and total. */
async function paymentFigures(page: Page) {
  const figure = (label: RegExp) => page.getByTestId('price-lines').locator('dt', { hasText: label }).locator('+ dd');
  await expect(page.getByRole('button', { name: 'Make payment' })).toBeEnabled();
  return {
    shipping: (await figure(/^Shipping$/).textContent())!.trim(),
    discount: (await figure(/^Total Price \(Discount\)$/).textContent())!.trim(),
    total: (await page.getByTestId('checkout-total').textContent())!.trim(),
  };
}

async function payInSandbox(page: Page, outcome: 'success' | 'failure', total: string) {
  await page.getByRole('button', { name: 'Make payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total);
  if (outcome === 'failure') await dialog.getByRole('radio', { name: /Payment fails/ }).check();
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

test('a two-line order: every line on /success, the order page, in the console with its own mock-up and print file, and in the shipped e-mail', async ({
  page,
  request,
  customer,
  owner,
}, testInfo) => {
  test.setTimeout(240_000);
  await saveAddress(request, customer);
  await twoLineCart(request, customer);
  await signInBrowser(page, customer);

  await page.goto('/checkout/pay?cart=1');
  await expect(page.getByTestId('cart-summary').getByRole('listitem')).toHaveCount(2);
  const { total } = await paymentFigures(page);
  await payInSandbox(page, 'success', total);

  // /success lists every line, each with its size (the custom one width first), frame, border and quantity.
  await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await expectTwoLines(page);
  await shot(page, testInfo, 'order-lines-success');
  await page.goto(`/orders/${orderNumber}`);
  await expectTwoLines(page);
  await shot(page, testInfo, 'order-lines-order-page');

  // The owner: the list row names both lines; 'What to make' shows each line; each line has its own panel with its
  // mock-up drawn by the server and its print file, made and downloadable by line.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/admin');
  await fillSignIn(page, owner);
  const main = page.getByRole('main');
  await main.getByLabel('Search').fill(customer.email);
  await main.getByRole('button', { name: 'Search' }).click();
  const row = main.getByRole('list', { name: 'Orders' }).getByRole('link', { name: new RegExp(orderNumber) });
  await expect(row.getByTestId('admin-row-lines')).toContainText('12×8 · Walnut (Classic) · ×2');
  await expect(row.getByTestId('admin-row-lines')).toContainText('11×14 · Walnut (Classic) · ×1');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const make = main.getByTestId('admin-make-line');
  await expect(make).toHaveCount(2);
  await expect(make.nth(0)).toContainText('12x8 in');
  await expect(make.nth(0)).toContainText('Walnut');
  await expect(make.nth(1)).toContainText('11x14 in (custom)');
  await expect(make.nth(1)).toContainText('11 in × 14 in');
  const panels = main.getByTestId('admin-line');
  await expect(panels).toHaveCount(2);
  await expect(panels.nth(0)).toContainText('2 pieces');
  await expect(panels.nth(1)).toContainText('1 piece');
  await expect(panels.nth(0).getByRole('img', { name: /^Mock-up: 12x8 in/ })).toBeVisible({ timeout: 30_000 });
  await expect(panels.nth(1).getByRole('img', { name: /^Mock-up: 11x14 in/ })).toBeVisible({ timeout: 30_000 });
  // A portrait mock-up for the portrait line, a landscape one for the other: each drawn from its own line.
  const size = async (index: number) => {
    const canvas = panels.nth(index).getByTestId('admin-mockup');
    return { width: Number(await canvas.getAttribute('width')), height: Number(await canvas.getAttribute('height')) };
  };
  const [first, second] = [await size(0), await size(1)];
  expect(first.width).toBeGreaterThan(first.height);
  expect(second.height).toBeGreaterThan(second.width);

  // Shipped: the customer's e-mail lists each line with its own size, frame, border and quantity.
  await main.getByRole('button', { name: 'Start production' }).click();
  await main.getByRole('button', { name: /^Confirm/ }).click();
  await main.getByRole('button', { name: 'Mark shipped…' }).click();
  const shipForm = main.getByRole('form', { name: 'Ship this order' });
  await shipForm.getByLabel(/Carrier/).fill('India Post');
  await shipForm.getByLabel(/Tracking number/).fill('EE987654321IN');
  const since = Date.now() - 1000;
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(main.getByTestId('admin-tracking')).toHaveText('EE987654321IN');
  const mail = await waitForEmail(customer.email, since, 'is on its way');
  expect(mail).toContain('1. 12x8 in, Walnut (Classic), white border');
  expect(mail).toContain('quantity 2');
  expect(mail).toContain('2. 11x14 in, Walnut (Classic), no white border, quantity 1');
  expect(mail).not.toMatch(/3 pieces/);

  // Each line's print file: renders run one at a time per server, after those of every order paid before this one.
  await expect(panels.getByTestId('admin-line-print-status')).toHaveText([/Ready/, /Ready/], { timeout: 150_000 });
  await shot(page, testInfo, 'order-lines-console');
  const download = page.waitForEvent('download');
  await panels.nth(1).getByRole('button', { name: 'Download print file 2' }).click();
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${orderNumber}-line2-print\\.(tif|jpg)$`));
});

test(
  'a declined payment paid again: Try again pays the same order, with the same lines, coupon and shipping',
  PHONE,
  async ({ page, request, customer, owner }, testInfo) => {
    test.setTimeout(150_000);
    const code = `RETRY${randomBytes(3).toString('hex').toUpperCase()}`;
    await makeCoupon(request, owner, code, 100);
    await saveAddress(request, customer);
    await twoLineCart(request, customer);
    await json(await request.post('/api/cart/coupon', { headers: customer.auth, data: { code } }), 200);
    await signInBrowser(page, customer);

    await page.goto('/checkout/pay?cart=1');
    await expect(page.getByTestId('cart-summary').getByRole('listitem')).toHaveCount(2);
    const before = await paymentFigures(page);
    expect(before.discount).toBe('−₹100.00');
    await payInSandbox(page, 'failure', before.total);

    await expect(page).toHaveURL(/\/cancel\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await page.getByRole('main').getByRole('link', { name: 'Try again' }).click();

    // The same order, not a new checkout of the last frame: its two lines, its coupon, its shipping and its total.
    await expect(page).toHaveURL(new RegExp(`/checkout/pay\\?order=${orderNumber}$`));
    await expectTwoLines(page);
    expect(await paymentFigures(page)).toEqual(before);
    await shot(page, testInfo, 'order-lines-pay-again');
    await payInSandbox(page, 'success', before.total);
    await expect(page).toHaveURL(new RegExp(`/success\\?order=${orderNumber}$`));
    await expectTwoLines(page);

    // One order, paid once, with the coupon's discount; the cart's ordered lines are gone.
    const { orders } = await json<{ orders: { id?: string; orderId?: string; orderNumber?: string; status: string }[] }>(
      await request.get('/api/orders', { headers: customer.auth }),
      200,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe('paid');
    await page.goto(`/orders/${orderNumber}`);
    await expect(page.getByTestId('order-discount')).toContainText('₹100.00');
    await expect(page.getByTestId('order-shipping')).toContainText(before.shipping);
    const { cart } = await json<{ cart: { lines: unknown[] } }>(await request.get('/api/cart', { headers: customer.auth }), 200);
    expect(cart.lines).toHaveLength(0);
  },
);

test(
  'Proceed to Checkout with lines already in the cart checks out the cart, the current frame in it once',
  PHONE,
  async ({ page, request, customer }, testInfo) => {
    test.setTimeout(150_000);
    await saveAddress(request, customer);
    const ids = await catalogueIds(request);
    const inCart = await uploadPhoto(request, customer, { buffer: await landscapeJpeg({ sky: '#5e8ff0' }), name: 'in-cart.jpg' });
    await addCartLine(request, customer, {
      uploadId: inCart._id,
      sizeId: ids.size12x8,
      selectedFrame: ids.walnut,
      selectedMotifBorder: 0,
      quantity: 1,
    });
    const current = await uploadPhoto(request, customer, { buffer: await landscapeJpeg({ sky: '#f0a35e' }), name: 'current.jpg' });
    await signInBrowser(page, customer);
    await startOrder(page, current);
    await frameInEditor(page, { border: 2 });

    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    await expect(page).toHaveURL(/\/checkout\?cart=1$/);
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\?cart=1$/);
    const summary = page.getByTestId('cart-summary').getByRole('listitem');
    await expect(summary).toHaveCount(2);
    await shot(page, testInfo, 'order-lines-cart-checkout');

    // Back to the editor and Proceed again: the frame is already in the cart, so it is not added a second time.
    await page.goto('/edit-photo');
    await expect(page.getByRole('button', { name: /Proceed to Checkout/ })).toBeVisible();
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    await expect(page).toHaveURL(/\/checkout\?cart=1$/);
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveCount(2);
    const { total } = await paymentFigures(page);
    await payInSandbox(page, 'success', total);

    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const lines = page.getByTestId('order-line');
    await expect(lines).toHaveCount(2);
    const { cart } = await json<{ cart: { lines: unknown[] } }>(await request.get('/api/cart', { headers: customer.auth }), 200);
    expect(cart.lines).toHaveLength(0);
  },
);
