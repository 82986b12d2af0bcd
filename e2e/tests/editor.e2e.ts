import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { shot, startOrder, stepHeading } from './pages';
import { newClaim, uploadPhoto, type Upload } from './shop-api';

const storedOrder = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('framewala.order') ?? 'null') as Record<string, unknown>);

/** The preview's drawn box has the proportions of the framed piece's outer size. */
async function expectTrueToScale(page: Page, outerWIn: number, outerHIn: number) {
  const box = await page.getByTestId('framed-preview').boundingBox();
  expect(box).not.toBeNull();
  const ratio = box!.width / box!.height;
  expect(Math.abs(ratio / (outerWIn / outerHIn) - 1)).toBeLessThan(0.012);
}

test('the editor: size, full-resolution crop, frame, white border, summary, reload', PHONE, async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const desktop = testInfo.project.name === 'desktop';
  const claim = newClaim();
  const original = await uploadPhoto(request, { claim });

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });

  await startOrder(page, original, { claim });
  await page.goto('/edit-photo');

  // ── Options ──
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your photo' })).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Looking great! Want to make any changes to your perfect picture?');
  await expect(page.getByText("Now's the time to crop or enhance your photo if you'd like.")).toBeVisible();
  for (const option of ['Image Sizes', 'Custom Size', 'Frame Profile', 'Motif border']) {
    await expect(page.getByRole('button', { name: new RegExp(`^${option}`) })).toBeVisible();
  }
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('data-state', /^none\|/);
  await shot(page, testInfo, 'editor-options');

  // ── Size: the table, the quality of each size, then a 4:3 size that needs a crop ──
  await page.getByRole('button', { name: /^Image Sizes/ }).click();
  await expect(stepHeading(page)).toHaveText('Choose your print size');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Format', 'Size', 'Starting Price']);
  const scroller = page.getByTestId('size-table-scroll');
  if (desktop) {
    expect((await scroller.boundingBox())!.height).toBeLessThanOrEqual(400.5);
  } else {
    // On a phone the page scrolls, never a box inside it: the table is as tall as its rows.
    const box = await scroller.evaluate((el) => ({
      overflowY: getComputedStyle(el).overflowY,
      scroll: el.scrollHeight,
      client: el.clientHeight,
    }));
    expect(box.overflowY).toBe('visible');
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    expect((await scroller.boundingBox())!.height).toBeGreaterThan(1000);
    // …and as wide as its box: nothing hangs out of it at 390 px.
    expect((await table.boundingBox())!.width).toBeLessThanOrEqual((await scroller.boundingBox())!.width + 0.5);
  }
  // The sizes that suit the 3:2 photo come first: its own shape, then the shapes that keep most of it.
  await expect(table.getByRole('rowheader')).toHaveText(['3:2', 'DIN/ISO', '4:3', '16:9', 'Classic', 'Square']);
  await expect(page.getByTestId('quality-note')).toHaveText(
    'Bigger prints are seen from further away, so they need fewer ppi: the same ppi can be Low on a small print and Good on a large one.',
  );
  await expect(table.getByRole('button', { name: /^12x8 in/ })).toContainText('Excellent · 250 ppi');
  await expect(table.getByRole('button', { name: /^60x33.75 in/ })).toContainText('Low · 50 ppi');
  await expect(page.getByRole('button', { name: /Next: Select Frame/ })).toBeDisabled();

  const size = table.getByRole('button', { name: /^16x12 in/ });
  await size.click();
  await expect(size).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('tr[data-selected]')).toContainText('₹864.00');

  // The crop tool sits on the left, locked to 4:3; the ppi follows the box.
  const cropArea = page.locator('.reactEasyCrop_CropArea');
  await expect(cropArea).toBeVisible();
  const area = (await cropArea.boundingBox())!;
  expect(Math.abs(area.width / area.height - 4 / 3)).toBeLessThan(0.02);
  expect(Math.min(area.width, area.height)).toBeGreaterThanOrEqual(50);
  const quality = page.getByTestId('crop-quality');
  await expect(quality).toContainText('Excellent · 166 ppi');
  const zoom = page.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(quality).not.toContainText('166 ppi');
  const zoomedPpi = Number((await quality.textContent())!.match(/(\d+) ppi/)![1]);
  expect(zoomedPpi).toBeLessThan(166);
  expect(zoomedPpi).toBeGreaterThan(96);
  await shot(page, testInfo, 'editor-size');

  // 'Crop Image': the server cuts the box from the 3000 × 2000 original.
  await page.getByRole('button', { name: 'Crop Image' }).click();
  await expect(page.getByText('Cropped from your full-resolution photo')).toBeVisible({ timeout: 30_000 });
  const afterCrop = await storedOrder(page);
  const cropped = afterCrop.photo as Upload;
  const source = afterCrop.sourcePhoto as Upload;
  expect(source._id).toBe(original._id);
  expect(cropped.parentId).toBe(original._id);
  expect(cropped.crop).toEqual(afterCrop.appliedCrop);
  expect(Math.abs(cropped.width / cropped.height - 4 / 3)).toBeLessThan(0.01);
  expect(Math.min(Math.floor(cropped.width / 16), Math.floor(cropped.height / 12))).toBe(zoomedPpi);
  expect(cropped.width).toBeLessThan(original.width);

  // ── Frame design ──
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await expect(stepHeading(page)).toHaveText('Pick your frame design');
  const sets = page.getByRole('list', { name: 'Frame sets' });
  await expect(sets.getByRole('button')).toHaveCount(5);
  // 16 × 12 = 192 sq in × ₹5.50 = ₹1,056.
  const classic = sets.getByRole('button', { name: /^Classic, 1 in moulding/ });
  await expect(classic).toContainText('₹1,056.00');
  await expect(page.getByRole('button', { name: /Next: Select Motif Size/ })).toBeDisabled();
  await classic.click();
  const finishes = page.getByTestId('finish-tiles');
  await expect(finishes.getByRole('button')).toHaveCount(5);
  await finishes.getByRole('button', { name: 'Walnut' }).click();
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('data-frame', 'classic--walnut');
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('data-state', 'classic--walnut|0|16x12');
  await expect(page.getByTestId('outer-size')).toHaveText('18 × 14 in (45.7 × 35.6 cm)');
  await expectTrueToScale(page, 18, 14);
  const strip = page.getByTestId('price-strip');
  await expect(strip.getByTestId('fsp')).toHaveText('₹1,056.00');
  await expect(strip.getByTestId('wbp')).toHaveCount(0);
  await expect(strip.getByTestId('total')).toHaveText('₹1,056.00');
  await shot(page, testInfo, 'editor-frame');

  // Back with a set open closes the set; Back again goes to the size table (no custom size); Next returns.
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(sets).toBeVisible();
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(stepHeading(page)).toHaveText('Choose your print size');
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await expect(stepHeading(page)).toHaveText('Pick your frame design');
  expect(((await storedOrder(page)).photo as Upload)._id).toBe(cropped._id); // nothing re-cropped
  await page.getByRole('button', { name: /Next: Select Motif Size/ }).click();

  // ── White border ──
  await expect(stepHeading(page)).toHaveText('Choose a white border to frame if required');
  const borders = page.getByRole('list', { name: 'White borders' }).getByRole('button');
  await expect(borders).toHaveCount(7);
  // No border says what it means (not the seed's 'No border · Border · ₹0.00').
  await expect(borders.first()).toHaveText(/^No border\s*Photo to the frame’s edge\s*₹0\.00$/);
  const mediumBorder = borders.nth(3);
  await mediumBorder.click();
  await expect(mediumBorder).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('data-state', 'classic--walnut|3|16x12');
  // 16 + 2 × 1.2 + 2 × 1 = 20.4; 12 + 4.4 = 16.4.
  await expect(page.getByTestId('outer-size')).toHaveText('20.4 × 16.4 in (51.8 × 41.7 cm)');
  await expectTrueToScale(page, 20.4, 16.4);
  await expect(strip.getByTestId('wbp')).toHaveText('₹199.00');
  await expect(strip.getByTestId('total')).toHaveText('₹1,255.00');
  // The tooltips: on focus (keyboard) on every device, on hover with a mouse.
  const totalTip = strip.getByRole('tooltip');
  await strip.getByTestId('total').focus();
  await expect(totalTip).toBeVisible();
  await expect(totalTip).toHaveText('Total = FSP + WBP');
  const galleryTip = page.locator(`#${await borders.nth(5).getAttribute('aria-describedby')}`.replace(/:/g, '\\:'));
  await borders.nth(5).focus();
  await expect(galleryTip).toBeVisible();
  await expect(galleryTip).toHaveText('Extra wide · 3.1 in (8 cm) · ₹449.00');
  if (desktop) {
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(galleryTip).toBeHidden();
    await borders.nth(5).hover();
    await expect(galleryTip).toBeVisible();
  }
  await mediumBorder.click();
  await shot(page, testInfo, 'editor-border');

  // ── Summary ──
  await page.getByRole('button', { name: /Next: Finish/ }).click();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  const details = page.getByTestId('frame-details');
  await expect(details).toContainText('Walnut · Classic');
  await expect(details).toContainText('16x12 in');
  await expect(details).toContainText('Medium · 1.2 in (3 cm)');
  await expect(details).toContainText('1 in moulding');
  await expect(details).toContainText('Wood');
  await expect(page.getByTestId('total-price')).toHaveText('₹1,255.00');
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await expect(minus).toBeDisabled();
  await plus.click();
  await expect(page.getByTestId('quantity')).toHaveText('2');
  await expect(page.getByTestId('total-price')).toHaveText('₹2,510.00');
  await expect(strip.getByTestId('total')).toHaveText('₹2,510.00');
  await expect(strip.getByRole('term').last()).toHaveText('Total for 2');
  await shot(page, testInfo, 'editor-summary');

  // ── Reload: everything kept; the browser asked before leaving ──
  await page.reload();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  expect(dialogs).toContain('beforeunload');
  await expect(page.getByTestId('quantity')).toHaveText('2');
  await expect(page.getByTestId('total-price')).toHaveText('₹2,510.00');
  await expect(page.getByTestId('framed-preview')).toHaveAttribute('data-state', 'classic--walnut|3|16x12');
  await minus.click();
  await expect(page.getByTestId('quantity')).toHaveText('1');
  await expect(minus).toBeDisabled();

  // ── The browser's (the phone's) Back goes through the steps, Forward comes back; the address names each step ──
  await expect(page).toHaveURL(/\/edit-photo\?step=summary$/);
  for (const [name, heading] of [
    ['border', 'Choose a white border to frame if required'],
    ['frame', 'Pick your frame design'],
    ['size', 'Choose your print size'],
    ['options', 'Looking great! Want to make any changes to your perfect picture?'],
  ] as const) {
    await page.goBack();
    await expect(stepHeading(page)).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`/edit-photo\\?step=${name}$`));
  }
  for (let i = 0; i < 4; i++) await page.goForward();
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  await expect(page.getByTestId('total-price')).toHaveText('₹1,255.00');

  // ── The landing page offers the frame in progress; "Continue your frame" opens it at the step it was left on ──
  await page.goto('/');
  const continueFrame = page.getByRole('link', { name: 'Continue your frame' });
  await expect(continueFrame).toBeVisible();
  await expect(page.getByTestId('continue-frame').locator('img')).toHaveJSProperty('complete', true);
  await shot(page, testInfo, 'home-continue-frame');
  await continueFrame.click();
  await expect(page).toHaveURL(/\/edit-photo\?step=summary$/);
  await expect(stepHeading(page)).toHaveText('Your Frame Details');
  await expect(page.getByTestId('total-price')).toHaveText('₹1,255.00');

  // Phone: everything reachable without sideways scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // ── Proceed to Checkout: buyer details, which ask a signed-out customer to sign in first ──
  await page.getByRole('button', { name: /Proceed to Checkout/ }).click();
  await expect(page).toHaveURL(/\/(checkout|sign-in\?next=%2Fcheckout)$/);
});

