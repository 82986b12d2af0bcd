import { configure, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@framewala/domain';
import { orderDetail, twoLineOrder } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { mockApi, SAMPLE_USER, signInAs } from '../../test/mock-api';
import { activateLocale, i18n } from '../../lib/i18n';
import { formatDuration, since, timelineSteps } from '../../lib/orders/order-status';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./order-page');
});

const main = () => within(document.querySelector('main')!);

const detail = orderDetail;

describe('/orders/:id (the customer’s order)', { timeout: 30_000 }, () => {
  it('needs sign-in and comes back', async () => {
    const { router } = renderRoute('/orders/FW-2611-8K3D9Q');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Forders%2FFW-2611-8K3D9Q');
  });

  it('shows the status with a timeline, the carrier and tracking number, the line and the address', async () => {
    signInAs();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: detail() } },
    });
    renderRoute('/orders/FW-2611-8K3D9Q');
    expect(await main().findByTestId('order-status')).toHaveTextContent('Shipped');
    expect(main().getByRole('heading', { level: 1, name: 'Order FW-2611-8K3D9Q' })).toBeVisible();
    expect(main().getByTestId('order-tracking')).toHaveTextContent('Sent with India Post. Tracking number EE123456789IN');
    const steps = within(main().getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/\d.*$/, ''))).toEqual(['Paid', 'In production', 'Shipped', 'DeliveredNot yet']);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('22 Nov 2026');
    expect(main().getByText('Classic · Walnut')).toBeVisible();
    expect(main().getByText('Slim (0.5 in)')).toBeVisible();
    expect(main().getByText('14, 2nd Cross, Residency Road')).toBeVisible();
    expect(main().getAllByText('₹1,850.00').length).toBeGreaterThan(0);
    expect(main().getByTestId('order-shipping')).toHaveTextContent('Shipping₹99.00');
    expect(callsTo('GET', '/api/orders/FW-2611-8K3D9Q')[0]?.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows every line of an order of several: size (a portrait custom 11x14 width first), frame, border and quantity', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-TWO222': { body: { order: twoLineOrder({ status: 'paid' }) } },
    });
    renderRoute('/orders/FW-2611-TWO222');
    expect(await main().findByRole('heading', { level: 2, name: 'Your 2 frames' })).toBeVisible();
    const rows = within(main().getByTestId('order-lines')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('12x8 in · Matte Black · Classic');
    expect(rows[0]).toHaveTextContent('Slim 0.5 in · 2 × ₹582.00₹1,164.00');
    expect(rows[1]).toHaveTextContent('11x14 in · Walnut · Classic');
    expect(rows[1]).toHaveTextContent('No border · 1 × ₹693.00₹693.00');
    expect(within(rows[1]!).getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', '/media/uploads/up-b/thumb.webp');
    expect(main().getByTestId('order-discount')).toHaveTextContent('Discount (DIWALI10)−₹185.70');
  });

  it("shows when the order arrives, and links the tracking number to the carrier's tracking page in a new tab", async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': {
        body: {
          order: detail({
            carrier: 'Delhivery',
            trackingNumber: '1234567890123',
            arrivesBy: { earliest: '2026-11-27', latest: '2026-12-02' },
          }),
        },
      },
    });
    renderRoute('/orders/FW-2611-8K3D9Q');
    expect(await main().findByTestId('order-arrives-by')).toHaveTextContent('Arrives between Fri 27 Nov and Wed 2 Dec');
    const link = within(main().getByTestId('order-tracking')).getByRole('link', { name: /^1234567890123: track it on Delhivery’s site/ });
    expect(link).toHaveAttribute('href', 'https://www.delhivery.com/track/package/1234567890123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(link).toHaveTextContent(/^1234567890123$/);
  });

  it("links India Post's tracking page and says to type the number there; an unknown carrier's number is text", async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: detail() } },
      'GET /api/orders/FW-2611-LOCAL1': {
        body: { order: detail({ _id: 'FW-2611-LOCAL1', carrier: 'Ram Couriers', trackingNumber: 'RC-77' }) },
      },
    });
    const { router } = renderRoute('/orders/FW-2611-8K3D9Q');
    const tracking = await main().findByTestId('order-tracking');
    expect(within(tracking).getByRole('link', { name: /^EE123456789IN: track it on India Post’s site/ })).toHaveAttribute(
      'href',
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
    );
    expect(tracking).toHaveTextContent('(type the number on India Post’s page)');
    // The answer gives no delivery window (arrivesBy null): none is shown.
    expect(main().queryByTestId('order-arrives-by')).toBeNull();

    await router.navigate('/orders/FW-2611-LOCAL1');
    await waitFor(() => expect(main().getByTestId('order-tracking')).toHaveTextContent('Sent with Ram Couriers. Tracking number RC-77'));
    expect(within(main().getByTestId('order-tracking')).queryByRole('link')).toBeNull();
  });

  it('has no tracking before shipping, and says plainly when the order is cancelled', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: detail({ status: 'cancelled', trackingNumber: null, carrier: null }) } },
    });
    renderRoute('/orders/FW-2611-8K3D9Q');
    expect(await main().findByText(/This order is/)).toHaveTextContent('This order is cancelled.');
    expect(main().queryByTestId('order-tracking')).toBeNull();
    expect(main().queryByRole('list', { name: 'Order progress' })).toBeNull();
  });

  it('says when the order is not in this account', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-OTHER': { status: 404, body: { message: 'Order not found.', code: 'NOT_FOUND' } },
    });
    renderRoute('/orders/FW-OTHER');
    expect(await main().findByRole('alert')).toHaveTextContent('We could not find order FW-OTHER in your account.');
  });

  it('is linked from the profile’s order history', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: { ...SAMPLE_USER, address: null } } },
      'GET /api/uploads': { body: { uploads: [] } },
      'GET /api/orders': { body: { orders: [detail()] } },
    });
    renderRoute('/user');
    const table = await main().findByRole('table', { name: 'Your orders' });
    expect(within(table).getByRole('link', { name: 'FW-2611-8K3D9Q' })).toHaveAttribute('href', '/orders/FW-2611-8K3D9Q');
    // The tracking number links to the carrier's tracking page there too, in the table and on the phone's card.
    for (const link of main().getAllByRole('link', { name: /^EE123456789IN: track it on India Post’s site/, hidden: true })) {
      expect(link).toHaveAttribute('href', 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx');
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(main().getAllByRole('link', { name: /^EE123456789IN/, hidden: true })).toHaveLength(2);
  });
});

