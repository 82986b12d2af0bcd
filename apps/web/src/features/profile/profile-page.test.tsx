import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { orderSummary, twoLineOrder } from '../../test/fixtures';
import { renderRoute, renderWithProviders } from '../../test/render';
import { mockApi, SAMPLE_USER, signInAs } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';
import { OrderHistory } from './order-history';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./profile-page');
});
afterEach(() => clearToasts());

const main = () => within(document.querySelector('main')!);

const ADDRESS = {
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

const upload = (id: string, over: Record<string, unknown> = {}) => ({
  _id: id,
  url: `/media/uploads/${id}/display.webp`,
  thumbnailUrl: `/media/uploads/${id}/thumb.webp`,
  imageType: 'landscape',
  width: 4000,
  height: 3000,
  dpi: { x: 300, y: 300 },
  format: 'jpeg',
  status: 'ready',
  parentId: null,
  crop: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-02-18T10:00:00.000Z',
  ...over,
});

function dd(label: string): string | null | undefined {
  const term = main().getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('/user (profile)', { timeout: 30_000 }, () => {
  it('needs sign-in', async () => {
    const { router } = renderRoute('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fuser');
  });

  it('shows the avatar, full name, e-mail and mobile, and no empty address rows (no N/A) when none is saved', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [] } },
    });
    renderRoute('/user');
    expect(await main().findByRole('heading', { level: 1, name: 'Asha Verma' })).toBeVisible();
    expect(main().getByTestId('profile-avatar')).toHaveTextContent('A');
    expect(main().getByText('asha@example.com')).toBeVisible();
    expect(main().getByText('+91 98765 43210')).toBeVisible();
    await main().findByText('You haven’t saved a delivery address yet.');
    expect(main().queryByTestId('profile-address')).toBeNull();
    expect(main().queryByText('N/A')).toBeNull();
    expect(main().queryByText('Country', { selector: 'dt' })).toBeNull();
    expect(main().queryByText('Is Hyperlocal', { selector: 'dt' })).toBeNull();
    expect(main().getByText(/No orders yet/)).toBeVisible();
    expect(await main().findByText(/Photos you upload are kept here for 90 days/)).toBeVisible();
  });

  it('shows the saved address, only the fields with a value: no empty rows, no Country IN, no Is Hyperlocal: No', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: ADDRESS } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [] } },
    });
    renderRoute('/user');
    await waitFor(() => expect(dd('Address Line 1')).toBe('12 MG Road'));
    const terms = [...main().getByTestId('profile-address').querySelectorAll('dt')].map((d) => d.textContent);
    expect(terms).toEqual(['Full Name', 'Email', 'Phone Number', 'Address Line 1', 'City', 'State', 'Postal Code']);
    expect(dd('Full Name')).toBe('Asha Verma');
    expect(dd('Phone Number')).toBe('+91 98765 43210');
    expect(dd('City')).toBe('Bangalore');
    expect(dd('State')).toBe('Karnataka');
    expect(dd('Postal Code')).toBe('560001');
    expect(main().queryByText('N/A')).toBeNull();
    expect(main().getByRole('link', { name: 'Edit address' })).toHaveAttribute('href', '/checkout');
  });

  it('shows the seed’s optional fields when they have a value, Is Hyperlocal with what it means', async () => {
    signInAs();
    const full = { ...ADDRESS, altPhone: '+919812345678', addressLine2: 'Near the park', companyName: 'Verma Studio', isHyperlocal: true };
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: full } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [] } },
    });
    renderRoute('/user');
    await waitFor(() => expect(dd('Address Line 2')).toBe('Near the park'));
    expect(dd('Alt Phone Number')).toBe('+91 98123 45678');
    expect(dd('Company Name')).toBe('Verma Studio');
    expect(dd('Is Hyperlocal')).toBe('Yes: delivered by a courier within your city');
    expect(main().queryByText('Country', { selector: 'dt' })).toBeNull();
  });

  it("lists my photos with their expiry date; 'Frame this photo' starts a new order with it", async () => {
    signInAs();
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: upload('old'), quantity: 3 }));
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
      'GET /api/uploads': {
        body: { uploads: [upload('p1'), upload('p2', { status: 'processing', url: null, thumbnailUrl: null }), { broken: true }] },
      },
    });
    const { user, router } = renderRoute('/user');
    const photos = within(await main().findByRole('region', { name: 'My photos' }));
    const items = await photos.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Kept until 18 Feb 2027');
    expect(within(items[0]!).getByRole('img')).toHaveAttribute('src', '/media/uploads/p1/thumb.webp');
    expect(within(items[1]!).queryByRole('button', { name: 'Frame this photo' })).toBeNull();
    expect(items[1]).toHaveTextContent('Still being prepared');

    await user.click(within(items[0]!).getByRole('button', { name: 'Frame this photo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
    const order = JSON.parse(window.localStorage.getItem(ORDER_STORAGE_KEY) ?? '{}') as { photo: { _id: string }; quantity?: number };
    expect(order.photo._id).toBe('p1');
    expect(order.quantity).toBeUndefined();
  });

  it('copes with the photos list being unavailable', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
      'GET /api/uploads': { status: 404, body: { message: 'This API route does not exist.', code: 'ROUTE_NOT_FOUND' } },
    });
    renderRoute('/user');
    expect(await main().findByText(/Photos you upload are kept here for 90 days/)).toBeVisible();
  });

  it('offers to retry when the profile cannot load', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { status: 500, body: { message: 'Something went wrong on our side.', code: 'INTERNAL' } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [] } },
    });
    renderRoute('/user');
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your address.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    // The name still shows, from the session.
    expect(main().getByRole('heading', { level: 1, name: 'Asha Verma' })).toBeVisible();
  });
});

