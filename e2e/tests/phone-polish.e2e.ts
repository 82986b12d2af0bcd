import type { Page, Request } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { frameInEditor, shot, sideScroll, signInBrowser, startOrder } from './pages';
import { paidOrder, saveAddress, uploadPhoto } from './shop-api';

/** The narrowest common Android width. */
const NARROW = { width: 360, height: 780 };

/**
 * Opens each page at 360 px and fails naming every page that scrolls sideways, with the widest elements on it. A page
 * is measured once it has its heading, no request of the page is still open (its data, pictures and fonts have
 * arrived) and it has been painted since.
 */
async function expectNoPageScrollsSideways(page: Page, paths: readonly string[]) {
  const open = new Set<Request>();
  const track = (request: Request) => open.add(request);
  const untrack = (request: Request) => open.delete(request);
  page.on('request', track);
  page.on('requestfinished', untrack);
  page.on('requestfailed', untrack);
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect.poll(() => open.size, { message: `requests still open on ${path}`, intervals: [50, 100, 250] }).toBe(0);
    await page.evaluate(() =>
      document.fonts.ready.then(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))),
    );
    const overflow = await sideScroll(page);
    if (overflow > 0) {
      const culprits = await page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`),
      );
      wide.push(`${path} (+${overflow} px: ${culprits.join(', ')})`);
    }
  }
  page.off('request', track);
  page.off('requestfinished', untrack);
  page.off('requestfailed', untrack);
  expect(wide, 'pages that scroll sideways at 360 px').toEqual([]);
}

const INFO_PAGES = [
  '/terms',
  '/privacy',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellations-refunds',
  '/gdpr-compliance-policy',
  '/disclaimer-policy',
  '/shipping-policy',
  '/about-us',
  '/our-promises',
];

test(
  'no customer page scrolls sideways at 360 px, signed in with a paid order or signed out',
  PHONE,
  async ({ page, request, customer }, testInfo) => {
    test.setTimeout(240_000);
    // A signed-in customer with a paid order (made through the API) and a new order in progress (12x8, Classic
    // Walnut, a border: up to the summary in the editor).
    await saveAddress(request, customer);
    const photo = await uploadPhoto(request, customer);
    const { orderNumber } = await paidOrder(request, customer, photo);
    await signInBrowser(page, customer);
    await startOrder(page, photo);
    await frameInEditor(page, { border: 2 });
    const order = await page.evaluate(() => localStorage.getItem('framewala.order'));

    // The profile with its order, at the project's own width (a table at 1366 px, cards at 390 px).
    await page.goto('/user');
    await expect(page.getByRole('region', { name: 'Order history' })).toContainText(orderNumber);
    await shot(page, testInfo, 'profile-with-order');

    await page.setViewportSize(NARROW);
    // The profile's order history: a card per order on a phone, the status in full.
    await page.goto('/user');
    const history = page.getByRole('region', { name: 'Order history' });
    const card = history.getByRole('listitem').filter({ hasText: orderNumber });
    await expect(card).toContainText('Paid');
    await expect(history.getByRole('table')).toBeHidden();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(NARROW.width);
    await history.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'profile-orders-360', { fullPage: false });

    // Signed in, with the paid order and a new order in progress.
    await page.evaluate((o) => localStorage.setItem('framewala.order', o!), order);
    await expectNoPageScrollsSideways(page, [
      '/',
      '/edit-photo',
      '/checkout',
      '/checkout/pay',
      '/addtocart',
      '/user',
      `/orders/${orderNumber}`,
      `/success?order=${orderNumber}`,
      `/cancel?order=${orderNumber}`,
      ...INFO_PAGES,
      '/no-such-page',
    ]);

    // Signed out, no order in progress.
    await page.evaluate(() => localStorage.clear());
    await expectNoPageScrollsSideways(page, [
      '/',
      '/edit-frame',
      '/sign-in',
      '/signup',
      '/forgot-password',
      '/reset-password?token=abc',
      '/addtocart',
      '/success',
      '/cancel',
      '/crop',
      '/dummy-data',
      '/sizes',
      '/check',
    ]);
  },
);
