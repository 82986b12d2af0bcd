import { expect, PHONE, test } from './fixtures';
import { fillBengaluruAddressAndGoOn, fillSignIn, fillSignUp, frameInEditor, shot, startOrder } from './pages';
import { landscapeJpeg } from './photos';
import { newClaim, PASSWORD, uniqueEmail, uploadPhoto } from './shop-api';

test(
  'cart: two framed photos, one edited from the cart, merged at sign-up and paid once',
  PHONE,
  async ({ page, request, owner }, testInfo) => {
    test.setTimeout(180_000);
    // Two different 3000 × 2000 photos (3:2, so 12x8 needs no crop), uploaded with this browser's claim.
    const claim = newClaim();
    const [first, second] = [
      await uploadPhoto(request, { claim }, { buffer: await landscapeJpeg({ sky: '#f0a35e' }), name: 'f0a35e.jpg' }),
      await uploadPhoto(request, { claim }, { buffer: await landscapeJpeg({ sky: '#5e8ff0' }), name: '5e8ff0.jpg' }),
    ];
    const cartCount = page.getByTestId('cart-count');

    // Signed out: frame two photos and add both; the header counts them on every page.
    await startOrder(page, first, { claim });
    await frameInEditor(page, { border: 2 });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('added-to-cart')).toBeVisible();
    await expect(cartCount).toHaveText('1');
    await shot(page, testInfo, 'cart-summary');
    await page.getByRole('link', { name: 'Upload another photo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await startOrder(page, second, { claim });
    await frameInEditor(page, { border: 0 });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartCount).toHaveText('2');

    // The cart survives a reload; Edit reopens the first photo and saving updates its line (still two lines).
    await page.goto('/addtocart');
    await page.reload();
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Narrow · 0.8 in');
    await expect(lines.nth(1)).toContainText('BorderNone');
    await lines.nth(0).getByRole('button', { name: 'Increase quantity' }).click();
    await expect(cartCount).toHaveText('3');
    await lines.nth(0).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Update cart' })).toBeVisible();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('list', { name: 'White borders' }).getByRole('button').nth(3).click();
    await page.getByRole('button', { name: /Next: Finish/ }).click();
    await page.getByRole('button', { name: 'Update cart' }).click();
    await expect(page).toHaveURL(/\/addtocart$/);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Medium · 1.2 in');
    await expect(lines.nth(0).getByTestId('line-quantity')).toHaveText('2');
    await page.getByLabel('Delivery pincode').fill('560001');
    await expect(page.getByTestId('delivery-estimate')).toContainText(/Arrives between .+ to 560001/);
    await shot(page, testInfo, 'cart-page');

    // Checkout asks to sign in; the new account's cart receives both lines (merged once), then one payment.
    await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Create Account/ })
      .click();
    await fillSignUp(page, { email: uniqueEmail('cart', testInfo), password: PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/checkout\?cart=1$/);
    await fillBengaluruAddressAndGoOn(page);
    await expect(page).toHaveURL(/\/checkout\/pay\?cart=1$/);
    await expect(page.getByTestId('cart-summary').getByRole('listitem')).toHaveCount(2);
    await expect(cartCount).toHaveText('3');
    // The cart is read afresh with the saved address: shipping to 560001 is its own line and in the total.
    await expect(page.getByRole('button', { name: 'Make payment' })).toBeEnabled();
    await expect(
      page
        .getByTestId('price-lines')
        .locator('dt', { hasText: /^Shipping$/ })
        .locator('+ dd'),
    ).toHaveText(/^(₹99\.00|Free)$/);
    await expect(page.getByTestId('arrives-by')).toContainText(/^Arrives between .+ to 560001$/);
    const total = (await page.getByTestId('checkout-total').textContent())!.trim();
    await page.getByRole('button', { name: 'Make payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test payment — sandbox' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total);
    await dialog.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/success\?order=FW-[A-Z0-9-]+$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(cartCount).toHaveCount(0);

    await page.goto(`/orders/${orderNumber}`);
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-line').nth(0)).toContainText('2 ×');

    // The owner's console, a desktop screen (e2e/README.md): both lines, each with its own print file.
    if (testInfo.project.name !== 'desktop') return;
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/admin/orders/${orderNumber}`);
    await fillSignIn(page, owner);
    const adminLines = page.getByTestId('admin-line');
    await expect(adminLines).toHaveCount(2);
    await expect(adminLines.nth(1).getByRole('button', { name: 'Download print file 2' })).toBeVisible();
    await expect(adminLines.getByTestId('admin-line-print-status')).toHaveText([/Ready/, /Ready/], { timeout: 90_000 });
  },
);