describe('OrderHistory', () => {
  it('shows number, date, status and total', () => {
    renderWithProviders(
      <OrderHistory
        orders={[
          orderSummary({
            _id: 'FW-1042',
            createdAt: '2026-11-21T09:30:00.000Z',
            status: 'in_production',
            totalPaise: 123456_00,
            trackingNumber: null,
          }),
        ]}
      />,
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['FW-10421 × 12x8 in · Walnut · Classic · Slim 0.5 in', '21 Nov 2026', 'In production', '₹1,23,456.00']);
  });

  it('shows the orders from GET /api/orders with their status and tracking number', async () => {
    signInAs();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': {
        body: {
          orders: [
            {
              _id: 'FW-2611-8K3D9Q',
              createdAt: '2026-11-22T09:30:00.000Z',
              status: 'shipped',
              totalPaise: 1850_00,
              shippingPaise: 0,
              quantity: 1,
              frameName: 'Teak',
              sizeName: '12x8',
              thumbnailUrl: null,
              trackingNumber: 'DL123456789IN',
              carrier: 'India Post',
              lines: orderSummary().lines,
            },
            {
              _id: 'FW-2611-AAAAAA',
              createdAt: '2026-11-21T09:30:00.000Z',
              status: 'paid',
              totalPaise: 999_00,
              shippingPaise: 99_00,
              quantity: 2,
              frameName: 'Black',
              sizeName: '10x8',
              thumbnailUrl: null,
              trackingNumber: null,
              carrier: null,
              lines: orderSummary().lines,
            },
          ],
        },
      },
    });
    renderRoute('/user');
    const table = await main().findByRole('table', { name: 'Your orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'FW-2611-8K3D9Q1 × 12x8 in · Walnut · Classic · Slim 0.5 in',
        '22 Nov 2026',
        'ShippedTracking DL123456789IN (India Post)',
        '₹1,850.00',
      ],
      ['FW-2611-AAAAAA1 × 12x8 in · Walnut · Classic · Slim 0.5 in', '21 Nov 2026', 'Paid', '₹999.00'],
    ]);
    expect(callsTo('GET', '/api/orders')[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows each order as a card too, for phones (the table shows from the sm width)', () => {
    renderWithProviders(
      <OrderHistory
        orders={[
          orderSummary({
            _id: 'FW-1042',
            createdAt: '2026-11-21T09:30:00.000Z',
            status: 'shipped',
            totalPaise: 1850_00,
            trackingNumber: 'DL1IN',
            carrier: null,
          }),
          orderSummary({
            _id: 'o2',
            createdAt: '2026-11-20T09:30:00.000Z',
            status: 'paid',
            totalPaise: 999_00,
            trackingNumber: null,
            carrier: null,
          }),
        ]}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'FW-1042₹1,850.0021 Nov 2026Shipped1 × 12x8 in · Walnut · Classic · Slim 0.5 inTracking DL1IN',
      'o2₹999.0020 Nov 2026Paid1 × 12x8 in · Walnut · Classic · Slim 0.5 in',
    ]);
    expect(within(cards[1]!).getByRole('link', { name: 'o2' })).toHaveAttribute('href', '/orders/o2');
    expect(screen.getByRole('list', { name: 'Your orders' })).toHaveClass('sm:hidden');
    expect(screen.getByRole('table', { name: 'Your orders' }).parentElement).toHaveClass('hidden', 'sm:block');
  });

  it('offers the GST invoice of a paid order in the table and on the card', () => {
    const invoice = {
      number: 'FW/2026-27/000042',
      issuedAt: '2026-11-21T09:31:00.000Z',
      url: '/api/orders/FW-1042/invoice.pdf',
      creditNote: null,
    };
    renderWithProviders(
      <OrderHistory
        orders={[
          orderSummary({ _id: 'FW-1042', status: 'paid', invoice }),
          orderSummary({ _id: 'FW-1043', status: 'created', invoice: null }),
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Download GST invoice FW/2026-27/000042' });
    expect(buttons).toHaveLength(2);
    expect(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: /GST invoice/ })).toHaveTextContent('GST invoice (PDF)');
    // The unpaid one is an abandoned payment attempt: not listed.
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('FW-1043')).toBeNull();
  });

  it('leaves out abandoned payment attempts (never paid), and lists a paid order cancelled afterwards', () => {
    const invoice = (n: string) => ({
      number: `FW/2026-27/0000${n}`,
      issuedAt: '2026-11-21T09:31:00.000Z',
      url: '/x.pdf',
      creditNote: null,
    });
    renderWithProviders(
      <OrderHistory
        orders={[
          orderSummary({ _id: 'FW-WAITING', status: 'created', invoice: null }),
          orderSummary({ _id: 'FW-ABANDONED', status: 'cancelled', invoice: null }),
          orderSummary({ _id: 'FW-PAID', status: 'paid', invoice: invoice('41') }),
          orderSummary({ _id: 'FW-CANCELLED', status: 'cancelled', invoice: invoice('42') }),
        ]}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getAllByRole('link')[0]!.textContent)).toEqual(['FW-PAID', 'FW-CANCELLED']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('FW-WAITING')).toBeNull();
    expect(screen.queryByText('FW-ABANDONED')).toBeNull();
  });

  it('shows the empty state when every order is an abandoned attempt', () => {
    renderWithProviders(<OrderHistory orders={[orderSummary({ _id: 'FW-WAITING', status: 'created', invoice: null })]} />);
    expect(screen.getByText(/No orders yet/)).toBeVisible();
  });

  it('shows every line of an order of several in its row and on its card (2 × 12x8, and a portrait custom 11x14)', () => {
    const {
      payment: _payment,
      line: _line,
      address: _address,
      coupon: _coupon,
      history: _history,
      ...row
    } = twoLineOrder({ status: 'paid' });
    renderWithProviders(<OrderHistory orders={[row]} />);
    const cell = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[0]!;
    const card = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem')[0]!;
    for (const place of [cell, card]) {
      const lines = within(place).getByTestId('order-row-lines').children;
      expect([...lines].map((l) => l.textContent)).toEqual([
        '2 × 12x8 in · Matte Black · Classic · Slim 0.5 in',
        '1 × 11x14 in · Walnut · Classic · No border',
      ]);
    }
  });

  it('has an empty state', () => {
    renderWithProviders(<OrderHistory orders={[]} />);
    expect(screen.getByText(/No orders yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: /Frame a photo/ })).toHaveAttribute('href', '/');
  });
});

