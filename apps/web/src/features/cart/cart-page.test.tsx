import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatInr, priceOrder, rupeesToPaise, type FrameSet, type MotifBorder } from '@framewala/domain';
import { addLocalLine, EMPTY_CART, getLocalCart, updateLocalCart, type LocalCart } from '../../lib/cart/local-cart';
import { activateLocale, i18n } from '../../lib/i18n';
import { newOrderDraft, type OrderDraft } from '../../lib/order-draft/order-draft';
import { readStoredOrder } from '../../lib/order-draft/stored-order';
import { mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render';

const frame = (id: string, name: string) => ({
  _id: id,
  frameName: name,
  frameCategory: 'Wood',
  frameDescription: '',
  frameNameHi: null,
  frameCategoryHi: null,
  frameDescriptionHi: null,
  sideUp: '',
  sideDown: '',
  sideLeft: '',
  sideRight: '',
  topLeft: '',
  topRight: '',
  bottomLeft: '',
  bottomRight: '',
});
const SETS: FrameSet[] = [
  {
    _id: 'set-classic',
    frameName: 'Classic',
    frameNameHi: 'क्लासिक',
    sizeInInches: 1,
    framePrice: 5.5,
    thumbnailUrl: null,
    label: '1 in',
    padding: 0,
    frames: [{ ...frame('classic--walnut', 'Walnut'), frameNameHi: 'वॉलनट' }],
  },
];
const BORDERS: MotifBorder[] = [
  { _id: 'b0', name: 'No border', nameHi: null, sizeName: 'None', size: 0, price: 0 },
  { _id: 'b1', name: 'Hairline', nameHi: 'बहुत पतला', sizeName: '0.4 in (1 cm)', size: 0.4, price: 99 },
];

function draft(id: string, over: Partial<OrderDraft> = {}): OrderDraft {
  return {
    ...newOrderDraft({
      _id: id,
      url: `/media/${id}.webp`,
      thumbnailUrl: `/media/${id}-t.webp`,
      imageType: 'landscape',
      width: 3000,
      height: 2000,
    }),
    size: { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
    frameSetId: 'set-classic',
    frameId: 'classic--walnut',
    borderLevel: 1,
    step: 5,
    ...over,
  };
}

function seedCart(...drafts: OrderDraft[]) {
  let cart: LocalCart = EMPTY_CART;
  drafts.forEach((d, i) => {
    const change = addLocalLine(cart, d, `line-${i}-abcdef`);
    if (change.ok) cart = change.cart;
  });
  updateLocalCart(() => cart);
}

const catalogue = () =>
  mockApi({
    'GET /api/get-frame': { body: { getFrameSize: SETS } },
    'GET /api/get-motif-border-sizes': { body: { getMotifBorderSizes: BORDERS } },
    'GET /api/shipping-quote': {
      body: { zone: 'metro', shippingPaise: 9900, arrivesBy: { earliest: '2026-12-01', latest: '2026-12-04' } },
    },
  });

const unit = priceOrder({
  widthIn: 12,
  heightIn: 8,
  frameRatePaisePerSqIn: rupeesToPaise(5.5),
  borderPricePaise: rupeesToPaise(99),
  quantity: 1,
});

// The page and its texts load on demand: load them once up front so the first test does not wait for them.
beforeAll(async () => {
  await Promise.all([import('./cart-page'), activateLocale('en', ['cart'])]);
});

describe('/addtocart', () => {
  it('shows an empty cart with a way to upload', async () => {
    catalogue();
    renderRoute('/addtocart');
    const empty = await screen.findByTestId('empty-cart');
    expect(within(empty).getByRole('link', { name: /Upload a photo/ })).toHaveAttribute('href', '/?upload=1');
  });

  it('lists the browser cart with prices, changes quantities, removes, and totals with shipping for a typed pincode', async () => {
    catalogue();
    seedCart(draft('a'), draft('b', { quantity: 2 }));
    const { user } = renderRoute('/addtocart');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('cart-line');
    expect(first).toHaveTextContent('Walnut · Classic');
    expect(first).toHaveTextContent('12x8 in');
    expect(first).toHaveTextContent('Hairline · 0.4 in');
    expect(first).toHaveTextContent(`${formatInr(unit.unitPaise)} each`);
    expect(within(second!).getByTestId('line-quantity')).toHaveTextContent('2');
    // The header's count loads on demand after the page has painted.
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Increase quantity' }));
    expect(within(first!).getByTestId('line-quantity')).toHaveTextContent('2');
    expect(getLocalCart().lines[0]!.draft.quantity).toBe(2);

    await user.type(screen.getByLabelText('Delivery pincode'), '560001');
    const totals = screen.getByTestId('cart-totals');
    await waitFor(() => expect(totals).toHaveTextContent(`Shipping${formatInr(9900)}`));
    const subtotal = 4 * unit.unitPaise;
    expect(totals).toHaveTextContent(`Subtotal (4 items)${formatInr(subtotal)}`);
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatInr(subtotal + 9900));
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled();

    await user.click(within(second!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(getLocalCart().lines.map((l) => l.draft.photo._id)).toEqual(['a']);
  });

  it('marks a retired finish and an expired photo, and blocks checkout until they are fixed', async () => {
    catalogue();
    seedCart(draft('a', { frameId: 'classic--gone' }), draft('b', { photo: { ...draft('b').photo, expiresAt: '2020-01-01T00:00:00Z' } }));
    renderRoute('/addtocart');
    await waitFor(() => expect(screen.getAllByTestId('line-problem')).toHaveLength(2));
    const [retired, expired] = screen.getAllByTestId('line-problem');
    expect(retired).toHaveTextContent('no longer offered');
    expect(expired).toHaveTextContent('expired');
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeDisabled();
  });

  it('Edit reopens the photo on the summary with its choices, marked as that line', async () => {
    catalogue();
    seedCart(draft('a', { borderLevel: 0 }));
    const { user, router } = renderRoute('/addtocart');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
    expect(readStoredOrder()).toMatchObject({
      photo: { _id: 'a' },
      frameId: 'classic--walnut',
      step: 5,
      cartLine: { clientLineId: 'line-0-abcdef', serverId: null },
    });
    // The editor loads on demand, with its own texts: on a busy machine that takes a few seconds.
    expect(await screen.findByRole('button', { name: 'Update cart' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('/addtocart in Hindi', () => {
  afterEach(() => i18n.activate('en'));

  it('says the cart, its counts (plural) and the arrival dates in Hindi, with no English sentence left', async () => {
    await activateLocale('hi', ['cart']);
    catalogue();
    seedCart(draft('a'), draft('b', { quantity: 2 }));
    const { user } = renderRoute('/addtocart');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    const page = within(document.querySelector('main')!);
    expect(page.getByRole('heading', { level: 1, name: 'आपका कार्ट' })).toBeVisible();
    expect(page.getByText('20 में से 2 फ़्रेम वाली फ़ोटो · हर फ़ोटो की मात्रा 1–50')).toBeVisible();
    expect(screen.getByTestId('cart-totals')).toHaveTextContent('उप-योग (3 आइटम)');
    const [first] = screen.getAllByTestId('cart-line');
    expect(first).toHaveTextContent('12 × 8 इंच');
    // The shop's names in the Hindi it keeps with them.
    expect(first).toHaveTextContent('वॉलनट · क्लासिक');
    expect(first).toHaveTextContent('बहुत पतला · 0.4 इंच');
    expect(first).toHaveTextContent(`${formatInr(unit.unitPaise)} प्रति फ़्रेम`);
    expect(within(first!).getByRole('button', { name: 'मात्रा बढ़ाएँ' })).toBeEnabled();

    await user.type(page.getByLabelText('डिलीवरी पिनकोड'), '560001');
    // 1 and 4 December 2026 are a Tuesday and a Friday: Intl writes the day and the month.
    expect(await screen.findByText('मंगल, 1 दिस॰ से शुक्र, 4 दिस॰ के बीच पहुँचेगा')).toBeVisible();
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(
      `पिनकोड 560001 पर मंगल, 1 दिस॰ से शुक्र, 4 दिस॰ के बीच पहुँचेगा · डिलीवरी शुल्क ${formatInr(9900)}`,
    );
    expect(page.getByRole('button', { name: /चेकआउट करें/ })).toBeEnabled();

    const text = document.querySelector('main')!.textContent ?? '';
    for (const english of [
      'framed photos',
      'Your cart',
      'Subtotal',
      'Arrives between',
      'Shipping',
      'Proceed to Checkout',
      'each',
      ' in ',
      'Walnut',
      'Classic',
      'Hairline',
    ]) {
      expect(text, english).not.toContain(english);
    }
  });

  it('says one blocked photo in the singular', async () => {
    await activateLocale('hi', ['cart']);
    catalogue();
    seedCart(draft('a'), draft('b', { photo: { ...draft('b').photo, expiresAt: '2020-01-01T00:00:00Z' } }));
    renderRoute('/addtocart');
    expect(await screen.findByTestId('line-problem')).toHaveTextContent('इस फ़ोटो का समय ख़त्म हो गया है।');
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => alert.textContent === 'एक फ़ोटो अभी जैसी है, वैसी ऑर्डर नहीं हो सकती। चेकआउट के लिए उसे बदलें या हटाएँ।'),
    ).toBe(true);
  });
});
