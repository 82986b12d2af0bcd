import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SHIPPING_SETTINGS,
  ERROR_CATALOGUE,
  POLICY_FACTS,
  WHITE_BORDER_LEVELS,
  formatArrivesBy,
  formatInr,
  includedGstPaise,
  longestOuterSide,
  priceOrder,
  quoteShipping,
  rupeesToPaise,
  type FrameSet,
  type MotifBorder,
} from '@framewala/domain';
import { ERROR_MESSAGES } from '../../lib/error-messages';
import { activateLocale, i18n } from '../../lib/i18n';
import { ORDER_STORAGE_KEY, readStoredOrder } from '../../lib/order-draft/stored-order';
import { orderDetail, TWO_LINE_FIGURES, twoLineOrder } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER, signInAs, type MockHandler } from '../../test/mock-api';
import { PAYMENT_ERROR_KEY } from './payment-error';
import { RAZORPAY_SCRIPT_URL, resetRazorpayLoader, type RazorpayOptions } from './razorpay';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./checkout-page');
  await import('./success-page');
  await import('./cancel-page');
});
afterEach(() => {
  window.sessionStorage.clear();
  delete window.Razorpay;
  resetRazorpayLoader();
  document.head.querySelectorAll(`script[src="${RAZORPAY_SCRIPT_URL}"]`).forEach((s) => s.remove());
});

const main = () => within(document.querySelector('main')!);

const part = (p: string) => `/media/frames/v1/classic/walnut/${p}.webp`;
const WALNUT = {
  _id: 'set-classic--walnut',
  frameName: 'Walnut',
  frameCategory: 'Wood',
  frameDescription: 'Warm walnut veneer.',
  frameNameHi: null,
  frameCategoryHi: null,
  frameDescriptionHi: null,
  sideUp: part('side-up'),
  sideDown: part('side-down'),
  sideLeft: part('side-left'),
  sideRight: part('side-right'),
  topLeft: part('top-left'),
  topRight: part('top-right'),
  bottomLeft: part('bottom-left'),
  bottomRight: part('bottom-right'),
};
const SETS: FrameSet[] = [
  {
    _id: 'set-classic',
    frameName: 'Classic',
    frameNameHi: null,
    sizeInInches: 1,
    framePrice: 5.5,
    thumbnailUrl: null,
    label: '1 in',
    padding: 0,
    frames: [WALNUT],
  },
];
const BORDERS: MotifBorder[] = [0, 99, 149, 199, 299, 449, 699].map((price, i) => ({
  _id: `border-${i}`,
  name: `Border ${i}`,
  nameHi: null,
  sizeName: `${WHITE_BORDER_LEVELS[i]} in`,
  size: WHITE_BORDER_LEVELS[i] ?? 0,
  price,
}));

const PHOTO = {
  _id: 'upload-1',
  url: '/media/uploads/upload-1/display.webp',
  thumbnailUrl: '/media/uploads/upload-1/thumb.webp',
  imageType: 'landscape',
  width: 4000,
  height: 3000,
};

function storeOrder(over: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    ORDER_STORAGE_KEY,
    JSON.stringify({
      photo: PHOTO,
      sourcePhoto: PHOTO,
      size: { _id: 'size-12x8', format: 'Standard', sizeName: '12x8', width: 12, height: 8, price: 432 },
      customSize: null,
      frameSetId: 'set-classic',
      frameId: 'set-classic--walnut',
      borderLevel: 2,
      quantity: 2,
      step: 5,
      ...over,
    }),
  );
}

// The figures the editor shows, from the domain.
const EXPECTED = priceOrder({
  widthIn: 12,
  heightIn: 8,
  frameRatePaisePerSqIn: rupeesToPaise(5.5),
  borderPricePaise: rupeesToPaise(149),
  quantity: 2,
});

const CREATED = { id: 'order_TEST123', amount: EXPECTED.checkoutPaise, currency: 'INR', orderId: 'FW-2611-8K3D9Q' };
const PAID = { razorpay_order_id: 'order_TEST123', razorpay_payment_id: 'pay_TEST456', razorpay_signature: 'a'.repeat(64) };
const ORDER = orderDetail({
  _id: 'FW-2611-8K3D9Q',
  createdAt: '2026-11-22T10:00:00.000Z',
  status: 'paid',
  totalPaise: EXPECTED.checkoutPaise,
  quantity: 2,
  frameName: 'Walnut',
  sizeName: '12x8',
  thumbnailUrl: null,
  trackingNumber: null,
  carrier: null,
  payment: { mode: 'now', providerOrderId: 'order_TEST123', paymentId: 'pay_TEST456', failureReason: null, failureCode: null },
});

type Handlers = Record<string, MockHandler | { status?: number; body?: unknown }>;

function api(over: Handlers = {}) {
  return mockApi({
    'GET /api/get-frame': { body: { getFrameSize: SETS } },
    'GET /api/get-motif-border-sizes': { body: { getMotifBorderSizes: BORDERS } },
    'GET /api/address/user-1': { body: { address: null } },
    'POST /api/create-order': { status: 201, body: CREATED },
    'GET /api/payment-config': { body: { provider: 'sandbox', keyId: 'rzp_test_sandbox', name: 'Framewala', themeColor: '#F37254' } },
    'POST /api/sandbox/pay': { body: PAID },
    'POST /api/verify-payment': { body: { message: 'Payment verified successfully', orderId: 'FW-2611-8K3D9Q' } },
    'GET /api/orders/FW-2611-8K3D9Q': { body: { order: ORDER } },
    ...over,
  });
}

async function openCheckout(over: Handlers = {}) {
  signInAs();
  storeOrder();
  const calls = api(over);
  const view = renderRoute('/checkout/pay');
  await main().findByRole('heading', { level: 1, name: 'Checkout' });
  await main().findByRole('heading', { level: 2, name: 'Product Summary' });
  return { ...view, ...calls };
}

