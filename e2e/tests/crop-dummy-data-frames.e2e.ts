import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { inr, shot, startOrder } from './pages';
import { plainImage } from './photos';
import { newClaim, uploadPhoto } from './shop-api';

/**
 * A photo stored 1200 × 800 (landscape) with EXIF orientation 6: a camera held upright, so it shows 800 × 1200.
 * The top of the stored image is red and the rest blue, so a wrong turn would also show on screen.
 */
async function rotatedJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#2f5d8a"/><rect width="1200" height="200" fill="#c0392b"/>
    <circle cx="600" cy="480" r="160" fill="#f4d03f"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer();
  const meta = await sharp(jpeg).metadata();
  expect([meta.width, meta.height, meta.orientation]).toEqual([1200, 800, 6]);
  return jpeg;
}

/** Sets the zoom slider the way a drag would (React listens for the input event). */
async function setZoom(page: Page, zoom: number) {
  await page.getByRole('slider', { name: 'Zoom' }).evaluate((el, value) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(value));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, zoom);
}

const rect = (page: Page) => Promise.all(['crop-x', 'crop-y', 'crop-width', 'crop-height'].map((id) => page.getByTestId(id).textContent()));

test('/crop reports the crop in the pixels of an EXIF-rotated photo, locked to the size and inside the photo', async ({
  page,
}, testInfo) => {
  await page.goto('/crop');
  await expect(page.getByRole('heading', { level: 1, name: 'Crop test' })).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/upload')) uploads.push(req.url());
  });

  await page.getByLabel('Choose a photo').setInputFiles({ name: 'upright.jpg', mimeType: 'image/jpeg', buffer: await rotatedJpeg() });
  await expect(page.getByTestId('photo-size')).toHaveText('800 × 1200 px after EXIF orientation');
  await expect(page.getByText('Stored as 1200 × 800 px, orientation 6.')).toBeVisible();

  // The first preset for a portrait photo is 4x6, the photo's own shape: the box covers all of it.
  await expect(page.getByLabel('Print size')).toHaveValue('3x2-6x4-p');
  await expect.poll(() => rect(page)).toEqual(['0 px', '0 px', '800 px', '1200 px']);

  // A square size: the largest square, centred, in the upright photo's pixels (not 200, 0 as stored).
  await page.getByLabel('Print size').selectOption({ label: '8x8 in' });
  await expect.poll(() => rect(page)).toEqual(['0 px', '200 px', '800 px', '800 px']);
  await expect(page.getByTestId('crop-ppi')).toHaveText('100 ppi');
  await expect(page.getByTestId('crop-quality')).toContainText('Low · 100 ppi');

  // Zoom 2: half the side, still centred; 400 px over 8 in is 50 ppi, flagged as soft.
  await setZoom(page, 2);
  await expect.poll(() => rect(page)).toEqual(['200 px', '400 px', '400 px', '400 px']);
  await expect(page.getByTestId('crop-ppi')).toHaveText('50 ppi');
  await expect(page.getByText('May look soft from close up.', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'crop');

  // Dragging the photo far right and down moves the box to the top-left corner, and no further.
  const area = await page.getByTestId('crop-area').boundingBox();
  expect(area).not.toBeNull();
  const cx = area!.x + area!.width / 2;
  const cy = area!.y + area!.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 400, cy + 400, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => rect(page)).toEqual(['0 px', '0 px', '400 px', '400 px']);

  // A custom size: 10 × 5 in is 2:1; a size over 40 in is refused.
  await page.getByLabel('Print size').selectOption({ label: 'Custom size…' });
  await page.getByLabel('Width (in)').fill('10');
  await page.getByLabel('Height (in)').fill('5');
  await expect.poll(() => rect(page)).toEqual(['0 px', '400 px', '800 px', '400 px']);
  await expect(page.getByTestId('crop-ppi')).toHaveText('80 ppi');
  await page.getByLabel('Width (in)').fill('41');
  await expect(page.getByText('Width can be at most 40 in')).toBeVisible();
  await expect(page.getByTestId('crop-area')).toHaveCount(0);

  expect(uploads, 'nothing is uploaded').toEqual([]);
});

test('/crop checks the photo like the upload modal: a PNG is refused', async ({ page }) => {
  await page.goto('/crop');
  const png = await plainImage(900, 900, '#888', 'png');
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'screenshot.jpg', mimeType: 'image/jpeg', buffer: png });
  await expect(page.getByRole('alert')).toHaveText('This file is a PNG image. Only JPG and TIF photos are accepted.');
  const small = await plainImage(600, 900, '#888');
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'small.jpg', mimeType: 'image/jpeg', buffer: small });
  await expect(page.getByRole('alert')).toHaveText('Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP');
  await expect(page.getByTestId('crop-area')).toHaveCount(0);
});

type FrameSet = { _id: string; frameName: string; sizeInInches: number; framePrice: number; frames: { _id: string; frameName: string }[] };
type Border = { _id: string; name: string; size: number; price: number };

