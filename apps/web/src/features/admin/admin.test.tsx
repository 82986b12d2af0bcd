import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_PARTS, type AdminCatalogue, type AdminFinish, type PrintFileInfo } from '@framewala/domain';
import { adminOrder, adminOrderSummary, PRINT_READY, twoLineAdminOrder, twoLineAdminSummary } from '../../test/fixtures';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { mockApi, SAMPLE_USER, signInAs } from '../../test/mock-api';
import { clearToasts } from '../../components/toast-store';
import { STAFF_ONLY_MESSAGE } from './require-admin';

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  // Warm the lazy chunks so the first test does not pay for their transform.
  await Promise.all([import('./orders/orders-page'), import('./orders/order-page'), import('./catalogue/catalogue-page')]);
});

const ADMIN = { ...SAMPLE_USER, _id: 'admin-1', firstName: 'Meera', lastName: 'Shah', email: 'owner@framewala.in', role: 'admin' as const };
/** The admin's session (the shared helper is typed for the sample customer). */
const signInAdmin = () => signInAs(ADMIN as unknown as typeof SAMPLE_USER);
const main = () => within(document.querySelector('main')!);

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

const summary = adminOrderSummary;
/** The framed mock-up the order page loads (any bytes: jsdom's image stand-in records what is painted). */
const MOCKUP = { 'GET /api/admin/orders/FW-2611-AAAAAA/mockup': { body: {} } };
const order = adminOrder;

const drawImage = vi.fn();
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
  // jsdom decodes no images and has no 2D canvas: stand-ins that record what the page paints.
  drawImage.mockClear();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (blob: Blob) => ({ width: 1200, height: 900, size: blob.size, close() {} })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ drawImage })) as never);
});
afterEach(() => {
  clearToasts();
  vi.restoreAllMocks();
});

describe('/admin access', { timeout: 30_000 }, () => {
  it('sends a signed-out visitor to sign in, coming back to /admin', async () => {
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fadmin');
  });

  it('sends a customer home with a clear message, and never calls the admin API', async () => {
    signInAs();
    const { calls } = mockApi({ 'GET /api/user': { body: { user: SAMPLE_USER } } });
    const { router } = renderRoute('/admin/orders/FW-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
    // Customers see no Admin link in the header.
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('says so when the server refuses the account (403), e.g. a role removed since sign-in', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': { status: 403, body: { message: 'This page is for the shop staff only.', code: 'FORBIDDEN' } },
    });
    renderRoute('/admin');
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent('Your account is not a shop admin');
  });

  it('shows admins an Admin link in the header and the account menu', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': { body: { orders: [], total: 0, page: 1, pageSize: 20 } },
    });
    const { user } = renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('link', { name: 'Admin console' })).toHaveAttribute('href', '/admin');
  });
});