function dd(label: string, scope = main()) {
  return scope.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/checkout/pay (the checkout step)', { timeout: 30_000 }, () => {
  it('needs sign-in', async () => {
    storeOrder();
    const { router } = renderRoute('/checkout/pay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fcheckout%2Fpay');
  });

  it('shows the product summary and the price lines from the domain', async () => {
    await openCheckout();
    expect(dd('Frame')).toBe('Walnut · Classic');
    expect(dd('Size')).toBe('12x8 in');
    expect(dd('White border')).toBe('0.8 in');
    expect(dd('Frame Size')).toBe('1 in');
    expect(dd('Frame category')).toBe('Wood');
    expect(dd('Description')).toBe('Warm walnut veneer.');
    expect(EXPECTED.checkoutPaise).toBe(1354_00); // (12 × 8 × ₹5.50 + ₹149) × 2
    const lines = within(screen.getByTestId('price-lines'));
    expect(dd('Total Price', lines)).toBe('₹1,354.00');
    expect(dd('Total Price (Discount)', lines)).toBe('₹0.00');
    // No delivery address yet: no shipping, so not yet the GST the invoice will show.
    expect(dd('Tax & Fee', lines)).toBe('—');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise));
  });

  it('adds shipping for the saved pincode to the total, shows the arrives-by window and sends the sum', async () => {
    const address = {
      fullName: 'Asha Verma',
      phone: '+919876543210',
      altPhone: '',
      email: 'asha@example.com',
      addressLine1: '12 MG Road',
      addressLine2: '',
      city: 'Bangalore',
      state: 'Karnataka',
      country: 'IN',
      postalCode: '560001',
      companyName: '',
      isHyperlocal: false,
      billingSameAsDelivery: true,
    };
    // 12 × 8 print, 0.8 in border, 1 in moulding: 15.6 in long outside, under the oversize limit.
    const maxOuterInches = longestOuterSide([{ widthIn: 12, heightIn: 8, borderIn: 0.8, mouldingIn: 1 }]);
    const shippingPaise = quoteShipping(
      { zone: 'metro', subtotalPaise: EXPECTED.checkoutPaise, maxOuterInches },
      DEFAULT_SHIPPING_SETTINGS,
    );
    expect(shippingPaise).toBe(99_00);
    const arrivesBy = { earliest: '2026-12-02', latest: '2026-12-05' };
    const { user, callsTo } = await openCheckout({
      'GET /api/address/user-1': { body: { address } },
      'GET /api/shipping-quote': { body: { zone: 'metro', shippingPaise, arrivesBy, gstRateBp: 1800 } },
    });
    const lines = within(screen.getByTestId('price-lines'));
    await waitFor(() => expect(dd('Shipping', lines)).toBe('₹99.00'));
    // The GST the invoice will show: its rows (the frames, then shipping) at 18 %, each taken out of its price.
    const gst = includedGstPaise({
      linesPaise: [EXPECTED.checkoutPaise],
      shippingPaise,
      discountPaise: 0,
      discountCoversShipping: false,
      rateBp: 1800,
    });
    expect(gst).toBe(221_64); // ₹1,354 − ₹1,354 ÷ 1.18 = ₹206.54, ₹99 − ₹99 ÷ 1.18 = ₹15.10
    expect(dd('Tax & Fee', lines)).toBe('incl. GST ₹221.64');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise + shippingPaise));
    expect(screen.getByTestId('arrives-by')).toHaveTextContent(`${formatArrivesBy(arrivesBy)} to 560001`);
    expect(screen.getByTestId('arrives-by')).toHaveTextContent('Arrives between Wed 2 Dec and Sat 5 Dec');
    const [asked] = callsTo('GET', '/api/shipping-quote');
    expect(Object.fromEntries(new URL(asked!.path, 'http://x').searchParams)).toEqual({
      pincode: '560001',
      subtotalPaise: String(EXPECTED.checkoutPaise),
      maxOuterInches: String(maxOuterInches),
    });

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect((callsTo('POST', '/api/create-order')[0]?.body as { amount: number }).amount).toBe(EXPECTED.checkoutPaise + shippingPaise);
  });

  it("quotes a pincode the directory lacks at the rest-of-India rate, says we'll confirm delivery, and sends that sum", async () => {
    const address = {
      fullName: 'Meera Das',
      phone: '+919876543212',
      altPhone: '',
      email: 'meera@example.com',
      addressLine1: '4, Hill Road',
      addressLine2: '',
      city: 'Kumarghat',
      state: 'Tripura',
      country: 'IN',
      postalCode: '999999',
      companyName: '',
      isHyperlocal: false,
      billingSameAsDelivery: true,
    };
    const maxOuterInches = longestOuterSide([{ widthIn: 12, heightIn: 8, borderIn: 0.8, mouldingIn: 1 }]);
    const shippingPaise = quoteShipping({ zone: 'elsewhere', subtotalPaise: EXPECTED.checkoutPaise, maxOuterInches });
    expect(shippingPaise).toBe(149_00);
    const arrivesBy = { earliest: '2026-12-04', latest: '2026-12-09' };
    const { user, callsTo } = await openCheckout({
      'GET /api/address/user-1': { body: { address } },
      'GET /api/shipping-quote': { body: { zone: 'elsewhere', shippingPaise, arrivesBy, inDirectory: false } },
    });
    const lines = within(screen.getByTestId('price-lines'));
    await waitFor(() => expect(dd('Shipping', lines)).toBe('₹149.00'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise + shippingPaise));
    const arrives = screen.getByTestId('arrives-by');
    expect(arrives).toHaveTextContent('Arrives between Fri 4 Dec and Wed 9 Dec to 999999');
    expect(within(arrives).getByTestId('confirm-pincode')).toHaveTextContent(/we’ll confirm delivery to this pincode/);
    expect(within(arrives).getByTestId('confirm-pincode')).toHaveTextContent(/rest-of-India rate/);

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect((callsTo('POST', '/api/create-order')[0]?.body as { amount: number }).amount).toBe(EXPECTED.checkoutPaise + shippingPaise);
  });

  it('says nothing of confirming delivery for a pincode the directory has', async () => {
    await openCheckout({
      'GET /api/address/user-1': {
        body: {
          address: {
            fullName: 'Asha Verma',
            phone: '+919876543210',
            altPhone: '',
            email: 'asha@example.com',
            addressLine1: '12 MG Road',
            addressLine2: '',
            city: 'Bangalore',
            state: 'Karnataka',
            country: 'IN',
            postalCode: '560001',
            companyName: '',
            isHyperlocal: false,
            billingSameAsDelivery: true,
          },
        },
      },
      'GET /api/shipping-quote': {
        body: { zone: 'metro', shippingPaise: 99_00, arrivesBy: { earliest: '2026-12-02', latest: '2026-12-05' }, inDirectory: true },
      },
    });
    expect(await screen.findByTestId('arrives-by')).toHaveTextContent('to 560001');
    expect(screen.queryByTestId('confirm-pincode')).toBeNull();
  });

  it('applies a coupon code: the server prices it, the discount line and the total show it, and create-order carries the code', async () => {
    const { user, callsTo } = await openCheckout({
      'POST /api/coupon-quote': (req) =>
        (req.body as { code: string }).code.toUpperCase() === 'DIWALI10'
          ? { body: { coupon: { code: 'DIWALI10', summary: '10% off' }, discountPaise: 135_00 } }
          : { status: 422, body: { message: 'The code OLD5 expired on 5 November 2026.', code: 'COUPON_EXPIRED' } },
    });
    const field = main().getByLabelText('Have a coupon code?');
    await user.type(field, 'old5');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await main().findByRole('alert')).toHaveTextContent('The code OLD5 expired on 5 November 2026.');
    await user.clear(field);
    await user.type(field, 'diwali10');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('coupon-applied')).toHaveTextContent('DIWALI10 applied · 10% off (−₹135.00)');
    const lines = within(screen.getByTestId('price-lines'));
    expect(dd('Total Price (Discount)', lines)).toBe('−₹135.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise - 135_00));
    expect(callsTo('POST', '/api/coupon-quote').at(-1)?.body).toEqual({
      code: 'diwali10',
      subtotalPaise: EXPECTED.checkoutPaise,
      shippingPaise: 0,
    });

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(callsTo('POST', '/api/create-order')[0]?.body).toMatchObject({
      amount: EXPECTED.checkoutPaise - 135_00,
      couponCode: 'DIWALI10',
    });

    // Removing the code puts the full price back.
    await user.keyboard('{Escape}');
    await user.click(await main().findByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise));
  });

  it("shows the GST after the coupon's discount, spread as the code says, and the discount on its own line", async () => {
    const address = {
      fullName: 'Asha Verma',
      phone: '+919876543210',
      altPhone: '',
      email: 'asha@example.com',
      addressLine1: '12 MG Road',
      addressLine2: '',
      city: 'Bangalore',
      state: 'Karnataka',
      country: 'IN',
      postalCode: '560001',
      companyName: '',
      isHyperlocal: false,
      billingSameAsDelivery: true,
    };
    const arrivesBy = { earliest: '2026-12-02', latest: '2026-12-05' };
    let coversShipping = false;
    const { user } = await openCheckout({
      'GET /api/address/user-1': { body: { address } },
      'GET /api/shipping-quote': { body: { zone: 'metro', shippingPaise: 99_00, arrivesBy, gstRateBp: 1800 } },
      'POST /api/coupon-quote': (req) => {
        const code = (req.body as { code: string }).code.toUpperCase();
        coversShipping = code === 'FREESHIP';
        return { body: { coupon: { code, summary: 'x' }, discountPaise: 235_00, discountsShipping: coversShipping } };
      },
    });
    const lines = within(screen.getByTestId('price-lines'));
    await waitFor(() => expect(dd('Tax & Fee', lines)).toBe('incl. GST ₹221.64'));
    const field = main().getByLabelText('Have a coupon code?');
    await user.type(field, 'festive');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(dd('Total Price (Discount)', lines)).toBe('−₹235.00'));
    const gstOf = (discountCoversShipping: boolean) =>
      includedGstPaise({
        linesPaise: [EXPECTED.checkoutPaise],
        shippingPaise: 99_00,
        discountPaise: 235_00,
        discountCoversShipping,
        rateBp: 1800,
      });
    // ₹1,119 of frames after the discount, and ₹99 of shipping.
    expect(gstOf(false)).toBe(185_79);
    await waitFor(() => expect(dd('Tax & Fee', lines)).toBe('incl. GST ₹185.79'));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(formatInr(EXPECTED.checkoutPaise + 99_00 - 235_00));

    await user.click(main().getByRole('button', { name: 'Remove' }));
    await user.type(await main().findByLabelText('Have a coupon code?'), 'freeship');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('coupon-applied');
    await waitFor(() => expect(dd('Tax & Fee', lines)).toBe(`incl. GST ${formatInr(gstOf(true))}`));
  });

  it("states the shop's promises beside the order in the policies' own words", async () => {
    await openCheckout();
    const aside = within(screen.getByRole('complementary', { name: 'Your order' }));
    // The ranges are kept on one line each ('3–5' in a span of its own).
    expect(aside.getByText(/^Made in/).closest('li')).toHaveTextContent(
      `Made in ${POLICY_FACTS.processing}, delivered in ${POLICY_FACTS.deliveryMetros} in metros, ${POLICY_FACTS.deliveryElsewhere} elsewhere.`,
    );
    expect(
      aside.getByText(`Your address is used only to deliver your order. Cancel free within ${POLICY_FACTS.cancellationWindow}.`),
    ).toBeVisible();
  });

  it('names a custom size width × height as the customer chose it: a portrait 11 wide and 14 high reads 11x14', async () => {
    signInAs();
    storeOrder({ size: null, customSize: { width: '11', height: '14' }, borderLevel: 0, quantity: 1 });
    const { callsTo } = api();
    const { user } = renderRoute('/checkout/pay');
    await main().findByRole('heading', { level: 2, name: 'Product Summary' });
    expect(dd('Size')).toBe('11x14 in (custom)');
    expect(dd('White border')).toBe('none');
    expect(main().getByTestId('product-summary')).not.toHaveTextContent('14 X 11');
    // The body names the sides as they are: 11 wide, 14 high.
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(callsTo('POST', '/api/create-order')[0]?.body).toMatchObject({ sizeId: null, customWidth: 11, customHeight: 14 });
  });

  it('Back goes to buyer details', async () => {
    const { user, router } = await openCheckout();
    await user.click(main().getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('pays in the sandbox: create-order, the dialog, verify, then /success; the order is cleared', async () => {
    const { user, router, callsTo } = await openCheckout();
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹1,354.00');
    expect(within(dialog).getByText('4111 1111 1111 1111')).toBeVisible();
    expect(within(dialog).getByText('4000 0000 0000 0002')).toBeVisible();

    const [create] = callsTo('POST', '/api/create-order');
    expect(create?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(create?.headers.authorization).toMatch(/^Bearer /);
    expect(create?.body).toEqual({
      amount: 1354_00,
      currency: 'INR',
      selectedFrame: 'set-classic--walnut',
      selectedMotifBorder: 0.8,
      quantity: 2,
      uploadId: 'upload-1',
      sizeId: 'size-12x8',
    });

    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?order=FW-2611-8K3D9Q');
    expect(callsTo('POST', '/api/sandbox/pay')[0]?.body).toEqual({ razorpay_order_id: 'order_TEST123', card: 'success' });
    expect(callsTo('POST', '/api/verify-payment')[0]?.body).toEqual(PAID);
    expect(readStoredOrder()).toBeNull();
    expect(await main().findByText('FW-2611-8K3D9Q')).toBeVisible();
  });

  it('a declined sandbox card goes to /cancel with the reason; the order is kept for another try', async () => {
    const failure = {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment was declined by the bank.',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'card_declined',
        metadata: { order_id: 'order_TEST123', payment_id: 'pay_FAIL1' },
      },
    };
    const { user, router, callsTo } = await openCheckout({
      'POST /api/sandbox/pay': { body: failure },
      // The declined order still waits for its payment.
      'GET /api/orders/FW-2611-8K3D9Q': {
        body: { order: { ...ORDER, status: 'created', payment: { ...ORDER.payment, paymentId: null } } },
      },
    });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    await user.click(within(dialog).getByRole('radio', { name: /Payment fails/ }));
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel'));
    expect(router.state.location.search).toBe('?order=FW-2611-8K3D9Q');
    expect(callsTo('POST', '/api/sandbox/pay')[0]?.body).toEqual({ razorpay_order_id: 'order_TEST123', card: 'failure' });
    expect(callsTo('POST', '/api/verify-payment')).toHaveLength(0);
    expect(JSON.parse(window.sessionStorage.getItem(PAYMENT_ERROR_KEY)!)).toEqual({
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment was declined by the bank.',
      reason: 'card_declined',
    });
    expect(readStoredOrder()).not.toBeNull();
    expect(await main().findByText('Your payment was declined by the bank.')).toBeVisible();
    expect(dd('Error code')).toBe('BAD_REQUEST_ERROR');
    // 'Try again' pays this same order again.
    expect(await main().findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout/pay?order=FW-2611-8K3D9Q');
  });

  it('a payment the server cannot verify goes to /cancel with its message and code', async () => {
    const { user, router } = await openCheckout({
      'POST /api/verify-payment': { status: 400, body: { message: 'The payment signature is not valid.', code: 'PAYMENT_NOT_VERIFIED' } },
    });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel'));
    expect(await main().findByText('The payment signature is not valid.')).toBeVisible();
    expect(dd('Error code')).toBe('PAYMENT_NOT_VERIFIED');
    expect(readStoredOrder()).not.toBeNull();
  });

  it('disables the button while in flight (a double click makes one request) and reuses the key on retry', async () => {
    let release: (reply: { status?: number; body?: unknown }) => void = () => {};
    let attempt = 0;
    const { user, callsTo } = await openCheckout({
      'POST /api/create-order': () => {
        attempt += 1;
        if (attempt === 1) return new Promise((resolve) => (release = resolve));
        return { status: 201, body: CREATED };
      },
    });
    const pay = main().getByRole('button', { name: 'Make payment' });
    await user.click(pay);
    await user.click(main().getByRole('button', { name: 'Starting payment…' }));
    expect(main().getByRole('button', { name: 'Starting payment…' })).toBeDisabled();
    expect(callsTo('POST', '/api/create-order')).toHaveLength(1);
    release({ status: 503, body: { message: 'The shop is busy. Please try again.', code: 'SERVICE_UNAVAILABLE' } });
    expect(await main().findByRole('alert')).toHaveTextContent('The shop is busy. Please try again.');

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    const [first, second] = callsTo('POST', '/api/create-order');
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // Closing the sandbox and paying again is the same attempt too: the server answers with the same order.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(callsTo('POST', '/api/create-order')[2]?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('on 409 shows the server amount and message; the next attempt uses a new key', async () => {
    let attempt = 0;
    const { user, callsTo } = await openCheckout({
      'POST /api/create-order': () => {
        attempt += 1;
        if (attempt === 1) {
          return {
            status: 409,
            body: { message: 'The price has changed since you chose your frame.', code: 'PRICE_MISMATCH', amount: 1400_00 },
          };
        }
        return { status: 201, body: CREATED };
      },
    });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('The price has changed since you chose your frame.');
    expect(alert).toHaveTextContent('The price now is ₹1,400.00.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('GET', '/api/payment-config')).toHaveLength(0);
    await waitFor(() => expect(callsTo('GET', '/api/get-frame').length).toBeGreaterThan(1)); // the catalogue reloads

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    const [first, second] = callsTo('POST', '/api/create-order');
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('says so when no delivery address is saved (422)', async () => {
    const { user } = await openCheckout({
      'POST /api/create-order': {
        status: 422,
        body: { message: 'Please add your delivery address before paying.', code: 'RULE_BROKEN', field: 'address' },
      },
    });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('Please add your delivery address before paying.');
    expect(within(alert).getByRole('link', { name: 'Add your delivery address' })).toHaveAttribute('href', '/checkout');
  });

  it('with Razorpay: adds checkout.js when paying and opens it with the seed options; the handler verifies', async () => {
    const address = {
      fullName: 'Asha Verma',
      phone: '+919812345678',
      altPhone: '',
      email: 'asha@example.com',
      addressLine1: '12 MG Road',
      addressLine2: '',
      city: 'Bangalore',
      state: 'Karnataka',
      country: 'IN',
      postalCode: '560001',
      companyName: '',
      isHyperlocal: false,
      billingSameAsDelivery: true,
    };
    const { user, router, callsTo } = await openCheckout({
      'GET /api/payment-config': { body: { provider: 'razorpay', keyId: 'rzp_test_PUBLICKEY', name: 'Framewala', themeColor: '#F37254' } },
      'GET /api/address/user-1': { body: { address: { ...address, _id: 'addr-1', userId: 'user-1' } } },
    });
    await waitFor(() => expect(callsTo('GET', '/api/address/user-1')).toHaveLength(1));
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT_URL}"]`)).toBeNull();

    let options: RazorpayOptions | undefined;
    let opened = 0;
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT_URL}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    window.Razorpay = class {
      constructor(o: RazorpayOptions) {
        options = o;
      }
      open() {
        opened += 1;
      }
      on() {}
    };
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(opened).toBe(1));
    expect(options).toMatchObject({
      key: 'rzp_test_PUBLICKEY',
      order_id: 'order_TEST123',
      amount: 1354_00,
      currency: 'INR',
      name: 'Framewala',
      prefill: { name: `${SAMPLE_USER.firstName} ${SAMPLE_USER.lastName}`, email: SAMPLE_USER.email, contact: '+919812345678' },
      theme: { color: '#F37254' },
    });
    expect(options?.description).toBe('Size 12x8 · Frame 1 in · Walnut (Classic) · Border 0.8 in · Wood · Warm walnut veneer.');
    options!.handler(PAID);
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(callsTo('POST', '/api/verify-payment')[0]?.body).toEqual(PAID);
    expect(callsTo('POST', '/api/sandbox/pay')).toHaveLength(0);
  });
});

describe('payment windows: failures and closing', { timeout: 30_000 }, () => {
  const razorpayConfig = { body: { provider: 'razorpay', keyId: 'rzp_test_PUBLICKEY', name: 'Framewala', themeColor: '#F37254' } };

  it("Razorpay's payment.failed goes to /cancel with the provider's description, reason and code", async () => {
    const { user, router, callsTo } = await openCheckout({ 'GET /api/payment-config': razorpayConfig });
    let failed: ((r: { error: Record<string, unknown> }) => void) | undefined;
    window.Razorpay = class {
      on(_event: string, callback: (r: { error: Record<string, unknown> }) => void) {
        failed = callback;
      }
      open() {}
    } as unknown as typeof window.Razorpay;
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await waitFor(() => expect(failed).toBeDefined());
    failed!({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Payment processing failed because of incorrect OTP', reason: 'payment_failed' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel'));
    expect(await main().findByText('Payment processing failed because of incorrect OTP')).toBeVisible();
    expect(dd('Error code')).toBe('BAD_REQUEST_ERROR');
    expect(callsTo('POST', '/api/verify-payment')).toHaveLength(0);
  });

  it('when checkout.js cannot load, says so and lets the customer try again', async () => {
    const { user } = await openCheckout({ 'GET /api/payment-config': razorpayConfig });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_SCRIPT_URL}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event('error'));
    expect(await main().findByRole('alert')).toHaveTextContent('We could not load the payment window.');
    expect(main().getByRole('button', { name: 'Make payment' })).toBeEnabled();
    expect(document.querySelector(`script[src="${RAZORPAY_SCRIPT_URL}"]`)).toBeNull();
  });

  it('the sandbox dialog refuses a short card number, and Escape closes it without paying', async () => {
    const { user, callsTo } = await openCheckout();
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    const number = within(dialog).getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4111');
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a card number of 12 to 19 digits');
    expect(callsTo('POST', '/api/sandbox/pay')).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main().getByRole('status')).toHaveTextContent('The test payment was cancelled. Nothing was charged');
    expect(main().getByRole('button', { name: 'Make payment' })).toBeEnabled();
  });
});