describe('/orders/:id: cancel free within 24 hours', { timeout: 30_000 }, () => {
  const INVOICE = {
    number: 'FW/2026-27/000012',
    issuedAt: '2026-11-20T09:31:00.000Z',
    url: '/api/orders/FW-2611-8K3D9Q/invoice.pdf',
    creditNote: null,
  };
  const paidOrder = () =>
    detail({
      status: 'paid',
      trackingNumber: null,
      carrier: null,
      invoice: INVOICE,
      history: detail().history.slice(0, 2),
      cancellableUntil: new Date(Date.now() + 20 * 3600_000).toISOString(),
    });
  const cancelledOrder = () =>
    detail({
      ...paidOrder(),
      status: 'cancelled',
      cancellableUntil: null,
      invoice: { ...INVOICE, creditNote: { number: 'FW/CN/2026-27/000003', issuedAt: new Date().toISOString(), amountPaise: 1_850_00 } },
      history: [...detail().history.slice(0, 2), { status: 'cancelled', at: new Date().toISOString(), actor: 'customer' }],
    });

  it('offers Cancel order while allowed; the confirm step says where the refund goes; confirming shows the order cancelled', async () => {
    signInAs();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: paidOrder() } },
      'POST /api/orders/FW-2611-8K3D9Q/cancel': { body: { order: cancelledOrder() } },
    });
    const { user } = renderRoute('/orders/FW-2611-8K3D9Q');
    const section = within(await main().findByRole('region', { name: 'Changed your mind?' }));
    expect(section.getByText(/You can cancel this order free until/)).toBeVisible();

    await user.click(section.getByRole('button', { name: 'Cancel order' }));
    const confirm = within(section.getByRole('group', { name: 'Cancel order FW-2611-8K3D9Q?' }));
    expect(
      confirm.getByText(/your payment of ₹1,850.00 goes back to the card, UPI or bank account you paid with in 5–7 working days/),
    ).toBeVisible();
    // Nothing is cancelled until the customer confirms; Keep my order goes back.
    expect(callsTo('POST', '/api/orders/FW-2611-8K3D9Q/cancel')).toHaveLength(0);
    expect(confirm.getByRole('button', { name: 'Keep my order' })).toHaveFocus();
    await user.click(confirm.getByRole('button', { name: 'Keep my order' }));
    expect(section.queryByRole('group')).toBeNull();

    await user.click(section.getByRole('button', { name: 'Cancel order' }));
    await user.click(section.getByRole('button', { name: 'Yes, cancel my order' }));
    await waitFor(() => expect(main().getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(callsTo('POST', '/api/orders/FW-2611-8K3D9Q/cancel')).toHaveLength(1);
    expect(callsTo('POST', '/api/orders/FW-2611-8K3D9Q/cancel')[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(main().queryByRole('region', { name: 'Changed your mind?' })).toBeNull();
    const state = main().getByTestId('order-state');
    expect(state).toHaveTextContent('You cancelled this order on');
    expect(state).toHaveTextContent(
      'Your payment of ₹1,850.00 is being refunded to the card, UPI or bank account you paid with: it reaches you in 5–7 working days.',
    );
  });

  it('has no Cancel order once the window has closed or production has started', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: { ...paidOrder(), status: 'in_production', cancellableUntil: null } } },
    });
    renderRoute('/orders/FW-2611-8K3D9Q');
    expect(await main().findByTestId('order-status')).toHaveTextContent('In production');
    expect(main().queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says why when the shop refuses (the window closed meanwhile), in the page’s words for the code', async () => {
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: paidOrder() } },
      'POST /api/orders/FW-2611-8K3D9Q/cancel': {
        status: 409,
        body: {
          message: ERROR_CATALOGUE.CANCELLATION_WINDOW_CLOSED.message,
          code: 'CANCELLATION_WINDOW_CLOSED',
          status: 'paid',
          reason: 'CANCELLATION_WINDOW_CLOSED',
        },
      },
    });
    const { user } = renderRoute('/orders/FW-2611-8K3D9Q');
    await user.click(await main().findByRole('button', { name: 'Cancel order' }));
    await user.click(main().getByRole('button', { name: 'Yes, cancel my order' }));
    expect(await main().findByRole('alert')).toHaveTextContent(
      'Free cancellation ends 24 hours after payment, so this order can no longer be cancelled.',
    );
    expect(main().getByTestId('order-status')).toHaveTextContent('Paid');
  });
});

