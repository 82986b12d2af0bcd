/**
 * A first-time customer whose pincode India Post's directory lacks (999999) types her city and chooses her state,
 * sees shipping quoted at the rest-of-India rate with "we'll confirm delivery to this pincode", pays that amount in the
 * sandbox, and lands on a /success page that stays, with her order number, the delivery window and what happens next.
 */
import { expect, PHONE, test } from './fixtures';
import { frameInEditor, inr, rupeesOf, shot, signInBrowser, startOrder } from './pages';
import { uploadPhoto } from './shop-api';

test(
  'a pincode the directory lacks: typed city and state, quoted at the rest-of-India rate, paid, and /success stays',
  PHONE,
  async ({ page, request, customer }, testInfo) => {
    test.setTimeout(120_000);
    const photo = await uploadPhoto(request, customer);
    await signInBrowser(page, customer);
    await startOrder(page, photo);
    await frameInEditor(page, { border: 2 });
    const editorTotal = rupeesOf((await page.getByTestId('total-price').textContent())!);
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();

    // Buyer details: 999999 is well formed but not in the directory; the form asks for the city and the state.
    await expect(page).toHaveURL(/\/checkout$/);
    const form = page.getByRole('main');
    await form.getByLabel(/^Address Line 1/).fill('4, Hill Road');
    await form.getByLabel(/^Pincode/).fill('999999');
    await expect(form.getByText('Invalid Pincode')).toBeVisible();
    await expect(form.getByText(/type your city and choose your state/)).toBeVisible();
    await form.getByLabel(/^City/).fill('Kumarghat');
    await form.getByRole('combobox', { name: /^State/ }).selectOption('Tripura');
    await shot(page, testInfo, 'address-unknown-pincode');
    await form.getByRole('button', { name: 'Next' }).click();

    // The payment step quotes shipping before payment: ₹149 (rest of India) below ₹1,999, and says so.
    await expect(page).toHaveURL(/\/checkout\/pay$/);
    const shipping = page
      .getByTestId('price-lines')
      .locator('dt', { hasText: /^Shipping$/ })
      .locator('+ dd');
    const free = editorTotal >= 1999;
    await expect(shipping).toHaveText(free ? 'Free' : '₹149.00');
    const total = inr(editorTotal + (free ? 0 : 149));
    await expect(page.getByTestId('checkout-total')).toHaveText(total);
    const arrives = page.getByTestId('arrives-by');
    await expect(arrives).toContainText(/Arrives between .+ to 999999/);
    await expect(arrives.getByTestId('confirm-pincode')).toContainText('we’ll confirm delivery to this pincode');
    await shot(page, testInfo, 'address-unknown-pincode-checkout');

    // Make payment opens the payment for that very amount (no "The price has changed").
    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total);
    await dialog.getByRole('button', { name: /^Pay / }).click();

    // /success: the order number, the line, the delivery window, what happens next and the button home.
    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    const main = page.getByRole('main');
    await expect(main.locator('dt', { hasText: 'Order number' }).locator('+ dd')).toHaveText(orderNumber);
    await expect(main.locator('dt', { hasText: 'Amount paid' }).locator('+ dd')).toHaveText(total);
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await expect(page.getByTestId('order-arrives-by')).toHaveText(/^Arrives between \w{3} \d{1,2} \w{3,4} and \w{3} \d{1,2} \w{3,4}$/);
    await expect(page.getByTestId('what-happens-next').getByRole('listitem')).toHaveText([
      /We print your photo and frame it/,
      /We send it by courier to your address, pincode 999999/,
      /You get an e-mail/,
    ]);
    await shot(page, testInfo, 'address-success');

    // It stays: the page's clock run a minute on (the seed left after 5 s) changes nothing.
    await page.clock.install();
    await page.reload();
    await expect(main.locator('dt', { hasText: 'Order number' }).locator('+ dd')).toHaveText(orderNumber);
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(new RegExp(`/success\\?order=${orderNumber}$`));
    await expect(main.locator('dt', { hasText: 'Order number' }).locator('+ dd')).toHaveText(orderNumber);

    await main.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);