describe('/success and /cancel', { timeout: 30_000 }, () => {
  it('/success thanks the customer by name with the real order number and payment id, and stays', async () => {
    // The page's timers are fake from the start (they also follow real time): a minute of them runs at the end.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signInAs();
      api({ 'GET /api/site': { body: { name: 'Framewala', supportEmail: 'care@framewala.example', supportPhone: '+91 98765 43210' } } });
      const { router } = renderRoute('/success?order=FW-2611-8K3D9Q');
      expect(await main().findByRole('heading', { level: 1, name: 'Thank You, Asha Verma' })).toBeVisible();
      expect(main().getByText(/order has been processed/)).toBeVisible();
      await waitFor(() => expect(dd('Order number')).toBe('FW-2611-8K3D9Q'));
      expect(dd('Payment ID')).toBe('pay_TEST456');
      expect(await main().findByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:care@framewala.example');
      expect(main().getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      expect(main().queryByText(/home page/)).toBeNull();
      // Long after the seed's 5 s, the customer is still reading her order.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(router.state.location.pathname).toBe('/success');
      expect(dd('Order number')).toBe('FW-2611-8K3D9Q');
    } finally {
      vi.useRealTimers();
    }
  });

  it('/success says when the order arrives and what happens next, in plain words', async () => {
    signInAs();
    api({
      'GET /api/orders/FW-2611-8K3D9Q': {
        body: { order: { ...ORDER, arrivesBy: { earliest: '2026-12-02', latest: '2026-12-05' } } },
      },
    });
    renderRoute('/success?order=FW-2611-8K3D9Q');
    expect(await main().findByTestId('order-arrives-by')).toHaveTextContent('Arrives between Wed 2 Dec and Sat 5 Dec');
    expect(main().getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
    const steps = within(main().getByTestId('what-happens-next'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      '1We print your photo and frame it: 1–2 business days.',
      `2We send it by courier to your address, pincode ${ORDER.address.postalCode}.`,
      '3You get an e-mail at asha@example.com now, and another with the tracking number when it leaves us.',
    ]);
    expect(main().getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('/success shows no delivery window for an order whose payment is still being confirmed', async () => {
    signInAs();
    api({
      'GET /api/orders/FW-2611-8K3D9Q': {
        body: { order: { ...ORDER, status: 'created', payment: { ...ORDER.payment, paymentId: null }, arrivesBy: null } },
      },
    });
    renderRoute('/success?order=FW-2611-8K3D9Q');
    await waitFor(() => expect(dd('Payment ID')).toBe('Being confirmed'));
    expect(main().queryByTestId('order-arrives-by')).toBeNull();
  });

  it('/success lists every line of the order: size, frame, border and quantity of each', async () => {
    signInAs();
    api({ 'GET /api/orders/FW-2611-TWO222': { body: { order: twoLineOrder({ status: 'paid' }) } } });
    renderRoute('/success?order=FW-2611-TWO222');
    expect(await main().findByRole('heading', { level: 2, name: 'Your 2 framed photos' })).toBeVisible();
    const rows = within(main().getByTestId('order-lines')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('12x8 in · Matte Black · Classic');
    expect(rows[0]).toHaveTextContent('Slim 0.5 in · 2 × ₹582.00');
    expect(rows[1]).toHaveTextContent('11x14 in · Walnut · Classic');
    expect(rows[1]).toHaveTextContent('No border · 1 × ₹693.00');
    expect(dd('Amount paid')).toBe('₹1,770.30');
    // No fact names the first line's frame or size as if it were the whole order.
    expect(main().queryByText('Frame', { selector: 'dt' })).toBeNull();
    expect(main().queryByText('Size', { selector: 'dt' })).toBeNull();
  });

  it("/cancel reads the order's recorded failure when the checkout left none", async () => {
    signInAs();
    storeOrder();
    api({
      'GET /api/orders/FW-2611-8K3D9Q': {
        body: {
          order: {
            ...ORDER,
            status: 'created',
            payment: {
              ...ORDER.payment,
              paymentId: null,
              failureReason: 'Insufficient balance in the account.',
              failureCode: 'BAD_REQUEST_ERROR',
            },
          },
        },
      },
    });
    renderRoute('/cancel?order=FW-2611-8K3D9Q');
    expect(await main().findByRole('heading', { level: 1, name: 'Payment Failed, Asha Verma' })).toBeVisible();
    await waitFor(() => expect(dd('Reason')).toBe('Insufficient balance in the account.'));
    expect(dd('Error code')).toBe('BAD_REQUEST_ERROR');
    expect(main().getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(main().getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout/pay?order=FW-2611-8K3D9Q');
  });

  it('/cancel tells a customer whose payment reached a cancelled order that it is refunded, and offers no retry', async () => {
    signInAs();
    storeOrder();
    api();
    const message = ERROR_CATALOGUE.PAID_ORDER_CANCELLED.message;
    window.sessionStorage.setItem(
      PAYMENT_ERROR_KEY,
      JSON.stringify({ code: 'PAID_ORDER_CANCELLED', description: message, reason: 'verification_failed' }),
    );
    renderRoute('/cancel?order=FW-2611-8K3D9Q');
    expect(await main().findByRole('heading', { level: 1, name: 'Order Cancelled, Asha Verma' })).toBeVisible();
    expect(main().getByText(/We are refunding the full amount/)).toBeVisible();
    expect(main().queryByText(/No money has been taken/)).toBeNull();
    expect(dd('Reason')).toBe(message);
    expect(dd('Error code')).toBe('PAID_ORDER_CANCELLED');
    expect(main().queryByRole('link', { name: 'Try again' })).toBeNull();
    expect(main().getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('/cancel offers no retry for an order no longer waiting for its payment (here paid meanwhile)', async () => {
    signInAs();
    storeOrder();
    const { callsTo } = api();
    window.sessionStorage.setItem(PAYMENT_ERROR_KEY, JSON.stringify({ code: 'X', description: 'Declined.', reason: 'card_declined' }));
    renderRoute('/cancel?order=FW-2611-8K3D9Q');
    await main().findByRole('heading', { level: 1, name: /Payment Failed/ });
    expect(dd('Reason')).toBe('Declined.');
    await waitFor(() => expect(callsTo('GET', '/api/orders/FW-2611-8K3D9Q')).toHaveLength(1));
    await main().findByRole('link', { name: 'Back to home' });
    expect(ORDER.status).toBe('paid');
    expect(main().queryByRole('link', { name: 'Try again' })).toBeNull();
  });
});

describe('paying an order again after a declined payment (/checkout/pay?order=…)', { timeout: 30_000 }, () => {
  const declined = {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment was declined by the bank.',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'card_declined',
      metadata: { order_id: 'order_TEST123', payment_id: 'pay_FAIL1' },
    },
  };
  const arrivesBy = { earliest: '2026-12-02', latest: '2026-12-05' };

  it('Try again opens the same order and pays its provider order without a create-order call; the frame is cleared once paid', async () => {
    let status: 'created' | 'paid' = 'created';
    let payAttempt = 0;
    // The order as create-order made it from the editor's frame: 2 × 12x8 in Walnut, ₹1,354.
    const made = {
      ...ORDER,
      shippingPaise: 0,
      lines: [{ ...ORDER.lines[0]!, quantity: 2, unitPaise: EXPECTED.unitPaise, checkoutPaise: EXPECTED.checkoutPaise }],
    };
    const { user, router, callsTo } = await openCheckout({
      'POST /api/sandbox/pay': () => {
        payAttempt += 1;
        if (payAttempt === 1) return { body: declined };
        status = 'paid';
        return { body: PAID };
      },
      'GET /api/orders/FW-2611-8K3D9Q': () => ({
        body: { order: { ...made, status, payment: { ...made.payment, paymentId: status === 'paid' ? 'pay_TEST456' : null } } },
      }),
      'GET /api/shipping-quote': { body: { zone: 'metro', shippingPaise: 0, arrivesBy } },
    });
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    await user.click(within(dialog).getByRole('radio', { name: /Payment fails/ }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel'));

    await user.click(await main().findByRole('link', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pay'));
    expect(router.state.location.search).toBe('?order=FW-2611-8K3D9Q');
    // The order's own line and figures, not the editor's.
    await main().findByTestId('product-summary');
    expect(dd('Size')).toBe('12x8 in');
    expect(dd('Frame')).toBe('Walnut · Classic');
    expect(dd('Quantity')).toBe(`2 × ${formatInr(EXPECTED.unitPaise)}`);
    expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,354.00');
    expect(await main().findByTestId('arrives-by')).toHaveTextContent('Arrives between Wed 2 Dec and Sat 5 Dec to 560001');
    const aside = within(screen.getByRole('complementary', { name: 'Your order' }));
    expect(aside.getByTestId('aside-order')).toHaveTextContent('Order FW-2611-8K3D9Q, waiting for its payment.');

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    dialog = await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(within(dialog).getByTestId('sandbox-amount')).toHaveTextContent('₹1,354.00');
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'));
    expect(router.state.location.search).toBe('?order=FW-2611-8K3D9Q');
    // One order: made once, paid on its second attempt through the same provider order.
    expect(callsTo('POST', '/api/create-order')).toHaveLength(1);
    expect(callsTo('POST', '/api/sandbox/pay').map((c) => c.body)).toEqual([
      { razorpay_order_id: 'order_TEST123', card: 'failure' },
      { razorpay_order_id: 'order_TEST123', card: 'success' },
    ]);
    expect(callsTo('POST', '/api/verify-payment')[0]?.body).toEqual(PAID);
    expect(readStoredOrder()).toBeNull();
    await waitFor(() => expect(dd('Payment ID')).toBe('pay_TEST456'));
  });

  it('shows every line of a two-line order (2 × 12x8 and a portrait custom 11x14), its coupon, shipping and total, and opens Razorpay for its own provider order', async () => {
    signInAs();
    const { callsTo } = api({
      'GET /api/orders/FW-2611-TWO222': { body: { order: { ...twoLineOrder(), gstPaise: 270_04 } } },
      'GET /api/shipping-quote': { body: { zone: 'metro', shippingPaise: 99_00, arrivesBy } },
      'GET /api/payment-config': { body: { provider: 'razorpay', keyId: 'rzp_test_PUBLICKEY', name: 'Framewala', themeColor: '#F37254' } },
    });
    let options: RazorpayOptions | undefined;
    window.Razorpay = class {
      constructor(o: RazorpayOptions) {
        options = o;
      }
      open() {}
      on() {}
    };
    const { user } = renderRoute('/checkout/pay?order=FW-2611-TWO222');
    const rows = within(await main().findByTestId('cart-summary')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('12x8 in · Matte Black · Classic');
    expect(rows[0]).toHaveTextContent('Slim 0.5 in · 2 × ₹582.00');
    expect(rows[0]).toHaveTextContent('₹1,164.00');
    expect(rows[1]).toHaveTextContent('11x14 in · Walnut · Classic');
    expect(rows[1]).toHaveTextContent('No border · 1 × ₹693.00');
    expect(rows[1]).not.toHaveTextContent('14x11');
    const lines = within(main().getByTestId('price-lines'));
    expect(dd('Total Price', lines)).toBe(formatInr(TWO_LINE_FIGURES.subtotalPaise));
    expect(dd('Total Price (Discount)', lines)).toBe('−₹185.70');
    expect(dd('Shipping', lines)).toBe('₹99.00');
    // The order's own GST, as the server reads it for its invoice.
    expect(dd('Tax & Fee', lines)).toBe('incl. GST ₹270.04');
    expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,770.30');
    expect(main().getByText('Prices include taxes. This is the amount you will pay, once, for the whole order.')).toBeVisible();
    // The order keeps its code: shown, not changed.
    expect(main().getByTestId('coupon-applied')).toHaveTextContent('DIWALI10 applied · 10% off (−₹185.70)');
    expect(main().queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(main().queryByLabelText('Have a coupon code?')).toBeNull();
    expect(await main().findByTestId('arrives-by')).toHaveTextContent('to 560001');
    const [quote] = callsTo('GET', '/api/shipping-quote');
    expect(new URL(quote!.path, 'http://x').searchParams.get('subtotalPaise')).toBe(String(TWO_LINE_FIGURES.subtotalPaise));

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await waitFor(() => expect(options).toBeDefined());
    expect(options).toMatchObject({
      order_id: 'order_TWO222',
      amount: TWO_LINE_FIGURES.totalPaise,
      currency: 'INR',
      description: '3 framed photos',
      notes: { orderNumber: 'FW-2611-TWO222' },
    });
    expect(callsTo('POST', '/api/create-order')).toHaveLength(0);
  });

  it('says so instead of a payment when the order is already paid or was cancelled', async () => {
    signInAs();
    let status: 'paid' | 'cancelled' = 'paid';
    const { callsTo } = api({ 'GET /api/orders/FW-2611-TWO222': () => ({ body: { order: twoLineOrder({ status }) } }) });
    const first = renderRoute('/checkout/pay?order=FW-2611-TWO222');
    expect(await main().findByText(/is already paid/)).toHaveTextContent('Order FW-2611-TWO222 is already paid. See the order.');
    expect(main().getByRole('link', { name: 'See the order' })).toHaveAttribute('href', '/orders/FW-2611-TWO222');
    expect(main().queryByRole('button', { name: 'Make payment' })).toBeNull();
    first.unmount();

    status = 'cancelled';
    renderRoute('/checkout/pay?order=FW-2611-TWO222');
    expect(await main().findByText(/was cancelled/)).toHaveTextContent('Order FW-2611-TWO222 was cancelled, so it can no longer be paid.');
    expect(main().queryByRole('button', { name: 'Make payment' })).toBeNull();
    expect(callsTo('GET', '/api/payment-config')).toHaveLength(0);
  });
});

describe('checkout of the whole cart (/checkout/pay?cart=1)', () => {
  const cartLine = (id: string, linePaise: number) => ({
    id,
    clientLineId: `cl-${id}-abcdef`,
    uploadId: `up-${id}`,
    sizeId: '3x2-12x8',
    customWidth: null,
    customHeight: null,
    selectedFrame: 'classic--walnut',
    selectedMotifBorder: 0,
    quantity: 1,
    thumbnailUrl: null,
    imageType: 'landscape',
    sizeName: '12x8',
    widthIn: 12,
    heightIn: 8,
    frameSetName: 'Classic',
    finishName: 'Walnut',
    mouldingIn: 1,
    borderName: 'No border',
    borderIn: 0,
    unitPaise: linePaise,
    linePaise,
    problem: null,
    problemMessage: null,
  });
  const cartOf = (first: number) => ({
    lines: [cartLine('a', first), cartLine('b', 600_00)],
    itemCount: 2,
    subtotalPaise: first + 600_00,
    shippingPaise: 99_00,
    totalPaise: first + 600_00 + 99_00,
    arrivesBy: { earliest: '2026-12-01', latest: '2026-12-04' },
    pincode: '560001',
    payable: true,
  });

  it('pays the server cart total once; on 409 it shows the new amount, reloads the cart and pays that', async () => {
    signInAs();
    let priced = 500_00;
    let attempt = 0;
    const calls = api({
      'GET /api/cart': () => ({ body: { cart: cartOf(priced) } }),
      'POST /api/create-order': () => {
        attempt += 1;
        if (attempt === 1) {
          priced = 550_00; // the owner changed a rate meanwhile
          return { status: 409, body: { message: 'The price has changed.', code: 'PRICE_MISMATCH', amount: 1249_00 } };
        }
        return { status: 201, body: { ...CREATED, amount: 1249_00 } };
      },
    });
    const { user } = renderRoute('/checkout/pay?cart=1');
    const summary = await main().findByTestId('cart-summary');
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,199.00');
    await waitFor(() => expect(main().getByRole('button', { name: 'Make payment' })).toBeEnabled());

    await user.click(main().getByRole('button', { name: 'Make payment' }));
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('The price has changed. The price now is ₹1,249.00.');
    await waitFor(() => expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,249.00'));
    await waitFor(() => expect(main().getByRole('button', { name: 'Make payment' })).toBeEnabled());
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });

    const [first, second] = calls.callsTo('POST', '/api/create-order');
    expect(first?.body).toEqual({ cart: true, amount: 1199_00, currency: 'INR' });
    expect(second?.body).toEqual({ cart: true, amount: 1249_00, currency: 'INR' });
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it("applies a coupon to the account's cart: the server's discount shows on its own line and the cart's total is paid", async () => {
    signInAs();
    let withCoupon = false;
    const priced = () => {
      const cart = cartOf(500_00);
      return withCoupon
        ? {
            ...cart,
            coupon: { code: 'DIWALI10', summary: '10% off' },
            discountPaise: 110_00,
            totalPaise: cart.totalPaise - 110_00,
            gstPaise: 166_12,
          }
        : { ...cart, gstPaise: 182_90 };
    };
    const calls = api({
      'GET /api/cart': () => ({ body: { cart: priced() } }),
      'POST /api/cart/coupon': (req) => {
        if ((req.body as { code?: string }).code !== 'diwali10') {
          return { status: 422, body: { message: 'We don’t know that code. Check the spelling and try again.', code: 'COUPON_UNKNOWN' } };
        }
        withCoupon = true;
        return { body: { cart: priced() } };
      },
      'POST /api/create-order': () => ({ status: 201, body: { ...CREATED, amount: 1089_00 } }),
    });
    const { user } = renderRoute('/checkout/pay?cart=1');
    await main().findByTestId('cart-summary');
    const field = main().getByLabelText('Have a coupon code?');
    await user.type(field, 'nope');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await main().findByText('We don’t know that code. Check the spelling and try again.')).toBeInTheDocument();
    expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,199.00');
    expect(dd('Tax & Fee', within(main().getByTestId('price-lines')))).toBe('incl. GST ₹182.90');

    await user.clear(field);
    await user.type(field, 'diwali10');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await main().findByTestId('coupon-applied')).toHaveTextContent('DIWALI10 applied · 10% off');
    expect(within(main().getByTestId('price-lines')).getByText('−₹110.00')).toBeInTheDocument();
    expect(main().getByTestId('checkout-total')).toHaveTextContent('₹1,089.00');
    // The server's GST of the discounted cart, as the invoice will show it.
    expect(dd('Tax & Fee', within(main().getByTestId('price-lines')))).toBe('incl. GST ₹166.12');

    await waitFor(() => expect(main().getByRole('button', { name: 'Make payment' })).toBeEnabled());
    await user.click(main().getByRole('button', { name: 'Make payment' }));
    await screen.findByRole('dialog', { name: 'Test payment — sandbox' });
    expect(calls.callsTo('POST', '/api/create-order')[0]?.body).toEqual({ cart: true, amount: 1089_00, currency: 'INR' });
  });
});

describe('the checkout in Hindi', { timeout: 30_000 }, () => {
  afterEach(() => i18n.activate('en'));

  const address = {
    fullName: 'Asha Verma',
    phone: '+919876543210',
    altPhone: '',
    email: 'asha@example.com',
    addressLine1: '12 MG Road',
    addressLine2: '',
    city: 'Bangalore',
    state: 'Karnataka',
    country: 'IN',
    postalCode: '560001',
    companyName: '',
    isHyperlocal: false,
    billingSameAsDelivery: true,
  };

  it('says the summary, the arrival dates and a coupon refusal in Hindi, from the error code', async () => {
    await activateLocale('hi', ['checkout']);
    signInAs();
    storeOrder();
    api({
      'GET /api/address/user-1': { body: { address } },
      'GET /api/shipping-quote': {
        body: { zone: 'metro', shippingPaise: 99_00, arrivesBy: { earliest: '2026-12-02', latest: '2026-12-05' } },
      },
      'POST /api/coupon-quote': (req) =>
        (req.body as { code: string }).code.toUpperCase() === 'DIWALI10'
          ? { body: { coupon: { code: 'DIWALI10', summary: '10% off, shipping included' }, discountPaise: 145_00 } }
          : { status: 422, body: { message: 'The code OLD5 expired on 5 November 2026.', code: 'COUPON_EXPIRED' } },
    });
    const { user } = renderRoute('/checkout/pay');
    await main().findByRole('heading', { level: 1, name: 'चेकआउट' });
    await main().findByRole('heading', { level: 2, name: 'ऑर्डर का सारांश' });
    expect(dd('साइज़')).toBe('12 × 8 इंच');
    expect(dd('सफ़ेद बॉर्डर')).toBe('0.8 इंच');
    const lines = within(screen.getByTestId('price-lines'));
    await waitFor(() => expect(dd('डिलीवरी शुल्क', lines)).toBe('₹99.00'));
    // 2 and 5 December 2026 are a Wednesday and a Saturday.
    expect(screen.getByTestId('arrives-by')).toHaveTextContent('पिनकोड 560001 पर बुध, 2 दिस॰ से शनि, 5 दिस॰ के बीच पहुँचेगा');

    const field = main().getByLabelText('कूपन कोड है?');
    await user.type(field, 'old5');
    await user.click(main().getByRole('button', { name: 'लागू करें' }));
    const refusal = await main().findByRole('alert');
    expect(refusal).toHaveTextContent(i18n._(ERROR_MESSAGES.COUPON_EXPIRED));
    expect(refusal.textContent).toMatch(/[\u0900-\u097F]/);
    expect(refusal).not.toHaveTextContent('expired');

    await user.clear(field);
    await user.type(field, 'diwali10');
    await user.click(main().getByRole('button', { name: 'लागू करें' }));
    expect(await screen.findByTestId('coupon-applied')).toHaveTextContent('DIWALI10 लागू · 10% की छूट, डिलीवरी शुल्क पर भी');
    expect(main().getByRole('button', { name: 'भुगतान करें' })).toBeEnabled();

    const text = document.querySelector('main')!.textContent ?? '';
    for (const english of [
      'Checkout',
      'Product Summary',
      'Total Price',
      'Shipping',
      'Arrives between',
      'Make payment',
      'applied',
      ' off',
      'Your order',
    ]) {
      expect(text, english).not.toContain(english);
    }
  });

  it('shows a two-line order paid again in Hindi: each line width first, the whole order once', async () => {
    await activateLocale('hi', ['checkout']);
    signInAs();
    api({
      'GET /api/orders/FW-2611-TWO222': { body: { order: twoLineOrder() } },
      'GET /api/shipping-quote': {
        body: { zone: 'metro', shippingPaise: 99_00, arrivesBy: { earliest: '2026-12-02', latest: '2026-12-05' } },
      },
    });
    renderRoute('/checkout/pay?order=FW-2611-TWO222');
    const rows = within(await main().findByTestId('cart-summary')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('12 × 8 इंच · मैट ब्लैक · क्लासिक');
    expect(rows[0]).toHaveTextContent('पतला 0.5 इंच · 2 × ₹582.00');
    expect(rows[1]).toHaveTextContent('11 × 14 इंच · वॉलनट · क्लासिक');
    expect(main().getByText('कीमतें सभी टैक्स सहित हैं। पूरे ऑर्डर के लिए आप एक ही बार यही राशि चुकाएँगे।')).toBeVisible();
    expect(screen.getByTestId('aside-order')).toHaveTextContent('ऑर्डर FW-2611-TWO222, भुगतान बाकी है। ऑर्डर देखें');
    expect(main().getByRole('button', { name: 'भुगतान करें' })).toBeEnabled();
    const text = document.querySelector('main')!.textContent ?? '';
    for (const english of ['Checkout', 'Product Summary', 'Total Price', 'Shipping', 'Make payment', 'applied', 'waiting', 'No border']) {
      expect(text, english).not.toContain(english);
    }
  });

  it("/cancel names a declined card in Hindi and keeps the provider's own words apart", async () => {
    await activateLocale('hi', ['checkout']);
    signInAs();
    storeOrder();
    api({ 'GET /api/orders/FW-2611-8K3D9Q': { body: { order: { ...ORDER, status: 'created' } } } });
    window.sessionStorage.setItem(
      PAYMENT_ERROR_KEY,
      JSON.stringify({ code: 'BAD_REQUEST_ERROR', description: 'Your payment was declined by the bank.', reason: 'card_declined' }),
    );
    renderRoute('/cancel?order=FW-2611-8K3D9Q');
    expect(await main().findByRole('heading', { level: 1, name: 'Asha Verma, आपका भुगतान नहीं हो पाया' })).toBeVisible();
    expect(dd('कारण')).toBe('आपका कार्ड अस्वीकार कर दिया गया।');
    expect(dd('भुगतान सेवा का संदेश')).toBe('Your payment was declined by the bank.');
    expect(dd('एरर कोड')).toBe('BAD_REQUEST_ERROR');
    expect(await main().findByRole('link', { name: 'फिर से कोशिश करें' })).toHaveAttribute('href', '/checkout/pay?order=FW-2611-8K3D9Q');
    expect(main().queryByText(/Payment Failed|did not go through|Try again/)).toBeNull();
  });
});