describe('/user (profile) in Hindi', { timeout: 30_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('shows the profile, the saved address with its state and the order history in Hindi', async () => {
    await activateLocale('hi', ['profile']);
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: ADDRESS } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [orderSummary()] } },
    });
    renderRoute('/user');
    expect(await main().findByRole('heading', { level: 2, name: 'ऑर्डर हिस्ट्री' })).toBeVisible();
    await waitFor(() => expect(dd('पता लाइन 1')).toBe('12 MG Road'));
    expect(dd('राज्य')).toBe('कर्नाटक');
    expect(main().queryByText('पता लाइन 2', { selector: 'dt' })).toBeNull();
    expect(main().queryByText('उपलब्ध नहीं')).toBeNull();
    expect(main().getByRole('link', { name: 'पता बदलें' })).toHaveAttribute('href', '/checkout');
    const table = await main().findByRole('table', { name: 'आपके ऑर्डर' });
    expect(within(table).getByText('भेज दिया गया')).toBeVisible();
    // The number is a link to India Post's tracking page, named in Hindi.
    const tracking = within(table).getByRole('link', { name: /^EE123456789IN: India Post की साइट पर ट्रैक करें/ });
    expect(tracking.parentElement).toHaveTextContent(/^ट्रैकिंग EE123456789IN \(India Post\)$/);
    expect(tracking.parentElement).toBeVisible();
    expect(await main().findByText(/आपकी अपलोड की गई फ़ोटो यहाँ 90 दिन तक सेव रहती हैं/)).toBeVisible();
    expect(main().queryByText('Order history')).toBeNull();
    expect(main().queryByText('N/A')).toBeNull();
  });
});