test('/dummy-data shows the live catalogue and a sample order priced by the shop’s rules', async ({ page, request }, testInfo) => {
  const sets = ((await (await request.get('/api/get-frame')).json()) as { getFrameSize: FrameSet[] }).getFrameSize;
  const borders = ((await (await request.get('/api/get-motif-border-sizes')).json()) as { getMotifBorderSizes: Border[] })
    .getMotifBorderSizes;
  await page.goto('/dummy-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Dummy data' })).toBeVisible();

  const setTable = page.getByRole('table', { name: /Frame sets/ });
  await expect(setTable.getByRole('row')).toHaveCount(sets.length + 1);
  for (const set of sets) {
    const row = setTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: set.frameName, exact: true }) });
    await expect(row).toContainText(`${set.sizeInInches} in`);
    await expect(row).toContainText(`${inr(set.framePrice)} / sq in`);
    await expect(row).toContainText(set.frames.map((f) => f.frameName).join(', '));
  }
  const borderTable = page.getByRole('table', { name: /White border/ });
  await expect(borderTable.getByRole('row')).toHaveCount(borders.length + 1);

  // The sample: 12x8 in (96 sq in) in the first set's first finish, the 0.8 in border, two pieces.
  const set = sets.find((s) => s.frames.length > 0)!;
  const border = borders.find((b) => b.size === 0.8)!;
  const fsp = 96 * set.framePrice;
  const total = Math.round((fsp + border.price) * 2);
  const sample = page.getByTestId('sample-order');
  await expect(sample).toContainText(`${set.frameName} · ${set.frames[0]!.frameName}`);
  await expect(sample).toContainText(inr(fsp));
  await expect(sample).toContainText(inr(border.price));
  await expect(page.getByTestId('sample-total')).toHaveText(inr(total));

  // Sizes follow the chosen orientation, read from the API.
  const sizes = page.getByRole('region', { name: 'Preset sizes' });
  await expect(sizes.getByRole('rowheader', { name: '12x8 in' })).toBeVisible();
  await sizes.getByLabel('For a photo that is').selectOption('portrait');
  await expect(sizes.getByRole('rowheader', { name: '8x12 in' })).toBeVisible();
  await expect(sizes.getByRole('rowheader', { name: '12x8 in' })).toHaveCount(0);
  await shot(page, testInfo, 'dummy-data');

  // A production build has no developer section in the footer.
  await expect(page.getByRole('navigation', { name: 'Developer pages' })).toHaveCount(0);
});

test('/edit-frame without an order is a gallery of every frame set and finish, drawn from its eight pieces', async ({
  page,
  request,
}, testInfo) => {
  const sets = ((await (await request.get('/api/get-frame')).json()) as { getFrameSize: FrameSet[] }).getFrameSize;
  await page.goto('/edit-frame');
  await expect(page.getByRole('heading', { level: 1, name: 'Frame designs' })).toBeVisible();
  // Every finish decodes its eight pieces as the page opens: a busy machine may take a while.
  await expect(page.getByTestId('frame-set')).toHaveCount(sets.length, { timeout: 20_000 });
  await expect(page.getByTestId('finish')).toHaveCount(sets.reduce((n, s) => n + s.frames.length, 0));

  const first = sets[0]!;
  const section = page.getByRole('region', { name: first.frameName, exact: true });
  await expect(section.getByTestId('moulding-width')).toHaveText(`${first.sizeInInches} in moulding`);
  await expect(section.getByTestId('frame-rate')).toHaveText(`${inr(first.framePrice)} per sq in`);
  const finish = section.getByRole('article', { name: first.frames[0]!.frameName });
  await expect(finish.getByTestId('frame-sample')).toHaveAttribute('data-drawn', 'true');
  await finish.getByText('The eight pieces').click();
  const pieces = finish.getByTestId('frame-pieces').getByRole('img');
  await expect(pieces).toHaveCount(8);
  for (const img of await pieces.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
  }
  await expect(pieces.nth(0)).toHaveAttribute('alt', 'Top left corner');
  await shot(page, testInfo, 'edit-frame');
});

test('/edit-frame with an order in progress opens the editor at its frame step', async ({ page, request }) => {
  const claim = newClaim();
  const photo = await uploadPhoto(request, { claim }, { buffer: await plainImage(1200, 800, '#b86'), name: 'terrace.jpg' });
  // Sized and cut (the whole 3:2 photo at 12 × 8 in), left on the summary: the frame step can be shown.
  const size = { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 };
  await startOrder(page, photo, { claim, step: 5, size, crop: { x: 0, y: 0, width: 1200, height: 800 } });
  await page.goto('/edit-frame');
  await expect(page).toHaveURL(/\/edit-photo\?step=frame$/);
  await expect(page.locator('#editor-step-heading')).toHaveText('Pick your frame design');
  // The order itself is at the frame step now, so a reload stays there.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('framewala.order') ?? '{}').step)).toBe(3);
});