test('a custom size above 40 in is refused and a valid one crops to its shape', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const claim = newClaim();
  const original = await uploadPhoto(request, { claim });
  page.on('dialog', (dialog) => void dialog.accept());
  await startOrder(page, original, {
    claim,
    step: 1,
    size: { _id: '3x2-12x8', format: '3:2', sizeName: '12x8', width: 12, height: 8, price: 432 },
  });
  await page.goto('/edit-photo');
  await page.getByRole('button', { name: 'Select Custom Size' }).click();
  await expect(stepHeading(page)).toHaveText('Choose your custom size');
  const width = page.getByLabel('Width');
  const height = page.getByLabel('Height');
  await width.fill('41');
  await height.fill('10');
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Width can be at most 40 in')).toBeVisible();
  await expect(page.getByRole('button', { name: /Next: Select Frame/ })).toBeDisabled();
  expect((await storedOrder(page)).size).toBeNull(); // typing cleared the preset
  await width.fill('10');
  await expect(width).not.toHaveAttribute('aria-invalid');
  // 10 × 10: the crop is square.
  const cropArea = page.locator('.reactEasyCrop_CropArea');
  await expect(cropArea).toBeVisible();
  const area = (await cropArea.boundingBox())!;
  expect(Math.abs(area.width / area.height - 1)).toBeLessThan(0.02);
  await expect(page.getByTestId('crop-quality')).toContainText('200 ppi');
  await shot(page, testInfo, 'editor-custom');
  await page.getByRole('button', { name: /Next: Select Frame/ }).click();
  await expect(stepHeading(page)).toHaveText('Pick your frame design', { timeout: 30_000 });
  const order = await storedOrder(page);
  expect(order.photo).toMatchObject({ parentId: original._id, width: 2000, height: 2000 });
  // Back from the frame design goes to the custom size (a custom size is set).
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(stepHeading(page)).toHaveText('Choose your custom size');
});
