import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { fillBengaluruAddressAndGoOn, fillSignUp, frameInEditor, inr, rupeesOf, shot, signInBrowser, startOrder } from './pages';
import { json, login, newClaim, PASSWORD, saveAddress, uniqueEmail, uploadPhoto } from './shop-api';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

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
  'checkout: landing → editor → sign up mid-order → buyer details → sandbox payment → /success with the real order number, shown on the profile; each toast stays on the page it belongs to',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    // The page's clock stands still (timers still run): a toast's 3 s never runs out in this test, however slow the
    // machine, so every toast that closes here was closed by a navigation.
    await page.clock.setFixedTime(new Date());
    const claim = newClaim();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The photo, uploaded with this browser's claim as the Upload Photos dialog does (upload.e2e.ts walks the dialog).
    await startOrder(page, await uploadPhoto(request, { claim }), { claim });

    // The editor: 12x8, Classic Walnut, the Narrow border, the summary.
    await frameInEditor(page, { border: 2 });
    const editorTotal = (await page.getByTestId('total-price').textContent())!.trim();
    // The header's price strip says what each amount is, in words beside the seed's abbreviations, with no hover: on
    // a phone too, every word on screen and nothing wider than the page.
    const strip = page.getByTestId('price-strip');
    await expect(strip.getByRole('term')).toHaveText(['Frame (FSP)', 'White border (WBP)', 'Total']);
    for (const term of await strip.getByRole('term').all()) await expect(term).toBeInViewport();
    await expect(strip.getByTestId('wbp')).toHaveText('₹149.00');
    await expect(strip.getByTestId('total')).toHaveText(editorTotal);
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The summary's words are the frame's: its category, and the border by its width (no frame set's name).
    const details = page.getByTestId('frame-details');
    await expect(details.locator('dt', { hasText: /^Frame category$/ }).locator('+ dd')).toHaveText('Wood');
    await expect(details.locator('dt', { hasText: /^White border$/ }).locator('+ dd')).toHaveText('Narrow · 0.8 in (2 cm)');
    // Not signed in yet: the summary asks for a pincode to show the delivery window.
    await page.getByLabel('Delivery pincode').fill('560001');
    await expect(page.getByTestId('delivery-estimate')).toContainText(/Arrives between .+ to 560001 · Shipping ₹99\.00|Shipping free/);
    await shot(page, testInfo, 'checkout-summary');
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();

    // Not signed in: sign in → 'Create Account' → back to buyer details.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout$/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Create Account/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    const email = uniqueEmail('paid', testInfo);
    await fillSignUp(page, { email, password: PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // The sign-up's toast says what happened and followed it to the buyer details, the page it led to.
    const created = toast(page, 'Account created — you’re signed in');
    await expect(created).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
    // It never covers the field being typed in, even one scrolled under it (at the top of a phone, where it shows).
    const line1 = page.getByRole('main').getByLabel(/^Address Line 1/);
    await line1.focus();
    await line1.evaluate((el) => window.scrollBy({ top: el.getBoundingClientRect().top - 16, behavior: 'instant' }));
    await expect
      .poll(async () => {
        const [a, b] = [await created.boundingBox(), await line1.boundingBox()];
        return a && b ? a.y + a.height <= b.y || b.y + b.height <= a.y : null;
      })
      .toBe(true);
    await expect(created).toBeInViewport();
    await fillBengaluruAddressAndGoOn(page);

    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Product Summary' })).toBeVisible();
    const total = await expectShippingAdded(page, editorTotal);
    // The GST the prices include, on the seed's 'Tax & Fee' line (checked against the paid order's invoice below).
    const gst = page.getByTestId('gst');
    await expect(gst).toHaveText(/^incl\. GST ₹[\d,]+\.\d{2}$/);
    const gstText = (await gst.textContent())!;
    const summary = page.getByTestId('product-summary');
    await expect(summary.locator('dt', { hasText: /^White border$/ }).locator('+ dd')).toHaveText('0.8 in');
    await expect(summary.locator('dt', { hasText: /^Frame category$/ }).locator('+ dd')).toHaveText('Wood');
    // Saved and moved on in one click: the toast is on the payment step; the sign-up's toast stayed behind.
    const saved = toast(page, 'Address saved successfully!');
    await expect(saved).toBeVisible();
    await expect(created).toHaveCount(0);

    // Leaving the page closes it.
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Buyer Details' })).toBeVisible();
    await expect(saved).toHaveCount(0);

    // Save the address with Next again, pay at once, and land on /success without the toast.
    await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    await expect(saved).toBeVisible();
    await shot(page, testInfo, 'checkout-step');
    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog).toBeVisible();
    await expect(saved).toBeVisible();
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total);
    await shot(page, testInfo, 'checkout-sandbox', { fullPage: false }); // the dialog is fixed to the viewport
    await dialog.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You, Asha Verma' })).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    const facts = page.getByRole('main');
    await expect(facts.locator('dt', { hasText: 'Order number' }).locator('+ dd')).toHaveText(orderNumber);
    await expect(facts.locator('dt', { hasText: 'Payment ID' }).locator('+ dd')).toHaveText(/^pay_/);
    await expect(page.getByTestId('order-arrives-by')).toContainText('Arrives between');
    // The checkout showed the GST the tax invoice shows.
    const { token } = await login(request, email);
    const paid = await json<{ order: { gstPaise: number } }>(
      await request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } }),
      200,
    );
    expect(gstText).toBe(`incl. GST ${inr(paid.order.gstPaise / 100)}`);
    expect(await page.evaluate(() => localStorage.getItem('framewala.order'))).toBeNull();
    await shot(page, testInfo, 'checkout-success');
    // The page stays (address-and-success.e2e.ts runs its clock on); its button goes home.
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/user');
    const history = page.getByRole('region', { name: 'Order history' });
    // A table row on a wide screen, a card on a phone.
    const entry = history.locator('tr, li').filter({ hasText: orderNumber, visible: true });
    await expect(entry).toContainText('Paid');
    await expect(entry).toContainText(total);
  },
);

test('checkout: a declined test card ends on /cancel with the reason, and Try again returns to the checkout of the same order', async ({
  page,
  request,
  customer,
}, testInfo) => {
  // A signed-in customer with a saved address and a photo (made through the API) frames it and checks out.
  await saveAddress(request, customer);
  const photo = await uploadPhoto(request, customer);
  await signInBrowser(page, customer);
  await startOrder(page, photo);
  await frameInEditor(page, { border: 2 });
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('main').getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay$/);

  await page.getByRole('button', { name: 'Make payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
  await dialog.getByRole('radio', { name: /Payment fails/ }).check();
  await dialog.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/cancel\?order=FW-[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed, Asha Verma' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.locator('dt', { hasText: 'Reason' }).locator('+ dd')).not.toBeEmpty();
  await expect(main.locator('dt', { hasText: 'Error code' }).locator('+ dd')).toHaveText(/\S/);
  await shot(page, testInfo, 'checkout-cancel');

  // The recorded failure is on the order too (a reload has no session storage to lean on only if cleared).
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(main.locator('dt', { hasText: 'Reason' }).locator('+ dd')).not.toHaveText('The payment did not go through.');

  // Try again pays this same order (order-lines.e2e.ts pays it and checks its lines, coupon and shipping).
  const orderNumber = new URL(page.url()).searchParams.get('order')!;
  await main.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/pay\\?order=${orderNumber}$`));
  await expect(page.getByRole('button', { name: 'Make payment' })).toBeEnabled();
});