describe('/admin orders list', { timeout: 30_000 }, () => {
  it('lists orders with amount in ₹, status, time in status and age, and links each to its page', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': {
        body: {
          orders: [
            summary('FW-2611-AAAAAA'),
            summary('FW-2611-BBBBBB', { status: 'shipped', amountPaise: 123_456_00, statusChangedAt: iso(30_000) }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderRoute('/admin');
    const list = await main().findByRole('list', { name: 'Orders' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('href', '/admin/orders/FW-2611-AAAAAA');
    expect(rows[0]).toHaveTextContent('₹1,850.00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('in status for 3 h');
    expect(rows[0]).toHaveTextContent('placed 1 d 2 h ago');
    expect(rows[0]).toHaveTextContent('asha@example.com');
    expect(rows[1]).toHaveTextContent('₹1,23,456.00');
    expect(rows[1]).toHaveTextContent('status changed just now');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/media/uploads/FW-2611-AAAAAA/thumb.webp');
    expect(callsTo('GET', '/api/admin/orders')[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(main().getByText('1–2 of 2 orders')).toBeVisible();
  });

  it('shows every line of an order in its row: size width × height, frame and pieces per line', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': { body: { orders: [twoLineAdminSummary('FW-2611-TWO222')], total: 1, page: 1, pageSize: 20 } },
    });
    renderRoute('/admin');
    const list = await main().findByRole('list', { name: 'Orders' });
    const row = within(list).getByRole('link');
    expect([...within(row).getByTestId('admin-row-lines').children].map((l) => l.textContent)).toEqual([
      '12×8 · Matte Black (Classic) · ×2',
      '11×14 · Walnut (Classic) · ×1',
    ]);
    expect(row).not.toHaveTextContent('× 3');
  });

  it('filters by status, searches and pages through the API, keeping the state in the address', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': (call) => {
        const page = Number(new URL(call.path, 'http://x').searchParams.get('page') ?? '1');
        return { body: { orders: [summary(`FW-2611-PAGE0${page}`)], total: 45, page, pageSize: 20 } };
      },
    });
    const { user, router } = renderRoute('/admin');
    await main().findByText('FW-2611-PAGE01');
    await user.selectOptions(main().getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
    await user.type(main().getByLabelText('Search'), 'asha@');
    await user.click(main().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped&q=asha%40'));
    await user.click(await main().findByRole('button', { name: /Next/ }));
    await main().findByText('FW-2611-PAGE02');
    expect(main().getByText('Page 2 of 3')).toBeVisible();
    const paths = callsTo('GET', '/api/admin/orders').map((c) => c.path);
    expect(paths).toContain('/api/admin/orders?status=to_make&pageSize=20');
    expect(paths).toContain('/api/admin/orders?status=shipped&pageSize=20');
    expect(paths).toContain('/api/admin/orders?status=shipped&q=asha%40&pageSize=20');
    expect(paths).toContain('/api/admin/orders?status=shipped&q=asha%40&page=2&pageSize=20');
  });
});

describe('/admin orders list: the default filter', { timeout: 30_000 }, () => {
  it('opens on the orders to make (paid, in production); the owner can still choose every status', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders': (call) => {
        const status = new URL(call.path, 'http://x').searchParams.get('status');
        const orders =
          status === 'to_make'
            ? [summary('FW-2611-TOMAKE')]
            : [summary('FW-2611-TOMAKE'), summary('FW-2611-UNPAID', { status: 'created' })];
        return { body: { orders, total: orders.length, page: 1, pageSize: 20 } };
      },
    });
    const { user, router } = renderRoute('/admin');
    await main().findByText('FW-2611-TOMAKE');
    const filter = main().getByLabelText('Status');
    expect(filter).toHaveValue('to_make');
    expect(within(filter).getByRole('option', { selected: true })).toHaveTextContent('To make (paid, in production)');
    expect(main().queryByText('FW-2611-UNPAID')).toBeNull();
    expect(callsTo('GET', '/api/admin/orders').map((c) => c.path)).toEqual(['/api/admin/orders?status=to_make&pageSize=20']);
    expect(router.state.location.search).toBe('');

    await user.selectOptions(filter, 'all');
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await main().findByText('FW-2611-UNPAID');
    expect(callsTo('GET', '/api/admin/orders').at(-1)?.path).toBe('/api/admin/orders?pageSize=20');
    // Every status is still on offer, and the payment issues.
    const options = within(filter)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining(['All statuses', 'Awaiting payment', 'Paid', 'In production', 'Cancelled', 'Payment issues']),
    );

    await user.selectOptions(filter, 'to_make');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('/admin/orders/:id', { timeout: 30_000 }, () => {
  it('tells the owner to confirm delivery to a pincode the directory lacks', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': { body: { order: order({ pincodeInDirectory: false }) } },
      'GET /api/admin/orders/FW-2611-AAAAAA/mockup': { body: 'jpeg-bytes' },
    });
    renderRoute('/admin/orders/FW-2611-AAAAAA');
    expect(await main().findByTestId('admin-pincode-unconfirmed')).toHaveTextContent(
      'Pincode 560001 is not in the India Post directory: the customer was charged the rest-of-India rate and told we would confirm delivery.',
    );
  });

  it('shows customer, address, line, payment ids, history, the print file facts and the mock-up fetched with the token', async () => {
    const token = signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': { body: { order: order() } },
      'GET /api/admin/orders/FW-2611-AAAAAA/mockup': { body: 'jpeg-bytes' },
    });
    renderRoute('/admin/orders/FW-2611-AAAAAA');
    expect(await main().findByRole('heading', { level: 1, name: 'Order FW-2611-AAAAAA' })).toBeVisible();
    const mockup = await main().findByRole('img', { name: /^Mock-up: 12x8 in, Classic Walnut, Slim border/ });
    expect(mockup).toHaveAttribute('width', '1200');
    await waitFor(() => expect(drawImage).toHaveBeenCalledWith(expect.objectContaining({ width: 1200 }), 0, 0));
    expect(callsTo('GET', '/api/admin/orders/FW-2611-AAAAAA/mockup')[0]?.headers.authorization).toBe(`Bearer ${token}`);

    expect(main().getByTestId('admin-address')).toHaveTextContent('14, 2nd Cross, Residency Road');
    expect(main().getByTestId('admin-address')).toHaveTextContent('Bengaluru, Karnataka 560001');
    expect(main().queryByTestId('admin-pincode-unconfirmed')).toBeNull();
    const line = within(main().getByRole('region', { name: 'What to make' }));
    expect(line.getByText('12x8 in')).toBeVisible();
    expect(line.getByText('Classic · Walnut')).toBeVisible();
    expect(line.getByText('3,000 × 2,000 px from (100, 50)')).toBeVisible();
    expect(line.getAllByText('₹1,850.00').length).toBeGreaterThan(0);
    const payment = within(main().getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('pay_sandbox_1')).toBeVisible();
    expect(payment.getByText('order_sandbox_1')).toBeVisible();
    const history = within(main().getByRole('region', { name: 'Status history' }));
    expect(history.getAllByRole('listitem')[0]).toHaveTextContent('Paid → In production');
    expect(history.getByText('“Printing today”')).toBeVisible();
    const print = within(main().getByRole('region', { name: 'Print-ready file' }));
    expect(print.getByTestId('print-file-status')).toHaveTextContent('Ready');
    expect(print.getByText('3,600 × 2,400 px')).toBeVisible();
    expect(print.getByText('300 ppi')).toBeVisible();
    expect(print.getByText('12 × 8 in')).toBeVisible();
    expect(print.getByText('up-original')).toBeVisible();
    expect(main().getByRole('button', { name: 'Mark shipped…' })).toBeVisible();
  });

  it('downloads the print file with the token under the server’s file name', async () => {
    const token = signInAdmin();
    mockApi({
      ...MOCKUP,
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': { body: { order: order() } },
    });
    const fileCalls: Request[] = [];
    server.use(
      http.get('/api/admin/orders/FW-2611-AAAAAA/print-file', ({ request }) => {
        fileCalls.push(request);
        return new HttpResponse(new Uint8Array([0x49, 0x49, 0x2a, 0]), {
          headers: { 'content-type': 'image/tiff', 'content-disposition': 'attachment; filename="FW-2611-AAAAAA-print.tif"' },
        });
      }),
    );
    const clicked: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const { user } = renderRoute('/admin/orders/FW-2611-AAAAAA');
    await user.click(await main().findByRole('button', { name: 'Download print file' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ download: 'FW-2611-AAAAAA-print.tif', href: 'blob:test/1' });
    expect(fileCalls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    click.mockRestore();
  });

  it('shows the print file error (409 not ready) instead of failing silently, and rebuilds on demand', async () => {
    signInAdmin();
    // The server's state: failed until a rebuild is queued.
    let printFile: PrintFileInfo = { ...PRINT_READY, status: 'failed', error: 'The photo is gone.' };
    const { callsTo } = mockApi({
      ...MOCKUP,
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': () => ({ body: { order: order({ printFile }) } }),
      'POST /api/admin/orders/FW-2611-AAAAAA/print-file': () => {
        printFile = { ...PRINT_READY, status: 'queued', finishedAt: null, error: null };
        return { status: 202, body: { printFile } };
      },
    });
    const { user } = renderRoute('/admin/orders/FW-2611-AAAAAA');
    const print = within(await main().findByRole('region', { name: 'Print-ready file' }));
    expect(print.getByRole('alert')).toHaveTextContent('The photo is gone.');
    expect(print.getByRole('button', { name: 'Download print file' })).toBeDisabled();
    await user.click(print.getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(print.getByTestId('print-file-status')).toHaveTextContent('Waiting to be made'));
    expect(callsTo('POST', '/api/admin/orders/FW-2611-AAAAAA/print-file')).toHaveLength(1);
  });

  it('a paid order whose print file has not started yet is read again until the file appears, without a reload', async () => {
    signInAdmin();
    // The render waits behind other orders' renders: no print file on the first reads, then it is ready.
    let reads = 0;
    mockApi({
      ...MOCKUP,
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': () => {
        reads += 1;
        const printFile = reads >= 2 ? PRINT_READY : null;
        return { body: { order: order({ status: 'paid', printFile, lines: [{ ...order().lines[0]!, printFile }] }) } };
      },
    });
    renderRoute('/admin/orders/FW-2611-AAAAAA');
    const print = within(await main().findByRole('region', { name: 'Print-ready file' }));
    expect(print.queryByTestId('print-file-status')).toBeNull();
    await waitFor(() => expect(print.getByTestId('print-file-status')).toHaveTextContent('Ready'), { timeout: 6000 });
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('ships with a carrier and tracking number (both required), and shows a refused move’s reason', async () => {
    signInAdmin();
    let refuse = true;
    const { callsTo } = mockApi({
      ...MOCKUP,
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': { body: { order: order() } },
      'GET /api/admin/orders': { body: { orders: [], total: 0, page: 1, pageSize: 20 } },
      'POST /api/admin/orders/FW-2611-AAAAAA/status': () => {
        if (refuse) {
          refuse = false;
          return {
            status: 409,
            body: {
              message: 'An order that is paid cannot become shipped.',
              code: 'ORDER_TRANSITION_REFUSED',
              from: 'paid',
              to: 'shipped',
            },
          };
        }
        return {
          body: {
            order: order({
              status: 'shipped',
              nextStatuses: ['delivered'],
              carrier: 'India Post',
              trackingNumber: 'EE123456789IN',
            }),
          },
        };
      },
    });
    const { user } = renderRoute('/admin/orders/FW-2611-AAAAAA');
    await user.click(await main().findByRole('button', { name: 'Mark shipped…' }));
    const form = within(main().getByRole('form', { name: 'Ship this order' }));
    expect(form.getByLabelText(/Carrier/)).toHaveFocus();
    await user.click(form.getByRole('button', { name: 'Mark shipped' }));
    expect(await form.findByText('Enter the carrier.')).toBeVisible();
    expect(form.getByText('Enter the tracking number.')).toBeVisible();
    expect(callsTo('POST', '/api/admin/orders/FW-2611-AAAAAA/status')).toHaveLength(0);

    await user.type(form.getByLabelText(/Carrier/), 'India Post');
    await user.type(form.getByLabelText(/Tracking number/), ' EE123456789IN ');
    await user.click(form.getByRole('button', { name: 'Mark shipped' }));
    expect(await form.findByRole('alert')).toHaveTextContent('An order that is paid cannot become shipped.');

    await user.click(form.getByRole('button', { name: 'Mark shipped' }));
    expect(await main().findByTestId('admin-tracking')).toHaveTextContent('EE123456789IN');
    expect(main().getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    // Focus moves to the next move on offer, not to the page's top.
    await waitFor(() => expect(main().getByRole('button', { name: 'Mark delivered' })).toHaveFocus());
    expect(callsTo('POST', '/api/admin/orders/FW-2611-AAAAAA/status')[1]?.body).toEqual({
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
  });

  it('an order of two lines: what to make lists both, and each line has its own mock-up and print file (download and rebuild by line)', async () => {
    const token = signInAdmin();
    let second: PrintFileInfo = twoLineAdminOrder().lines[1]!.printFile!;
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-TWO222': () => {
        const order = twoLineAdminOrder();
        return { body: { order: { ...order, lines: [order.lines[0]!, { ...order.lines[1]!, printFile: second }] } } };
      },
      'GET /api/admin/orders/FW-2611-TWO222/mockup': { body: 'jpeg-bytes' },
      'POST /api/admin/orders/FW-2611-TWO222/print-file': () => {
        second = { ...second, status: 'queued', finishedAt: null };
        return { status: 202, body: { printFile: second } };
      },
    });
    const fileCalls: string[] = [];
    server.use(
      http.get('/api/admin/orders/FW-2611-TWO222/print-file', ({ request }) => {
        fileCalls.push(new URL(request.url).search);
        return new HttpResponse(new Uint8Array([0x49, 0x49, 0x2a, 0]), {
          headers: { 'content-type': 'image/tiff', 'content-disposition': 'attachment; filename="FW-2611-TWO222-line2-print.tif"' },
        });
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderRoute('/admin/orders/FW-2611-TWO222');

    const make = within(await main().findByRole('region', { name: 'What to make' }));
    const made = make.getAllByTestId('admin-make-line');
    expect(made).toHaveLength(2);
    expect(within(made[0]!).getByText('12x8 in')).toBeVisible();
    expect(made[0]).toHaveTextContent('Classic · Matte Black');
    expect(made[0]).toHaveTextContent('Slim (0.5 in)');
    expect(made[0]).toHaveTextContent('Quantity2');
    expect(within(made[1]!).getByText('11x14 in (custom)')).toBeVisible();
    expect(made[1]).toHaveTextContent('11 in × 14 in');
    expect(made[1]).toHaveTextContent('Classic · Walnut');
    expect(made[1]).toHaveTextContent('Quantity1');
    expect(make.getByText('Total (3)')).toBeVisible();

    const lines = main().getAllByTestId('admin-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('heading', { name: 'Frame 1 of 2: 12x8 in' })).toBeVisible();
    expect(within(lines[1]!).getByRole('heading', { name: 'Frame 2 of 2: 11x14 in' })).toBeVisible();
    // Two mock-ups, each its line's (`?line=2` for the second), fetched with the token.
    expect(await within(lines[0]!).findByRole('img', { name: /^Mock-up: 12x8 in, Classic Matte Black, Slim border/ })).toBeVisible();
    expect(await within(lines[1]!).findByRole('img', { name: /^Mock-up: 11x14 in, Classic Walnut, no border$/ })).toBeVisible();
    const mockups = callsTo('GET', '/api/admin/orders/FW-2611-TWO222/mockup');
    expect(mockups.map((c) => c.path).sort()).toEqual([
      '/api/admin/orders/FW-2611-TWO222/mockup',
      '/api/admin/orders/FW-2611-TWO222/mockup?line=2',
    ]);
    expect(mockups.every((c) => c.headers.authorization === `Bearer ${token}`)).toBe(true);
    // Two print files, each with its own facts and buttons.
    expect(within(lines[0]!).getByTestId('admin-line-print-status')).toHaveTextContent('Ready');
    expect(within(lines[1]!).getByTestId('admin-line-print-status')).toHaveTextContent('Ready');
    expect(within(lines[0]!).getByRole('button', { name: 'Download print file 1' })).toBeEnabled();

    await user.click(within(lines[1]!).getByRole('button', { name: 'Download print file 2' }));
    await waitFor(() => expect(clicked).toEqual(['FW-2611-TWO222-line2-print.tif']));
    expect(fileCalls).toEqual(['?line=2']);

    await user.click(within(lines[1]!).getByRole('button', { name: 'Rebuild print file 2' }));
    await waitFor(() => expect(within(lines[1]!).getByTestId('admin-line-print-status')).toHaveTextContent('Waiting to be made'));
    expect(within(lines[0]!).getByTestId('admin-line-print-status')).toHaveTextContent('Ready');
    expect(callsTo('POST', '/api/admin/orders/FW-2611-TWO222/print-file').map((c) => c.body)).toEqual([{ line: 2 }]);
  });

  it('says when the order does not exist', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-NOPE': { status: 404, body: { message: 'No order FW-NOPE.', code: 'NOT_FOUND' } },
    });
    renderRoute('/admin/orders/FW-NOPE');
    expect(await main().findByRole('alert')).toHaveTextContent('No order FW-NOPE.');
  });
});

const finish = (id: string, name: string, active = true): AdminFinish => ({
  id,
  setId: 'classic',
  name,
  description: '',
  category: 'Wood',
  nameHi: null,
  categoryHi: null,
  descriptionHi: null,
  material: 'wood',
  active,
  artSource: 'drawn',
  thumbnailUrl: `/media/frames/${id}/thumb.webp`,
  images: Object.fromEntries(FRAME_PARTS.map((part) => [part, `/media/frames/${id}/${part}.webp`])) as AdminFinish['images'],
});

const CATALOGUE: AdminCatalogue = {
  frameSets: [
    {
      id: 'classic',
      name: 'Classic',
      description: 'Timeless mouldings.',
      nameHi: null,
      descriptionHi: null,
      mouldingIn: 1,
      ratePaisePerSqIn: 450,
      active: true,
      finishes: [finish('walnut', 'Walnut'), finish('ebony', 'Ebony', false)],
    },
  ],
  borders: [
    { id: 'b0', level: 0, name: 'None', nameHi: null, sizeName: '0', sizeIn: 0, pricePaise: 1 },
    { id: 'b2', level: 2, name: 'Slim', nameHi: null, sizeName: '0.5', sizeIn: 0.5, pricePaise: 150_00 },
  ],
};

describe('/admin/catalogue', { timeout: 30_000 }, () => {
  it('edits a frame set: the rate is shown in ₹ per sq in and sent in paise', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/catalogue': { body: CATALOGUE },
      'PATCH /api/admin/frame-sets/classic': (call) => ({
        body: { frameSet: { ...CATALOGUE.frameSets[0], ...(call.body as object) } },
      }),
    });
    const { user } = renderRoute('/admin/catalogue');
    expect(await main().findByTestId('catalogue-notice')).toHaveTextContent('Changes apply to new orders only.');
    // The shipping charges have a page of their own.
    expect(main().queryByRole('form', { name: 'Shipping charges' })).toBeNull();
    const form = within(await main().findByRole('form', { name: 'Classic details' }));
    const rate = form.getByLabelText(/Rate/);
    expect(rate).toHaveValue('4.50');
    await user.clear(rate);
    await user.type(rate, 'abc');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Enter the rate in rupees, e.g. 4.50.')).toBeVisible();
    await user.clear(rate);
    await user.type(rate, '5.25');
    await user.clear(form.getByLabelText(/Name/));
    await user.type(form.getByLabelText(/Name/), 'Classic wood');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/frame-sets/classic')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/frame-sets/classic')[0]?.body).toEqual({
      name: 'Classic wood',
      description: 'Timeless mouldings.',
      ratePaisePerSqIn: 525,
    });
    expect(await main().findByRole('heading', { level: 2, name: 'Classic wood' })).toBeVisible();
  });

  it('retires and restores finishes, and edits border prices in rupees', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/catalogue': { body: CATALOGUE },
      'PATCH /api/admin/finishes/walnut': { body: { finish: finish('walnut', 'Walnut', false) } },
      'PATCH /api/admin/finishes/ebony': { body: { finish: finish('ebony', 'Ebony', true) } },
      'PATCH /api/admin/borders/b2': { status: 422, body: { message: 'The price is too high.', code: 'VALIDATION' } },
    });
    const { user } = renderRoute('/admin/catalogue');
    await user.click(await main().findByRole('button', { name: 'Retire Walnut' }));
    expect(await main().findByRole('button', { name: 'Restore Walnut' })).toBeVisible();
    await user.click(main().getByRole('button', { name: 'Restore Ebony' }));
    expect(await main().findByRole('button', { name: 'Retire Ebony' })).toBeVisible();
    expect(callsTo('PATCH', '/api/admin/finishes/walnut')[0]?.body).toEqual({ active: false });
    expect(callsTo('PATCH', '/api/admin/finishes/ebony')[0]?.body).toEqual({ active: true });

    const border = within(main().getByRole('form', { name: 'Slim border price' }));
    const price = border.getByLabelText(/Slim/);
    expect(price).toHaveValue('150.00');
    await user.clear(price);
    await user.type(price, '175.5');
    await user.click(border.getByRole('button', { name: 'Save' }));
    expect(await border.findByRole('alert')).toHaveTextContent('The price is too high.');
    expect(callsTo('PATCH', '/api/admin/borders/b2')[0]?.body).toEqual({ pricePaise: 17550 });
  });

  it('writes the Hindi beside the English for a frame set, a finish and a border, sending only what changed', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/catalogue': { body: CATALOGUE },
      'PATCH /api/admin/frame-sets/classic': (call) => ({ body: { frameSet: { ...CATALOGUE.frameSets[0], ...(call.body as object) } } }),
      'PATCH /api/admin/finishes/walnut': (call) => ({ body: { finish: { ...finish('walnut', 'Walnut'), ...(call.body as object) } } }),
      'PATCH /api/admin/borders/b2': (call) => ({ body: { border: { ...CATALOGUE.borders[1], ...(call.body as object) } } }),
    });
    const { user } = renderRoute('/admin/catalogue');

    const set = within(await main().findByRole('form', { name: 'Classic details' }));
    expect(set.getByLabelText('Hindi name')).toHaveAttribute('lang', 'hi');
    await user.type(set.getByLabelText('Hindi name'), 'क्लासिक');
    await user.type(set.getByLabelText('Hindi description'), 'हर दिन का फ़्रेम।');
    await user.click(set.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/frame-sets/classic')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/frame-sets/classic')[0]?.body).toEqual({
      name: 'Classic',
      description: 'Timeless mouldings.',
      ratePaisePerSqIn: 450,
      nameHi: 'क्लासिक',
      descriptionHi: 'हर दिन का फ़्रेम।',
    });

    await user.click(main().getByText('Finish names and descriptions, in English and Hindi'));
    const walnut = within(main().getByRole('form', { name: 'Walnut texts' }));
    await user.type(walnut.getByLabelText('Hindi name'), 'वॉलनट');
    await user.type(walnut.getByLabelText('Hindi category'), 'लकड़ी');
    await user.type(walnut.getByLabelText(/^Description/), 'Rich walnut.');
    await user.click(walnut.getByRole('button', { name: 'Save texts' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/finishes/walnut')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/finishes/walnut')[0]?.body).toEqual({
      description: 'Rich walnut.',
      nameHi: 'वॉलनट',
      categoryHi: 'लकड़ी',
    });

    const border = within(main().getByRole('form', { name: 'Slim border price' }));
    await user.type(border.getByLabelText('Hindi name'), 'पतला');
    await user.click(border.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/borders/b2')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/admin/borders/b2')[0]?.body).toEqual({ nameHi: 'पतला' });

    // A Hindi name longer than the API takes is refused in the form.
    await user.clear(set.getByLabelText('Hindi name'));
    await user.type(set.getByLabelText('Hindi name'), 'क'.repeat(61));
    await user.click(set.getByRole('button', { name: 'Save changes' }));
    expect(await set.findByText('Keep the Hindi name under 60 characters.')).toBeVisible();
    expect(callsTo('PATCH', '/api/admin/frame-sets/classic')).toHaveLength(1);
  });

  it('adds a finish drawn from a material preset and colour (multipart)', async () => {
    signInAdmin();
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/catalogue': { body: CATALOGUE },
      'POST /api/admin/frame-sets/classic/finishes': { status: 201, body: { finish: finish('teak', 'Teak') } },
    });
    const { user } = renderRoute('/admin/catalogue');
    await user.click(await main().findByRole('button', { name: 'Add a finish to Classic' }));
    const form = within(main().getByRole('form', { name: 'New finish for Classic' }));
    await user.click(form.getByRole('button', { name: 'Add finish' }));
    expect(await form.findByText('Enter a name.')).toBeVisible();
    await user.type(form.getByLabelText(/Name/), 'Teak');
    await user.selectOptions(form.getByLabelText(/Material/), 'lacquer');
    await user.type(form.getByLabelText(/Description/), 'Glossy red lacquer.');
    await user.click(form.getByRole('button', { name: 'Add finish' }));
    expect(await main().findByRole('button', { name: 'Retire Teak' })).toBeVisible();
    const call = callsTo('POST', '/api/admin/frame-sets/classic/finishes')[0];
    const body = call?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Teak',
      description: 'Glossy red lacquer.',
      material: 'lacquer',
      generate: 'lacquer',
      color: '#8b5a2b',
    });
  });

  it('asks for all eight images when uploading them', async () => {
    signInAdmin();
    const { calls } = mockApi({ 'GET /api/user': { body: { user: ADMIN } }, 'GET /api/admin/catalogue': { body: CATALOGUE } });
    const { user } = renderRoute('/admin/catalogue');
    await user.click(await main().findByRole('button', { name: 'Add a finish to Classic' }));
    const form = within(main().getByRole('form', { name: 'New finish for Classic' }));
    await user.click(form.getByRole('radio', { name: 'Upload the 8 images' }));
    await user.type(form.getByLabelText(/Name/), 'Teak');
    await user.type(form.getByLabelText(/Description/), 'Teak.');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'side.png', { type: 'image/png' });
    await user.upload(form.getByLabelText(/Top side/), png);
    await user.click(form.getByRole('button', { name: 'Add finish' }));
    expect(await form.findAllByText('Choose an image.')).toHaveLength(7);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('the console’s own layout', { timeout: 30_000 }, () => {
  const ORDERS = { 'GET /api/admin/orders': { body: { orders: [], total: 0, page: 1, pageSize: 20 } } };
  const SETTINGS = { metroPaise: 99_00, elsewherePaise: 149_00, freeFromPaise: 1999_00, oversizePaise: 200_00, oversizeAboveInches: 30 };
  const header = () => within(screen.getByRole('banner'));
  const sections = () => within(screen.getByRole('navigation', { name: 'Console' }));

  it('has a console header instead of the shop’s: the shop’s name, the sections, View shop and Sign out; no cart, sign-in, account links or shop footer', async () => {
    signInAdmin();
    mockApi({ 'GET /api/user': { body: { user: ADMIN } }, ...ORDERS });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    expect(header().getByRole('link', { name: /Framewala\s*Console/ })).toHaveAttribute('href', '/admin');
    const links = sections().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Orders', '/admin'],
      ['Catalogue', '/admin/catalogue'],
      ['Shipping', '/admin/shipping'],
      ['Coupons & tax', '/admin/offers'],
    ]);
    expect(sections().getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(sections().getByRole('link', { name: 'Catalogue' })).not.toHaveAttribute('aria-current');
    expect(header().getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
    expect(header().getByRole('button', { name: 'Sign out' })).toBeVisible();
    // Nothing of the shop's header or footer.
    expect(screen.queryByTestId('header-cart')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Help' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('marks the section of the page shown (an order is under Orders) and moves between sections', async () => {
    signInAdmin();
    mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/orders/FW-2611-AAAAAA': { body: { order: order() } },
      ...MOCKUP,
      'GET /api/admin/catalogue': { body: CATALOGUE },
      'GET /api/admin/shipping-settings': { body: { settings: SETTINGS } },
    });
    const { router, user } = renderRoute('/admin/orders/FW-2611-AAAAAA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order FW-2611-AAAAAA' })).toBeVisible();
    expect(sections().getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await user.click(sections().getByRole('link', { name: 'Catalogue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    expect(sections().getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
    expect(sections().getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    await user.click(sections().getByRole('link', { name: 'Shipping' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/shipping');
    expect(sections().getByRole('link', { name: 'Shipping' })).toHaveAttribute('aria-current', 'page');
    expect(await main().findByRole('form', { name: 'Shipping charges' })).toBeVisible();
  });

  it('View shop opens the shop in its own layout, with its cart', async () => {
    signInAdmin();
    mockApi({ 'GET /api/user': { body: { user: ADMIN } }, ...ORDERS });
    const { router, user } = renderRoute('/admin');
    await user.click(await header().findByRole('link', { name: 'View shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('header-cart')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Console' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('Sign out ends the session on the server and in this browser, and opens the shop', async () => {
    signInAdmin();
    const { callsTo } = mockApi({ 'GET /api/user': { body: { user: ADMIN } }, ...ORDERS, 'POST /api/logout': { status: 204 } });
    const { router, user } = renderRoute('/admin');
    await user.click(await header().findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You have signed out.')).toBeVisible();
    expect(localStorage.getItem('framewala.token')).toBeNull();
    await waitFor(() => expect(callsTo('POST', '/api/logout')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });
});

describe('/admin/shipping', { timeout: 30_000 }, () => {
  it('edits the shipping charges in rupees and sends paise', async () => {
    signInAdmin();
    const settings = { metroPaise: 99_00, elsewherePaise: 149_00, freeFromPaise: 1999_00, oversizePaise: 200_00, oversizeAboveInches: 30 };
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/shipping-settings': { body: { settings } },
      'PUT /api/admin/shipping-settings': (call) => ({ body: { settings: call.body } }),
    });
    const { user } = renderRoute('/admin/shipping');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    expect(main().getByTestId('shipping-notice')).toHaveTextContent('Changes apply to new orders only.');
    const form = within(await main().findByRole('form', { name: 'Shipping charges' }));
    const metro = await form.findByLabelText('Metro cities');
    expect(metro).toHaveValue('99.00');
    expect(form.getByLabelText('Free shipping from')).toHaveValue('1999.00');
    expect(form.getByLabelText('Oversize above')).toHaveValue('30');
    await user.clear(metro);
    await user.type(metro, 'ninety');
    await user.click(form.getByRole('button', { name: 'Save shipping charges' }));
    expect(await form.findByText('Enter rupees, e.g. 99 or 149.50.')).toBeVisible();
    expect(callsTo('PUT', '/api/admin/shipping-settings')).toHaveLength(0);
    await user.clear(metro);
    await user.type(metro, '79.50');
    await user.click(form.getByRole('button', { name: 'Save shipping charges' }));
    await waitFor(() => expect(callsTo('PUT', '/api/admin/shipping-settings')).toHaveLength(1));
    expect(callsTo('PUT', '/api/admin/shipping-settings')[0]?.body).toEqual({ ...settings, metroPaise: 79_50 });
    // The console shows its own toasts.
    expect(await screen.findByText('Shipping saved: ₹79.50 metro, ₹149.00 elsewhere.')).toBeVisible();
  });
});

describe('/admin/offers', { timeout: 30_000 }, () => {
  const TAX = {
    settings: {
      legalName: 'Framewala Frames Private Limited',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
      gstin: '29AAAAA0000A1ZY',
      hsn: '4414',
      rateBp: 1800,
      invoicePrefix: 'FW',
    },
    saved: false,
  };

  it('creates a coupon code: rupees are sent in paise, empty limits as unlimited, and the list shows it', async () => {
    signInAdmin();
    const created = {
      id: 'c1',
      code: 'RAKHI200',
      kind: 'flat',
      value: 20_000,
      minSubtotalPaise: 99_900,
      validFrom: '2026-08-01',
      validTo: '2026-08-10',
      totalUses: null,
      perCustomer: 1,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
      note: '',
      usedCount: 0,
      summary: '₹200.00 off',
      createdAt: '2026-07-20T10:00:00.000Z',
    };
    let listed: unknown[] = [];
    const { callsTo } = mockApi({
      'GET /api/user': { body: { user: ADMIN } },
      'GET /api/admin/coupons': () => ({ body: { coupons: listed } }),
      'POST /api/admin/coupons': () => {
        listed = [created];
        return { status: 201, body: { coupon: created } };
      },
      'GET /api/admin/tax-settings': { body: TAX },
    });
    const { user } = renderRoute('/admin/offers');
    expect(await main().findByText('No codes yet.')).toBeVisible();
    expect(await main().findByTestId('tax-defaults-notice')).toHaveTextContent('configuration’s defaults');
    await user.click(main().getByRole('button', { name: 'New code' }));
    const form = within(await main().findByRole('form', { name: 'New coupon code' }));
    await user.type(form.getByLabelText('Code'), 'rakhi200');
    await user.selectOptions(form.getByLabelText('Kind of discount'), 'flat');
    await user.clear(form.getByLabelText('Discount'));
    await user.type(form.getByLabelText('Discount'), '200');
    await user.type(form.getByLabelText(/Minimum frames subtotal/), '999');
    await user.type(form.getByLabelText(/First day/), '2026-08-01');
    await user.type(form.getByLabelText(/Last day/), '2026-08-10');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(callsTo('POST', '/api/admin/coupons')).toHaveLength(1));
    expect(callsTo('POST', '/api/admin/coupons')[0]?.body).toEqual({
      code: 'RAKHI200',
      kind: 'flat',
      value: 20_000,
      minSubtotalPaise: 99_900,
      validFrom: '2026-08-01',
      validTo: '2026-08-10',
      totalUses: null,
      perCustomer: 1,
      firstOrderOnly: false,
      active: true,
      discountsShipping: false,
      note: '',
    });
    const list = within(await main().findByRole('list', { name: 'Coupon codes' }));
    expect(list.getByText('RAKHI200')).toBeVisible();
    expect(list.getByText('₹200.00 off')).toBeVisible();
  });
});
