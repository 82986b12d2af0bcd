import fs from 'node:fs';
import { expect, PHONE, test } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ?? 'screenshots';

test('the landing page shows the headline, opens the upload dialog and links to every page', PHONE, async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Preserving Your Best Moments, One Frame at a Time' })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Start framing' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'JPG/TIF, min 700 * 700 px, max 50,000 px or 1,000 MP, max 2GB. We Save uploaded photos in your customer account for 90 days.',
  );
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/upload-dialog-${testInfo.project.name}.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/home-${testInfo.project.name}.png`, fullPage: true });
});

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
  await page.getByRole('button', { name: 'Start framing' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeHidden();
  expect(appAsked).toBe(true);
  release();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('upload-drop-zone')).toBeVisible();
});

for (const [route, heading] of [
  ['/terms-and-conditions', /terms/i],
  ['/shipping-policy', /shipping/i],
  ['/cancellations-refunds', /cancell|refund/i],
  ['/about-us', /about/i],
  ['/sign-in', /sign in|welcome/i],
  ['/sizes', /size/i],
  ['/no-such-page', /not found|couldn.t find|404/i],
] as const) {
  test(`${route} has a heading and a way home`, PHONE, async ({ page }, testInfo) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: /framewala|home/i }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${route.slice(1)}-${testInfo.project.name}.png`, fullPage: true });
  });
}

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