describe('/orders/:id in Hindi', { timeout: 30_000 }, () => {
  afterEach(() => i18n.activate('en'));

  it('shows the status, timeline, dates, line and address in Hindi', async () => {
    await activateLocale('hi', ['orders']);
    signInAs();
    mockApi({
      'GET /api/user': { body: { user: SAMPLE_USER } },
      'GET /api/orders/FW-2611-8K3D9Q': { body: { order: detail() } },
    });
    renderRoute('/orders/FW-2611-8K3D9Q');
    expect(await main().findByTestId('order-status')).toHaveTextContent('भेज दिया गया');
    expect(main().getByRole('heading', { level: 1, name: 'ऑर्डर FW-2611-8K3D9Q' })).toBeVisible();
    expect(main().getByTestId('order-tracking')).toHaveTextContent('India Post से भेजा गया। ट्रैकिंग नंबर EE123456789IN');
    const steps = within(main().getByRole('list', { name: 'ऑर्डर की प्रगति' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/\d.*$/, ''))).toEqual([
      'भुगतान हो गया',
      'बन रहा है',
      'भेज दिया गया',
      'डिलीवर हो गयाअभी नहीं',
    ]);
    expect(steps[2]).toHaveTextContent('22 नव॰ 2026');
    expect(main().getByText('12x8 इंच')).toBeVisible();
    expect(main().getByText('Bengaluru, कर्नाटक 560001')).toBeVisible();
    expect(main().getByTestId('order-shipping')).toHaveTextContent('डिलीवरी शुल्क₹99.00');
    expect(main().getByRole('heading', { level: 2, name: 'आपका ऑर्डर कहाँ है' })).toBeVisible();
    expect(main().queryByText('Where your order is')).toBeNull();
    expect(main().queryByText(/Tracking number/)).toBeNull();
  });
});

describe('order status helpers', () => {
  it('formats durations for people', () => {
    expect(formatDuration(30_000)).toBe('just now');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(5 * 3600_000 + 59 * 60_000)).toBe('5 h');
    expect(formatDuration(26 * 3600_000)).toBe('1 d 2 h');
    expect(formatDuration(21 * 24 * 3600_000 + 3600_000)).toBe('21 d');
    expect(since('not a date')).toBe('—');
  });

  it('builds the timeline from the latest history entry of each step', () => {
    const steps = timelineSteps('in_production', [
      { to: 'paid', at: '2026-11-20T09:31:00.000Z' },
      { to: 'in_production', at: '2026-11-21T04:00:00.000Z' },
    ]);
    expect(steps?.map((s) => [s.status, s.state, s.at])).toEqual([
      ['paid', 'done', '2026-11-20T09:31:00.000Z'],
      ['in_production', 'current', '2026-11-21T04:00:00.000Z'],
      ['shipped', 'todo', null],
      ['delivered', 'todo', null],
    ]);
    expect(timelineSteps('refunded', [])).toBeNull();
    expect(timelineSteps('created', [])).toBeNull();
  });
});
