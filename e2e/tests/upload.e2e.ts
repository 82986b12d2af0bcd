import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page, Request } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { shot } from './pages';

const DIMENSION_MESSAGE = 'Image must be at least 700x700px and max 50,000x50,000px or under 1000 MP';

// Fixture photos are generated for this run into a temporary folder and removed afterwards; none are committed.
let dir = '';
const fixture = (name: string) => path.join(dir, name);

/** A landscape scene (sky, sun, hills) with film grain, so the preview looks like a photo and the file has some weight. */
async function scene(width: number, height: number): Promise<sharp.Sharp> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 300 200">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3a25b"/><stop offset="0.55" stop-color="#f9d7a0"/><stop offset="1" stop-color="#fbeed6"/></linearGradient>
      <linearGradient id="far" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9b6b5a"/><stop offset="1" stop-color="#6f4a45"/></linearGradient>
      <linearGradient id="near" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4d5f3f"/><stop offset="1" stop-color="#2c3a28"/></linearGradient>
    </defs>
    <rect width="300" height="200" fill="url(#sky)"/>
    <circle cx="205" cy="92" r="26" fill="#fff3d6" opacity="0.95"/>
    <path d="M0 130 C40 100 70 110 110 120 S190 95 230 112 S280 120 300 108 V200 H0Z" fill="url(#far)"/>
    <path d="M0 160 C50 140 90 150 140 158 S230 140 300 150 V200 H0Z" fill="url(#near)"/>
  </svg>`;
  const base = await sharp(Buffer.from(svg)).resize(width, height).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.from(base.data);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, (pixels[i] ?? 0) + ((grain[i] ?? 128) - 128)));
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-upload-e2e-'));
  // A phone photo stored landscape with EXIF orientation 6: it is a portrait photo (1600 × 2400 once turned).
  await (await scene(2400, 1600)).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toFile(fixture('phone-photo.jpg'));
  // Heavier, for watching the progress bar on a slowed-down connection.
  await (await scene(2400, 1600)).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toFile(fixture('large-photo.jpg'));
  await (await scene(1000, 800)).png().toFile(fixture('png-renamed.jpg'));
  await (await scene(600, 600)).jpeg().toFile(fixture('small-600.jpg'));
  // A JPEG cut short: its header (and so the browser's check) is fine, but its pixels do not decode.
  const whole = await (await scene(1200, 900)).jpeg({ quality: 90 }).toBuffer();
  fs.writeFileSync(fixture('truncated.jpg'), whole.subarray(0, Math.floor(whole.length * 0.6)));
});

test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The tus requests the page makes (creation, offsets, bytes). */
function watchUploads(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/uploads/tus')) sent.push(request);
  });
  return sent;
}
const creations = (sent: Request[]) => sent.filter((r) => r.method() === 'POST');
async function openModal(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start framing' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses a file through the real file dialog, opened from the drop zone. */
async function choose(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('upload-drop-zone').click();
  await (await chooser).setFiles(file);
}

test('a photo uploads with progress, shows its preview, and Done opens the editor', PHONE, async ({ page }, testInfo) => {
  // A throttled send, a cancel and a real upload: more than the default minute on a busy machine.
  test.slow();
  const sent = watchUploads(page);
  const dialog = await openModal(page);
  const zone = page.getByTestId('upload-drop-zone');
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await shot(page, testInfo, 'upload-modal-empty', { fullPage: false, animations: 'disabled' });

  // Drag active: a JPEG held over the zone.
  const dragged = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    return transfer;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer: dragged });
  await expect(zone).toHaveAttribute('data-state', 'drag-accept');
  await expect(zone).toContainText('Drop your photo to upload it');
  await shot(page, testInfo, 'upload-modal-drag', { fullPage: false, animations: 'disabled' });
  await zone.dispatchEvent('dragleave', { dataTransfer: dragged });
  await expect(zone).toHaveAttribute('data-state', 'idle');

  // A slow connection, so that the progress bar and Cancel upload can be seen and used.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 384 * 1024 });
  await choose(page, fixture('large-photo.jpg'));
  const bar = dialog.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
  await expect(dialog.getByTestId('upload-percent')).toHaveText(/^\d{1,3}%$/);
  await shot(page, testInfo, 'upload-modal-progress', { fullPage: false, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(bar).toBeHidden();
  await expect(zone).toBeVisible();
  await expect(page.getByTestId('upload-status')).toHaveText('Upload cancelled.');
  expect(creations(sent)).toHaveLength(1);
  // Cancelling deletes what the server held.
  await expect.poll(() => sent.filter((r) => r.method() === 'DELETE').length).toBe(1);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The real upload: a phone photo with EXIF orientation 6.
  const photoAnswer = page.waitForResponse((r) => /^\/api\/uploads\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname));
  await choose(page, fixture('phone-photo.jpg'));
  const answer = await photoAnswer;
  expect(answer.status()).toBe(200);
  const request = creations(sent)[1];
  const claim = await page.evaluate(() => window.localStorage.getItem('framewala.claim'));
  expect(claim).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await request?.headerValue('x-upload-claim')).toBe(claim);
  expect(await request?.headerValue('tus-resumable')).toBe('1.0.0');
  const upload = (await answer.json()) as { _id: string; width: number; height: number; imageType: string; url: string };
  expect(upload).toMatchObject({ width: 1600, height: 2400, imageType: 'portrait' });

  const preview = dialog.getByTestId('upload-preview');
  const image = preview.getByRole('img');
  await expect(preview).toHaveAttribute('data-loaded', 'true');
  await expect(image).toHaveAttribute('src', upload.url);
  const box = await image.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(300);
  expect(box && box.height > box.width).toBe(true); // shown upright
  await expect(preview).toContainText('1,600 × 2,400 px');
  await expect(preview).toContainText('Portrait');
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await shot(page, testInfo, 'upload-modal-preview', { fullPage: false, animations: 'disabled' });

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/edit-photo\?step=options$/);
  const order = await page.evaluate(
    () => JSON.parse(window.localStorage.getItem('framewala.order') ?? 'null') as { photo?: { _id: string } } | null,
  );
  expect(order?.photo?._id).toBe(upload._id);
  // Not bounced home by the /edit-photo guard: the editor itself is on screen, still at its address.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your photo' })).toBeVisible();
  await expect(page).toHaveURL(/\/edit-photo\?step=options$/);
});

test('a PNG renamed .jpg and a 600×600 JPEG are refused in the browser from their headers, before any byte is sent', async ({
  page,
}, testInfo) => {
  // What the page reads of the files chosen and whether it decodes or shows one, recorded in the page; its clock is
  // moved on instead of waited for.
  await page.addInitScript(() => {
    const access = { read: 0, decodedOrShown: 0 };
    (window as unknown as { fileAccess: typeof access }).fileAccess = access;
    const arrayBuffer = Blob.prototype.arrayBuffer;
    Blob.prototype.arrayBuffer = function (this: Blob) {
      access.read += this.size;
      return arrayBuffer.call(this);
    };
    const createImageBitmap = window.createImageBitmap.bind(window);
    window.createImageBitmap = ((...args: Parameters<typeof window.createImageBitmap>) => {
      access.decodedOrShown += 1;
      return createImageBitmap(...args);
    }) as typeof window.createImageBitmap;
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object) => {
      access.decodedOrShown += 1;
      return createObjectURL(object);
    };
  });
  const fileAccess = () => page.evaluate(() => (window as unknown as { fileAccess: { read: number; decodedOrShown: number } }).fileAccess);
  await page.clock.install();
  const sent = watchUploads(page);
  const dialog = await openModal(page);
  const alert = dialog.getByRole('alert');

  // The zone works from the keyboard: Tab to it (after Close), Enter opens the file dialog.
  const zone = page.getByTestId('upload-drop-zone');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(zone).toBeFocused();
  await expect(zone).toHaveAttribute('data-focused', 'true');
  await shot(page, testInfo, 'upload-modal-focused', { fullPage: false, animations: 'disabled' });
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(fixture('png-renamed.jpg'));
  await expect(alert).toHaveText('This file is a PNG image. Only JPG and TIF photos are accepted.');
  // Refused from its first 256 KB, not read whole (it is larger), never decoded or shown, nothing sent.
  const pngBytes = fs.statSync(fixture('png-renamed.jpg')).size;
  expect(pngBytes).toBeGreaterThan(256 * 1024);
  const access = await fileAccess();
  expect(access.decodedOrShown).toBe(0);
  expect(access.read).toBeGreaterThan(0);
  expect(access.read).toBeLessThanOrEqual(256 * 1024);
  expect(sent).toHaveLength(0);

  await choose(page, fixture('small-600.jpg'));
  await expect(alert).toHaveText(DIMENSION_MESSAGE);
  expect(await alert.textContent()).toBe(DIMENSION_MESSAGE); // no stray quotes
  await expect(page.getByTestId('upload-drop-zone')).toHaveAttribute('data-state', 'rejected');
  // Its size read from its header (the whole file is under 256 KB), never decoded or shown.
  expect((await fileAccess()).decodedOrShown).toBe(0);
  await shot(page, testInfo, 'upload-modal-error', { fullPage: false, animations: 'disabled' });

  // The error hides after 5 s.
  await page.clock.runFor(5000);
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('upload-drop-zone')).toHaveAttribute('data-state', 'idle');
  expect(sent).toHaveLength(0);
});

test("a photo the server refuses shows the server's message", async ({ page, consoleErrors }) => {
  const sent = watchUploads(page);
  const dialog = await openModal(page);
  const response = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/uploads/tus/'),
  );
  await choose(page, fixture('truncated.jpg'));
  const answer = await response;
  expect(answer.status()).toBe(422);
  const body = (await answer.json()) as { message: string; code: string };
  await expect(dialog.getByRole('alert')).toHaveText(body.message);
  // The file stops before its picture does: the server says so, and what to do.
  expect(body.message).toBe(
    'We could not read this photo: the file ends before the picture does, so it may be cut short. Please upload the complete photo.',
  );
  expect(creations(sent)).toHaveLength(1);
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  // Chromium logs every 4xx answer as a console error; this one is expected, nothing else may appear.
  const expected = consoleErrors.findIndex((text) => /status of 422/.test(text));
  expect(expected).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(expected, 1);
});

test('the network drops during an upload: "Waiting for the network…", and the same upload completes', async ({
  page,
  context,
  consoleErrors,
}, testInfo) => {
  const sent = watchUploads(page);
  const dialog = await openModal(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
  await choose(page, fixture('large-photo.jpg'));
  const bar = dialog.getByRole('progressbar');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(25);
  await expect(dialog.getByTestId('upload-rate')).toHaveText(/\/s · (About|Less than)/);
  await shot(page, testInfo, 'upload-modal-speed', { fullPage: false, animations: 'disabled' });

  // The train enters a tunnel: the upload waits, unfinished, and shows no error.
  await context.setOffline(true);
  await expect(dialog.getByTestId('upload-state')).toHaveText('Waiting for the network…', { timeout: 10_000 });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await shot(page, testInfo, 'upload-modal-offline', { fullPage: false, animations: 'disabled' });
  const before = sent.length;
  const preview = dialog.getByTestId('upload-preview');
  await expect(preview).toHaveCount(0);

  // Out of the tunnel: the upload asks the server where it stands and sends only the rest.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await context.setOffline(false);
  await expect(preview).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 });
  // One upload throughout: it was never started again from zero.
  expect(creations(sent)).toHaveLength(1);
  expect(sent.length).toBeGreaterThanOrEqual(before);
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled();
  // Chromium logs the requests the lost network failed; nothing else may appear.
  for (let i = consoleErrors.length - 1; i >= 0; i--)
    if (/ERR_INTERNET_DISCONNECTED|net::ERR_/.test(consoleErrors[i] ?? '')) consoleErrors.splice(i, 1);
});
