import { IMAGE_DIMENSION_MESSAGE, UPLOAD_HINT, UPLOAD_TOO_LARGE_MESSAGE } from '@framewala/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { TusUploadOptions } from '../../lib/uploads/tus-upload';
import { renderRoute } from '../../test/render';
import { server } from '../../test/server';
import { ONE_PHOTO_MESSAGE } from '../../lib/uploads/check-photo';
import { i18n } from '../../lib/i18n';
import { fileOf, jpegBytes, pngBytes } from '../../test/image-bytes';
import { ERROR_HIDE_MS, PREVIEW_FAILED_MESSAGE } from './use-photo-upload';

// ---- A stand-in for the tus upload that the test drives: progress, waiting, success, refusal. ----

type FakeTusUpload = {
  file: File;
  options: TusUploadOptions;
  cancelled: boolean;
  paused: boolean;
  /** How often the sheet asked to try again now (its Retry button). */
  retries: number;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
};

const tus = vi.hoisted(() => ({ uploads: [] as FakeTusUpload[] }));

vi.mock('../../lib/uploads/tus-upload', async () => {
  const { abortError } = await import('../../lib/uploads/upload-progress');
  return {
    startTusUpload: (file: File, options: TusUploadOptions) => {
      let resolve!: (id: string) => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<string>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const fake: FakeTusUpload = { file, options, cancelled: false, paused: false, retries: 0, resolve, reject };
      tus.uploads.push(fake);
      return {
        done,
        pause: () => (fake.paused = true),
        resume: () => (fake.paused = false),
        retry: () => (fake.retries += 1),
        cancel: () => {
          fake.cancelled = true;
          reject(abortError());
        },
      };
    },
  };
});

const lastUpload = () => {
  const upload = tus.uploads.at(-1);
  if (!upload) throw new Error('no upload was started');
  return upload;
};
const progress = (upload: FakeTusUpload, sent: number, total: number) => act(() => upload.options.onProgress(sent, total));
/** The server accepted the photo: GET /api/uploads/:id answers `body`. */
function succeed(upload: FakeTusUpload, body: Record<string, unknown> = uploadBody()) {
  uploadAnswers.push(body);
  act(() => upload.resolve(String(body._id)));
}
function refuse(upload: FakeTusUpload, status: number, body: { message: string; code: string }) {
  act(() => upload.reject(new ApiError({ status, ...body })));
}

/** What GET /api/uploads/:id answers next (the last one again once used up). */
let uploadAnswers: Record<string, unknown>[] = [];

function uploadBody(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'up_123',
    url: '/media/uploads/up_123/preview.webp',
    thumbnailUrl: '/media/uploads/up_123/thumb.webp',
    imageType: 'landscape',
    width: 1200,
    height: 800,
    dpi: { x: 96, y: 96 },
    format: 'jpeg',
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2027-02-20T10:00:00.000Z',
    status: 'ready',
    parentId: null,
    crop: null,
    ...overrides,
  };
}

beforeEach(() => {
  tus.uploads = [];
  uploadAnswers = [];
  server.use(http.get('/api/uploads/:id', () => HttpResponse.json(uploadAnswers.length > 1 ? uploadAnswers.shift() : uploadAnswers[0])));
});

afterEach(() => {
  vi.useRealTimers();
});

