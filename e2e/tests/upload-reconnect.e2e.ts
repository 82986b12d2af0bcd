import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { shot } from './pages';

/** The web's tus chunk (lib/uploads/tus-upload.ts): the photo is larger, so the first chunk arrives before the drop. */
const CHUNK_BYTES = 5 * 1024 * 1024;

/** A 3000 × 2000 JPEG of fine grain at full quality: about 12 MB, more than two chunks. */
async function heavyPhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 3000, height: 2000, channels: 3, background: '#c98a4b', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

async function openModal(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start framing' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test(
  'a connection lost mid-upload says "Connection lost — retrying…", and the same upload continues to the editor',
  PHONE,
  async ({ page, consoleErrors }, testInfo) => {
    // A 12 MB photo through the browser's request interception, and a few seconds of retries: over the default minute
    // on a busy machine.
    test.slow();
    const photo = await heavyPhoto();
    expect(photo.length).toBeGreaterThan(2 * CHUNK_BYTES);

    // The tus requests as the page sent them, and which PATCHes the lost connection swallowed.
    const sent: Array<{ method: string; offset: number | null; dropped: boolean }> = [];
    let dropping = true;
    await page.route(/\/api\/uploads\/tus(\/|$)/, async (route) => {
      const request = route.request();
      const offset = request.method() === 'PATCH' ? Number(await request.headerValue('upload-offset')) : null;
      // A lift between floors: every PATCH after the first chunk gets no answer while `dropping`.
      const dropped = dropping && offset !== null && offset > 0;
      sent.push({ method: request.method(), offset, dropped });
      if (dropped) return route.abort('internetdisconnected');
      return route.continue();
    });

    const dialog = await openModal(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-drop-zone').click();
    await (await chooser).setFiles({ name: 'family.jpg', mimeType: 'image/jpeg', buffer: photo });

    // The first chunk went through; the next ones fail. The sheet keeps the upload and says what is happening.
    const state = dialog.getByTestId('upload-state');
    await expect(state).toHaveText('Connection lost — retrying…', { timeout: 30_000 });
    await expect(dialog.getByTestId('upload-progress')).toHaveAttribute('data-state', 'waiting');
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await shot(page, testInfo, 'upload-connection-lost', { fullPage: false, animations: 'disabled' });
    // It tries again by itself (with growing delays), and the sheet never falls back to the picker meanwhile.
    await expect.poll(() => sent.filter((r) => r.dropped).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect(state).toHaveText('Connection lost — retrying…');
    await expect(page.getByTestId('upload-drop-zone')).toHaveCount(0);
    expect(sent.filter((r) => r.method === 'PATCH' && !r.dropped).map((r) => r.offset)).toEqual([0]);

    // Out of the lift: the next try asks the server where it stands (HEAD) and sends only the rest.
    const recoveredAt = sent.length;
    dropping = false;
    const preview = dialog.getByTestId('upload-preview');
    await expect(preview).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    const resumedAt = sent.findIndex((r, i) => i >= recoveredAt && r.method === 'PATCH');
    const resumed = sent[resumedAt];
    expect(resumed?.dropped).toBe(false);
    expect(resumed?.offset).toBeGreaterThan(0);
    expect(resumed?.offset).toBe(CHUNK_BYTES);
    // Asked after the last lost PATCH, before sending again.
    const lastDropped = sent.findLastIndex((r) => r.dropped);
    expect(sent.slice(lastDropped, resumedAt).some((r) => r.method === 'HEAD')).toBe(true);
    // One upload throughout: created once, never started again from zero.
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sent.filter((r) => r.method === 'PATCH' && r.offset === 0)).toHaveLength(1);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/edit-photo\?step=options$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit your photo' })).toBeVisible();

    // Chromium logs the requests the lost connection failed; nothing else may appear.
    for (let i = consoleErrors.length - 1; i >= 0; i--)
      if (/net::ERR_INTERNET_DISCONNECTED/.test(consoleErrors[i] ?? '')) consoleErrors.splice(i, 1);
  },
);
