import { expectAccessible, shot, sideScroll } from './pages';
import { expect, PHONE, test } from './fixtures';

test(
  'the landing page shows the headline, has no serious accessibility violations, opens the upload dialog and links to every page',
  PHONE,
  async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Preserving Your Best Moments, One Frame at a Time' })).toBeVisible();
    await expectAccessible(page, '/');
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();

    // हिन्दी is in the header's row at every width (a phone's too), not only in the Menu; it switches the page at once.
    const header = page.locator('header');
    const toHindi = header.getByRole('button', { name: 'हिन्दी में देखें' });
    await expect(toHindi).toBeVisible();
    await expect(toHindi).toHaveText('हिन्दी');
    const switchBox = (await toHindi.boundingBox())!;
    expect(switchBox.x + switchBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await toHindi.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपके सबसे अनमोल पल, फ़्रेम दर फ़्रेम सहेजे हुए');
    const toEnglish = header.getByRole('button', { name: 'View in English' });
    await expect(toEnglish).toBeVisible();
    expect(await sideScroll(page)).toBe(0);
    await shot(page, testInfo, 'home-hi');
    await toEnglish.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preserving Your Best Moments, One Frame at a Time' })).toBeVisible();

    // What frames cost, from the seeded catalogue (12 × 8 = 96 sq in × ₹4.50, the cheapest set) and the shipping
    // settings, and three framed examples drawn by the shop's renderer with the catalogue's moulding images.
    const prices = page.getByRole('region', { name: 'What a frame costs' });
    await expect(prices.getByTestId('price-from')).toHaveText('Framed 12 × 8 in from ₹432');
    await expect(prices.getByTestId('free-delivery')).toHaveText('Free delivery on orders of ₹1,999 or more');
    const examples = prices.getByTestId('framed-example');
    await expect(examples).toHaveCount(3);
    for (const example of await examples.all()) {
      await expect(example.locator('[style*="/media/frames/"]')).toHaveCount(8);
      await expect(example.locator('img')).toHaveJSProperty('complete', true);
      expect(await example.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await sideScroll(page)).toBe(0);
    await page.getByRole('button', { name: 'Start framing' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.',
    );
    await shot(page, testInfo, 'upload-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await shot(page, testInfo, 'home');
  },
);

test('a tap on "Start framing" before the app has started opens the dialog once it has', async ({ page }) => {
  // The painted landing page is there, its small entry script has run, and the app's script is held back, as on a
  // slow phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let appAsked = false;
  await page.route('**/assets/start-*.js', async (route) => {
    appAsked = true;
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const start = page.getByRole('button', { name: 'Start framing' }).first();
  await start.click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeHidden();
  // The tap shows at once that it was taken: the button stays pressed, turning, while the app arrives.
  await expect(start).toHaveAttribute('data-held-tap', '');
  expect(await start.evaluate((button) => getComputedStyle(button, '::after').animationName)).toBe('press-feedback-spin');
  expect(appAsked).toBe(true);
  release();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('upload-drop-zone')).toBeVisible();
});

/**
 * The public pages: each has its heading and a way home, and axe-core finds no violation of impact serious or critical
 * on it. The policy pages share one template: for axe, the longest ones stand for the rest.
 */
const PUBLIC_PAGES: { route: string; heading?: RegExp; wayHome: boolean; axe: boolean }[] = [
  { route: '/terms-and-conditions', heading: /terms/i, wayHome: true, axe: true },
  { route: '/shipping-policy', heading: /shipping/i, wayHome: true, axe: true },
  { route: '/cancellations-refunds', heading: /cancell|refund/i, wayHome: true, axe: false },
  { route: '/about-us', heading: /about/i, wayHome: true, axe: true },
  { route: '/our-promises', wayHome: false, axe: true },
  { route: '/sign-in', heading: /sign in|welcome/i, wayHome: true, axe: true },
  { route: '/signup', wayHome: false, axe: true },
  { route: '/forgot-password', wayHome: false, axe: true },
  { route: '/sizes', heading: /size/i, wayHome: true, axe: false },
  { route: '/no-such-page', heading: /not found|couldn.t find|404/i, wayHome: true, axe: true },
];

test('every public page has a heading, a way home and no serious accessibility violations', PHONE, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  for (const { route, heading, wayHome, axe } of PUBLIC_PAGES) {
    await test.step(route, async () => {
      await page.goto(route);
      const h1 = page.getByRole('heading', { level: 1 });
      if (heading) await expect(h1).toHaveText(heading);
      else await expect(h1).toBeVisible();
      if (wayHome) await expect(page.getByRole('link', { name: /framewala|home/i }).first()).toBeVisible();
      if (axe) await expectAccessible(page, route);
      if (wayHome) await shot(page, testInfo, route.slice(1));
    });
  }
});

test('/edit-photo without a photo goes back home', async ({ page }) => {
  await page.goto('/edit-photo');
  await expect(page).toHaveURL(/\/$/);
});

test('the frame catalogue images all load in the browser', async ({ page, request }) => {
  const res = await request.get('/api/get-frame');
  expect(res.ok()).toBe(true);
  const { getFrameSize } = (await res.json()) as { getFrameSize: Array<{ thumbnailUrl: string; frames: Array<Record<string, string>> }> };
  expect(getFrameSize).toHaveLength(5);
  const urls = getFrameSize.flatMap((s) => [s.thumbnailUrl, ...s.frames.map((f) => f.topLeft as string)]);
  await page.goto('/');
  const loaded = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (src) =>
            new Promise<boolean>((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img.naturalWidth > 0);
              img.onerror = () => resolve(false);
              img.src = src;
            }),
        ),
      ),
    urls,
  );
  expect(loaded.every(Boolean)).toBe(true);
});
