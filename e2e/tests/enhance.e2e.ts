import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, PHONE, test } from './fixtures';
import { shot, startOrder } from './pages';
import { newClaim, uploadPhoto } from './shop-api';

/** A small 1200 × 800 photo with some texture (drawn here), as a messaging app's copy would be. */
async function smallPhoto(): Promise<Buffer> {
  const stripes = Array.from(
    { length: 40 },
    (_, i) => `<rect x="${i * 30}" y="520" width="14" height="280" fill="#6b4f2a" opacity="0.5"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="100%" height="100%" fill="#8a9bb0"/>
    <circle cx="820" cy="300" r="120" fill="#e8c37a"/>
    <path d="M0 520 Q 300 420 600 540 T 1200 500 V 800 H 0 Z" fill="#4d6b3c"/>${stripes}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

async function setRange(page: Page, name: string, value: number) {
  await page.getByRole('slider', { name }).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

test(
  'print-quality meter follows the crop; enhance with a before/after split; Sharpen with AI shows progress, then the sharper photo',
  PHONE,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const claim = newClaim();
    const upload = await uploadPhoto(request, { claim }, { buffer: await smallPhoto(), name: 'IMG-20251104-WA0012.jpg' });
    await startOrder(page, { ...upload, shrunkCopy: true }, { claim });
    await page.goto('/edit-photo');
    await page.getByRole('button', { name: /^Image Sizes/ }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('button', { name: /^12x8 in/ })).toContainText('Good · 100 ppi');
    await table.getByRole('button', { name: /^18x12 in/ }).click();

    // The meter: 1200 px over 18 in is 66 ppi, under that size's 100.
    const meter = page.getByTestId('crop-quality');
    await expect(meter).toContainText('Low · 66 ppi');
    await expect(meter).toContainText('needs 100 ppi');
    await expect(page.getByTestId('shrunk-notice')).toContainText('This looks like a copy sent over WhatsApp.');

    // Auto-enhance at the default strength, then the split slider moves the line between before and after.
    await expect(page.getByRole('slider', { name: 'Strength' })).toHaveValue('70');
    await page.getByRole('button', { name: 'Enhance', exact: true }).click();
    const done = page.getByTestId('enhance-done');
    await expect(done).toContainText('Enhanced.', { timeout: 30_000 });
    await setRange(page, 'Compare before and after', 20);
    await expect(page.getByTestId('before-image')).toHaveAttribute('style', /inset\(0px 80% 0px 0px\)|inset\(0 80% 0 0\)/);
    await shot(page, testInfo, 'enhance-enhanced');

    // Zooming in cuts the crop: the meter drops with it.
    await setRange(page, 'Zoom', 4);
    await expect(meter).toContainText('Low · 16 ppi');

    // Sharpen with AI: the offer says how long the model takes for this crop (300 × 200 px: about a minute); the crop
    // is cut, then upscaled ×4 in a job whose progress shows, then the sharper crop.
    await expect(page.getByText(/It takes about 1 minute, longer when the shop is busy\./)).toBeVisible();
    await page.getByRole('button', { name: 'Sharpen with AI' }).click();
    await expect(page.getByRole('progressbar', { name: 'Sharpening with AI' })).toBeVisible();
    await expect(done).toContainText('Sharpened with AI: now 1200 × 800 px.', { timeout: 90_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // 66 ppi now, but 16 of it the photo's own: the verdict says what happened, and stays Low.
    await expect(meter).toContainText('Low · AI-sharpened');
    await expect(meter).toContainText('needs 100 ppi');
    // At 12 × 8 in the drawn pixels reach 100 ppi: Good, never Excellent.
    await expect(table.getByRole('button', { name: /^12x8 in/ })).toContainText('Good · AI-sharpened');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('framewala.order') ?? 'null') as { sourcePhoto: { width: number } },
    );
    expect(stored.sourcePhoto.width).toBe(1200);
    await shot(page, testInfo, 'enhance-sharpened');
  },
);
