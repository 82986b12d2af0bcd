import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { startOrder } from './pages';
import { newClaim, uploadPhoto } from './shop-api';

type FrameSet = { _id: string; sizeInInches: number; frames: { _id: string }[] };

/**
 * A photo to frame (drawn here, so no photo is committed): blue with a green bottom-right quarter. 3000 px wide, so
 * the browser gets a smaller rendition than the original the crop is measured in.
 */
async function photoJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#2d5a8c"/><rect x="1500" y="1000" width="1500" height="1000" fill="#2f8f3f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A photo of a wall with an A4 sheet on it, taken square-on at 2 px per mm: the sheet is 420 × 594 px. */
const SHEET = { x: 590, y: 300, w: 420, h: 594 };
async function wallWithA4(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#d9cbb5"/>
    <rect x="${SHEET.x}" y="${SHEET.y}" width="${SHEET.w}" height="${SHEET.h}" fill="#fdfdfb"/><rect y="1100" width="1600" height="100" fill="#8a6040"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const width = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.width;

test('see it on a wall: true scale in every room, and on a photo of the customer’s wall', PHONE, async ({ page, request }) => {
  test.setTimeout(90_000);
  const claim = newClaim();
  const photo = await uploadPhoto(request, { claim }, { buffer: await photoJpeg(), name: 'photo.jpg' });
  const sets = (await (await request.get('/api/get-frame')).json()).getFrameSize as FrameSet[];
  const set = sets[0]!;
  const border = 1.2; // level 3
  const outerWidth = (w: number) => w + 2 * border + 2 * set.sizeInInches;

  await startOrder(page, photo, {
    claim,
    size: { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
    step: 5,
    frameSetId: set._id,
    frameId: set.frames[0]!._id,
    borderLevel: 3,
  });
  await page.goto('/see-it-on-a-wall');

  // In each drawn room, a small and a large print are drawn at the room's own scale (its sofa, bed, stairs or desk).
  for (const scene of ['living', 'bedroom', 'stairs', 'office']) {
    await page.locator(`button[data-scene=${scene}]`).click();
    await expect(page.getByTestId('room-stage')).toHaveAttribute('data-scene', scene);
    for (const size of [12, 40]) {
      await page.locator(`button[data-size^="${size}x"]`).click();
      await expect(page.getByTestId('wall-frame')).toHaveAttribute('data-outer-width-in', String(outerWidth(size)));
      const ref = page.locator('[data-testid=room-stage] [data-scale-ref]');
      const knownIn = Number(await ref.getAttribute('data-known-in'));
      const pxPerIn = (await width(page, '[data-testid=room-stage] [data-scale-ref]')) / knownIn;
      const drawn = (await width(page, '[data-testid=wall-frame]')) / pxPerIn;
      expect(Math.abs(drawn / outerWidth(size) - 1), `${scene} ${size} in: drawn ${drawn} in`).toBeLessThan(0.02);
    }
  }
  await expect(page.getByTestId('room-outer-size')).toContainText(`${outerWidth(40)} ×`);

  // On the customer's own wall: the A4 sheet's corners are marked; the frame (12 × 8) is placed at true size on it.
  await page.locator('button[data-size^="12x"]').click();
  await page.locator('[data-view=own]').click();
  await page.getByTestId('wall-photo-input').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await wallWithA4() });
  const stage = page.getByTestId('own-wall-stage');
  await expect(page.getByTestId('corner-3')).toBeVisible();
  const box = (await stage.boundingBox())!;
  const scale = box.width / 1600;
  const sheet = [
    [SHEET.x, SHEET.y],
    [SHEET.x + SHEET.w, SHEET.y],
    [SHEET.x + SHEET.w, SHEET.y + SHEET.h],
    [SHEET.x, SHEET.y + SHEET.h],
  ] as const;
  // The white sheet is found by itself: the handles start on its corners (to within 12 photo pixels, 6 mm).
  await expect(page.getByTestId('corner-hint')).toContainText('We found a sheet');
  for (let i = 0; i < 4; i++) {
    const handle = (await page.getByTestId(`corner-${i}`).boundingBox())!;
    const at = { x: (handle.x + handle.width / 2 - box.x) / scale, y: (handle.y + handle.height / 2 - box.y) / scale };
    expect(Math.hypot(at.x - sheet[i]![0], at.y - sheet[i]![1]), `corner ${i} at ${at.x}, ${at.y}`).toBeLessThan(12);
  }
  // Marked exactly (as a customer would fine-tune them).
  for (let i = 0; i < 4; i++) {
    const handle = (await page.getByTestId(`corner-${i}`).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + sheet[i]![0] * scale, box.y + sheet[i]![1] * scale, { steps: 3 });
    await page.mouse.up();
  }
  // 2 px per mm in the photo, shown at `scale`.
  const expected = outerWidth(12) * 25.4 * 2 * scale;
  await expect.poll(async () => Math.abs((await width(page, '[data-testid=own-wall-frame]')) / expected - 1)).toBeLessThan(0.02);

  // Saved as a picture (a download where the Web Share API cannot take files): the wall photo with the frame drawn
  // over the sheet, whose white centre is now the framed photo.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save or share the picture' }).click();
  const saved = await sharp(await (await download).path())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([saved.info.width, saved.info.height]).toEqual([1600, 1200]);
  const at = (x: number, y: number) => Array.from(saved.data.subarray((y * 1600 + x) * 3, (y * 1600 + x) * 3 + 3));
  const centre = at(SHEET.x + SHEET.w / 2, SHEET.y + SHEET.h / 2);
  expect(Math.min(...centre), `centre pixel ${centre.join(',')}`).toBeLessThan(200);
  // The photo fills its window: 35 % of the 12 × 8 in window (609.6 × 406.4 px here) right of and below the centre
  // is its green quarter.
  const [r, g, b] = at(Math.round(SHEET.x + SHEET.w / 2 + 0.35 * 609.6), Math.round(SHEET.y + SHEET.h / 2 + 0.35 * 406.4));
  expect(g! > r! + 40 && g! > b! + 40, `photo pixel ${[r, g, b].join(',')}`).toBe(true);
  const farCorner = at(40, 40);
  expect(Math.abs(farCorner[0]! - 0xd9)).toBeLessThan(12);
});