async function openModal() {
  const rendered = renderRoute('/');
  await rendered.user.click(await screen.findByRole('button', { name: 'Start framing' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Photos' });
  const zone = within(dialog).getByTestId('upload-drop-zone');
  const input = within(dialog).getByTestId<HTMLInputElement>('upload-file-input');
  return { ...rendered, dialog, zone, input };
}

/** Drops files on the zone, as a browser does (a DataTransfer with files and items). */
function drop(zone: HTMLElement, files: File[]) {
  const dataTransfer = { files, items: files.map((f) => ({ kind: 'file', type: f.type })), types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(zone, { dataTransfer });
  fireEvent.dragOver(zone, { dataTransfer });
  fireEvent.drop(zone, { dataTransfer });
}

/**
 * Waits for the dialog's alert without timers (they are faked in some tests): the check reads the file through
 * Blob.arrayBuffer, which settles on real macrotasks.
 */
async function untilAlert(text = '') {
  for (let i = 0; i < 200; i++) {
    const alert = within(screen.getByRole('dialog')).queryByRole('alert');
    if (alert && alert.textContent?.includes(text)) return alert;
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  throw new Error(`no alert containing "${text}" appeared`);
}

const jpeg = (w = 1200, h = 800, name = 'holiday.jpg') => fileOf(jpegBytes(w, h), name);

describe('Upload Photos modal: the drop zone', () => {
  it('shows the zone, the exact hint, and Cancel/Done disabled', async () => {
    const { dialog, zone } = await openModal();
    expect(within(dialog).getByText(UPLOAD_HINT)).toBeVisible();
    expect(zone).toHaveAttribute('role', 'button');
    // Both wordings are in the DOM; CSS shows 'Drag and drop' with a mouse and 'Tap to browse' on touch screens.
    expect(zone).toHaveAccessibleName(/^Drag and drop your photo here.*browse your files/);
    expect(zone).toHaveAccessibleDescription(UPLOAD_HINT);
    expect(zone).toHaveAttribute('data-state', 'idle');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeDisabled();
  });

  it('opens the file dialog from the keyboard (Enter and Space) and shows that it is open until it closes', async () => {
    const { zone, input, user } = await openModal();
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    await user.tab();
    await user.tab();
    expect(zone).toHaveFocus();
    expect(zone).toHaveAttribute('data-focused', 'true');

    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    expect(zone).toHaveAttribute('data-state', 'dialog-open');
    expect(zone).toHaveTextContent('Choose a photo in the window that opened');
    fireEvent(input, new Event('cancel'));
    expect(zone).toHaveAttribute('data-state', 'idle');

    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    expect(zone).toHaveAttribute('data-state', 'dialog-open');
    act(() => zone.blur());
    expect(zone).not.toHaveAttribute('data-focused');
  });

  it('shows whether it will take what is being dragged', async () => {
    const { zone } = await openModal();
    const items = (...types: string[]) => ({ dataTransfer: { items: types.map((type) => ({ kind: 'file', type })), files: [] } });

    fireEvent.dragEnter(zone, items('image/jpeg'));
    expect(zone).toHaveAttribute('data-state', 'drag-accept');
    expect(zone).toHaveAttribute('data-drag-active', 'true');
    expect(zone).toHaveTextContent('Drop your photo to upload it');
    fireEvent.dragLeave(zone, items('image/jpeg'));
    expect(zone).toHaveAttribute('data-state', 'idle');
    expect(zone).not.toHaveAttribute('data-drag-active');

    fireEvent.dragEnter(zone, items('image/jpeg', 'image/jpeg'));
    expect(zone).toHaveAttribute('data-state', 'drag-reject');
    expect(zone).toHaveTextContent('Drop one photo at a time');
    fireEvent.dragLeave(zone, items());

    fireEvent.dragEnter(zone, items('image/png'));
    expect(zone).toHaveAttribute('data-state', 'drag-reject');
    expect(zone).toHaveTextContent('Only JPG and TIF photos are accepted');
    fireEvent.dragLeave(zone, items());
    expect(zone).toHaveAttribute('data-state', 'idle');
  });
});

describe('Upload Photos modal: refusals before sending', () => {
  it('refuses a PNG named .jpg by its content, without sending it', async () => {
    const { zone, input, user } = await openModal();
    await user.upload(input, fileOf(pngBytes(), 'beach.jpg', 'image/jpeg'));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toBe('This file is a PNG image. Only JPG and TIF photos are accepted.');
    expect(zone).toHaveAttribute('data-state', 'rejected');
    expect(zone).toHaveAccessibleDescription(`This file is a PNG image. Only JPG and TIF photos are accepted. ${UPLOAD_HINT}`);
    expect(tus.uploads).toHaveLength(0);
  });

  it('refuses two files dropped at once', async () => {
    const { zone } = await openModal();
    drop(zone, [jpeg(), jpeg(1500, 1000, 'second.jpg')]);
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(i18n._(ONE_PHOTO_MESSAGE));
    expect(tus.uploads).toHaveLength(0);
  });

  it('refuses a photo too small by its header with the exact message, without stray quotes', async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg(600, 600, 'small.jpg'));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toBe(IMAGE_DIMENSION_MESSAGE);
    expect(alert.textContent).not.toMatch(/["'“”]/);
    expect(tus.uploads).toHaveLength(0);
  });

  it('refuses a file over 2 GiB by its size', async () => {
    const { zone } = await openModal();
    const big = jpeg();
    Object.defineProperty(big, 'size', { value: 2 * 1024 ** 3 + 1 });
    drop(zone, [big]);
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect(tus.uploads).toHaveLength(0);
  });

  it('hides the error after 5 seconds', async () => {
    const { zone } = await openModal();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    drop(zone, [jpeg(600, 600)]);
    await untilAlert();
    act(() => vi.advanceTimersByTime(ERROR_HIDE_MS - 100));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(IMAGE_DIMENSION_MESSAGE);
    act(() => vi.advanceTimersByTime(100));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    expect(zone).toHaveAttribute('data-state', 'idle');
  });

  it('restarts the 5 seconds when a second refusal follows', async () => {
    const { zone } = await openModal();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    drop(zone, [jpeg(600, 600)]);
    await untilAlert();
    act(() => vi.advanceTimersByTime(4000));
    drop(zone, [fileOf(pngBytes(), 'x.jpg')]);
    await untilAlert('PNG');
    act(() => vi.advanceTimersByTime(4000));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Upload Photos modal: sending', () => {
  it('sends the photo over tus with the claim header, shows bytes, speed and time left, pauses, resumes and cancels', async () => {
    const { input, user } = await openModal();
    const file = jpeg(4000, 3000);
    await user.upload(input, file);
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = lastUpload();
    expect(upload.file).toMatchObject({ name: 'holiday.jpg', size: file.size });
    const claim = window.localStorage.getItem('framewala.claim');
    expect(claim).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(upload.options.headers['X-Upload-Claim']).toBe(claim);
    expect(upload.options.headers.Authorization).toBeUndefined();
    expect(upload.options.owner).toBe(claim);

    const panel = screen.getByTestId('upload-progress');
    expect(panel).toHaveTextContent('holiday.jpg');
    expect(panel).toHaveTextContent('JPG · 4,000 × 3,000 px');
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    progress(upload, 0, 40_000_000);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    now.mockReturnValue(1_002_000);
    progress(upload, 4_550_000, 40_000_000);
    now.mockRestore();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '11');
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('11%');
    expect(screen.getByTestId('upload-bytes')).toHaveTextContent('4.3 MB of 38.1 MB');
    // 4.55 MB in 2 s is 2.2 MB/s; the 35.45 MB to go take 16 s at that speed.
    expect(screen.getByTestId('upload-rate')).toHaveTextContent('2.2 MB/s · About 20 s left');
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.paused).toBe(true);
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Paused');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.paused).toBe(false);
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Uploading…');

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(upload.cancelled).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-drop-zone')).toHaveFocus();
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Upload cancelled.');
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Waiting for the network…" rather than an error while offline, and goes on when it is back', async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = lastUpload();
    progress(upload, 300, 1000);
    act(() => upload.options.onWaiting('offline'));
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Waiting for the network…');
    expect(screen.getByTestId('upload-progress')).toHaveAttribute('data-state', 'waiting');
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    progress(upload, 600, 1000);
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Uploading…');
    succeed(upload);
    expect(await screen.findByTestId('upload-preview')).toBeInTheDocument();
  });

  it('keeps the stored claim and sends the bearer token when signed in', async () => {
    const claim = 'A'.repeat(43);
    window.localStorage.setItem('framewala.claim', claim);
    window.localStorage.setItem('framewala.token', 'header.payload.signature');
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    expect(lastUpload().options.headers).toMatchObject({ 'X-Upload-Claim': claim, Authorization: 'Bearer header.payload.signature' });
    expect(window.localStorage.getItem('framewala.claim')).toBe(claim);
  });

  it("shows the server's message for a refusal, and lets the customer try again", async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    refuse(lastUpload(), 422, { message: 'We could not read this photo. Please try another JPG or TIF file.', code: 'IMAGE_UNREADABLE' });
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'We could not read this photo. Please try another JPG or TIF file.',
    );
    expect(screen.getByTestId('upload-drop-zone')).toHaveAttribute('data-state', 'rejected');

    await user.upload(screen.getByTestId('upload-file-input'), jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(2));
    refuse(lastUpload(), 413, { message: UPLOAD_TOO_LARGE_MESSAGE, code: 'UPLOAD_TOO_LARGE' });
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(UPLOAD_TOO_LARGE_MESSAGE));
  });

  it('says "Connection lost — retrying…" when requests fail while online, offers Retry, and never goes back to the picker', async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = lastUpload();
    progress(upload, 400, 1000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => upload.options.onWaiting('retrying'));
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Connection lost — retrying…');
    expect(screen.getByTestId('upload-progress')).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Connection lost. Retrying, the upload will continue by itself.');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    // Long past the 5 s after which a refusal's message hides: still the same upload, its file and its progress.
    act(() => vi.advanceTimersByTime(ERROR_HIDE_MS * 3));
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Connection lost — retrying…');
    expect(screen.queryByTestId('upload-drop-zone')).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('holiday.jpg');
    expect(upload.cancelled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(upload.retries).toBe(1);
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Trying again.');
    vi.useRealTimers();

    // Bytes go through again: the upload goes on and ends with the preview.
    progress(upload, 700, 1000);
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Uploading…');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    succeed(upload);
    expect(await screen.findByTestId('upload-preview')).toBeInTheDocument();
  });

  it('waits for the accepted photo when reading it fails on the network, instead of going back to the picker', async () => {
    let answers = 0;
    server.use(
      http.get('/api/uploads/:id', () => {
        answers += 1;
        return answers === 1 ? HttpResponse.error() : HttpResponse.json(uploadBody());
      }),
    );
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    act(() => lastUpload().resolve('up_123'));
    expect(await screen.findByTestId('upload-processing')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByTestId('upload-preview', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(answers).toBe(2);
  }, 10_000);

  it('offers Retry while offline too, and not while paused', async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = lastUpload();
    act(() => upload.options.onWaiting('offline'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(upload.retries).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('Upload Photos modal: preview and Done', () => {
  async function uploadToPreview(body = uploadBody(), file = jpeg()) {
    const opened = await openModal();
    await opened.user.upload(opened.input, file);
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    progress(lastUpload(), 1000, 1000);
    succeed(lastUpload(), body);
    const preview = await screen.findByTestId('upload-preview');
    const img = within(preview).getByRole('img');
    return { ...opened, preview, img };
  }

  it('says kindly when the photo looks like a copy sent over WhatsApp, and keeps that with the order', async () => {
    const { img, user, router } = await uploadToPreview(
      uploadBody({ width: 1600, height: 1200 }),
      fileOf(jpegBytes(1600, 1200), 'IMG-20251104-WA0012.jpg'),
    );
    expect(await screen.findByTestId('shrunk-notice')).toHaveTextContent(
      'This looks like a copy sent over WhatsApp. If you have the original, send it as a Document for a sharper print — or let us sharpen this one (below).',
    );
    fireEvent.load(img);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
    expect(JSON.parse(window.localStorage.getItem('framewala.order') ?? 'null')).toMatchObject({ photo: { shrunkCopy: true } });
  });

  it('keeps Cancel and Done disabled until the preview image has loaded, then Done goes to /edit-photo', async () => {
    const { img, user, router, preview } = await uploadToPreview();
    expect(img).toHaveAttribute('src', '/media/uploads/up_123/preview.webp');
    expect(img.className).toContain('max-h-[300px]');
    expect(preview).toHaveTextContent('1,200 × 800 px');
    expect(preview).toHaveTextContent('Landscape');
    const done = screen.getByRole('button', { name: 'Done' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(done).toBeDisabled();
    expect(cancel).toBeDisabled();

    fireEvent.load(img);
    expect(done).toBeEnabled();
    expect(cancel).toBeEnabled();
    expect(screen.getByTestId('upload-status')).toHaveTextContent('Your photo is ready. Press Done to continue.');

    await user.click(done);
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-photo'));
    expect(JSON.parse(window.localStorage.getItem('framewala.order') ?? 'null')).toEqual({ photo: uploadBody() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The /edit-photo guard finds the photo and does not send the customer home.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/edit-photo');
  });

  it('removes the photo with the remove icon, back to an empty zone', async () => {
    const { img, user } = await uploadToPreview();
    fireEvent.load(img);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByTestId('upload-preview')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-drop-zone')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByTestId('upload-drop-zone')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(window.localStorage.getItem('framewala.order')).toBeNull();
  });

  it('Cancel after the preview loads discards the photo and closes the dialog', async () => {
    const { img, user, router } = await uploadToPreview();
    fireEvent.load(img);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('framewala.order')).toBeNull();
  });

  it('shows an error and resets when the preview image fails to load', async () => {
    const { img } = await uploadToPreview();
    fireEvent.error(img);
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(i18n._(PREVIEW_FAILED_MESSAGE));
    expect(screen.getByTestId('upload-drop-zone')).toBeInTheDocument();
  });

  it('shows a loader and polls the upload while the server prepares a large photo', async () => {
    const polled: { url: string; headers: Record<string, string> }[] = [];
    let answers = 0;
    server.use(
      http.get('/api/uploads/:id', ({ request }) => {
        polled.push({ url: new URL(request.url).pathname, headers: Object.fromEntries(request.headers) });
        answers += 1;
        return HttpResponse.json(answers < 2 ? uploadBody({ status: 'processing', url: null, thumbnailUrl: null }) : uploadBody());
      }),
    );
    const opened = await openModal();
    await opened.user.upload(opened.input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    act(() => lastUpload().resolve('up_123'));
    expect(await screen.findByTestId('upload-processing')).toHaveTextContent('Preparing your photo');
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    const preview = await screen.findByTestId('upload-preview', {}, { timeout: 5000 });
    expect(polled.length).toBe(2);
    expect(polled[0]?.url).toBe('/api/uploads/up_123');
    expect(polled[0]?.headers['x-upload-claim']).toBe(window.localStorage.getItem('framewala.claim'));
    fireEvent.load(within(preview).getByRole('img'));
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  }, 10_000);

  it('reports a photo the server could not prepare', async () => {
    const opened = await openModal();
    await opened.user.upload(opened.input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    succeed(lastUpload(), uploadBody({ status: 'failed', url: null, thumbnailUrl: null }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'We could not prepare this photo. Please try another JPG or TIF file.',
    );
  });

  it('asks before the page is left mid-upload, and a click beside the dialog does not lose the photo', async () => {
    const { input, user, dialog } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    const backdrop = dialog.previousElementSibling as HTMLElement;
    await user.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    succeed(lastUpload());
    fireEvent.load(within(await screen.findByTestId('upload-preview')).getByRole('img'));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
    await user.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  });

  it('closing the dialog during an upload aborts it', async () => {
    const { input, user } = await openModal();
    await user.upload(input, jpeg());
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(lastUpload().cancelled).toBe(true);
  });
});
