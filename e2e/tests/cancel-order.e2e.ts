import { expect, PHONE, test } from './fixtures';
import { expectNoSideScroll, inr, shot, signInBrowser } from './pages';
import { paidOrder, saveAddress, uploadPhoto } from './shop-api';

/**
 * Cancel free within 24 hours: a customer with an order paid in the sandbox (made through the API) cancels it on her
 * order page, confirms, and sees it cancelled with where the refund goes and when; the profile lists it as cancelled.
 */
test(
  'a customer cancels her paid order on the order page and sees it cancelled with the refund said',
  PHONE,
  async ({ page, request, customer }, testInfo) => {
    await saveAddress(request, customer);
    const { orderNumber, amountPaise } = await paidOrder(request, customer, await uploadPhoto(request, customer));
    const total = inr(amountPaise / 100);

    await signInBrowser(page, customer);
    await page.goto(`/orders/${orderNumber}`);
    const main = page.getByRole('main');
    await expect(main.getByTestId('order-status')).toHaveText('Paid');
    const cancelCard = main.getByRole('region', { name: 'Changed your mind?' });
    await expect(cancelCard).toContainText('You can cancel this order free until');
    await cancelCard.getByRole('button', { name: 'Cancel order' }).click();

    const confirm = cancelCard.getByRole('group', { name: `Cancel order ${orderNumber}?` });
    await expect(confirm).toContainText(
      `your payment of ${total} goes back to the card, UPI or bank account you paid with in 5–7 working days`,
    );
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'cancel-order-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Yes, cancel my order' }).click();

    await expect(main.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(cancelCard).toHaveCount(0);
    const state = main.getByTestId('order-state');
    await expect(state).toContainText('You cancelled this order on');
    await expect(state).toContainText(`Your payment of ${total} is being refunded to the card, UPI or bank account you paid with`);
    await expect(state).toContainText('5–7 working days');
    // The tax invoice now has its credit note.
    await expect(main).toContainText(/Credit note FW\/CN\/\d{4}-\d{2}\/\d{6} cancels this invoice/);
    await expectNoSideScroll(page);
    await shot(page, testInfo, 'cancel-order-cancelled');

    // A reload reads it from the shop, and the profile lists it as cancelled.
    await page.reload();
    await expect(main.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(main.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await page.goto('/user');
    const history = page.getByRole('region', { name: 'Order history' });
    await expect(history.getByRole('link', { name: orderNumber }).first()).toBeVisible();
    await expect(history).toContainText('Cancelled');
  },
);
