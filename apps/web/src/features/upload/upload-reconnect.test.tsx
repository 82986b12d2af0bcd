/**
 * The Upload Photos sheet with the real tus client (tus-js-client) against a small tus server in msw: a connection lost
 * mid-upload keeps the upload, says so, and continues from the server's offset on Retry, on the browser's `online`
 * event, or after going offline; a refusal still shows the server's message.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TUS_CHUNK_BYTES } from '../../lib/uploads/tus-upload';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { jpegBytes } from '../../test/image-bytes';
import { ERROR_HIDE_MS } from './use-photo-upload';
import { UploadModal } from './upload-modal';

const ID = '6f1c2a9e-8d3b-4c1a-9e7f-2b5d4a6c8e10';

// jsdom's Blob has no stream(), which msw reads an XMLHttpRequest's Blob body with (the chunks tus-js-client sends).
Blob.prototype.stream ??= function (this: Blob) {
  const bytes = this.arrayBuffer();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(await bytes));
      controller.close();
    },
  }) as ReturnType<Blob['stream']>;
};

/** What the tus server saw and does: its offset, the requests by method, and whether PATCHes after the first fail. */
type TusServer = {
  length: number;
  offset: number;
  /** While true, a PATCH past the first chunk gets no answer (a dropped connection). */
  dropping: boolean;
  /** The next PATCH is refused with this answer. */
  refusal: { status: number; body: { message: string; code: string } } | null;
  requests: Array<{ method: string; offset: number | null }>;
};

let tus: TusServer;

function photoBody() {
  return {
    _id: ID,
    url: `/media/uploads/${ID}/preview.webp`,
    thumbnailUrl: `/media/uploads/${ID}/thumb.webp`,
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
  };
}

beforeEach(() => {
  tus = { length: 0, offset: 0, dropping: false, refusal: null, requests: [] };
  server.use(
    http.post('/api/uploads/tus', ({ request }) => {
      tus.requests.push({ method: 'POST', offset: null });
      tus.length = Number(request.headers.get('upload-length'));
      return new HttpResponse(null, { status: 201, headers: { Location: `/api/uploads/tus/${ID}`, 'Tus-Resumable': '1.0.0' } });
    }),
    http.head('/api/uploads/tus/:id', () => {
      tus.requests.push({ method: 'HEAD', offset: tus.offset });
      return new HttpResponse(null, {
        status: 200,
        headers: { 'Upload-Offset': String(tus.offset), 'Upload-Length': String(tus.length), 'Tus-Resumable': '1.0.0' },
      });
    }),
    http.patch('/api/uploads/tus/:id', async ({ request }) => {
      const offset = Number(request.headers.get('upload-offset'));
      tus.requests.push({ method: 'PATCH', offset });
      if (tus.refusal) return HttpResponse.json(tus.refusal.body, { status: tus.refusal.status });
      if (tus.dropping && offset > 0) return HttpResponse.error();
      const bytes = (await request.arrayBuffer()).byteLength;
      tus.offset = offset + bytes;
      return new HttpResponse(null, { status: 204, headers: { 'Upload-Offset': String(tus.offset), 'Tus-Resumable': '1.0.0' } });
    }),
    http.delete('/api/uploads/tus/:id', () => new HttpResponse(null, { status: 204 })),
    http.get('/api/uploads/:id', () => HttpResponse.json(photoBody())),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A JPEG a little over one chunk: the first chunk goes through before the connection drops. */
const photo = () =>
  new File(
    [
      jpegBytes(1200, 800) as BlobPart,
      new Uint8Array(TUS_CHUNK_BYTES / 2 + 1000) as BlobPart,
      new Uint8Array(TUS_CHUNK_BYTES / 2) as BlobPart,
    ],
    'holiday.jpg',
    {
      type: 'image/jpeg',
    },
  );

const patches = () => tus.requests.filter((r) => r.method === 'PATCH');

/**
 * Waits for an assertion to hold without timers (the clock is faked): Testing Library's waitFor ends on a timer.
 * The requests and file reads settle on real macrotasks.
 */
async function until(assertion: () => void) {
  let failure: unknown;
  for (let i = 0; i < 5000; i++) {
    try {
      assertion();
      return;
    } catch (error) {
      failure = error;
    }
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  throw failure;
}

/** Opens the sheet, chooses the photo and waits until the connection has dropped after the first chunk. */
async function uploadUntilTheConnectionDrops() {
  tus.dropping = true;
  renderWithProviders(<UploadModal open onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Upload Photos' });
  // The clock is the test's: no retry happens after a failure unless the test moves it or asks for one.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.change(within(dialog).getByTestId<HTMLInputElement>('upload-file-input'), { target: { files: [photo()] } });
  await until(() => expect(screen.getByTestId('upload-state')).toHaveTextContent('Connection lost — retrying…'));
  expect(tus.offset).toBe(TUS_CHUNK_BYTES);
  expect(patches().at(-1)).toEqual({ method: 'PATCH', offset: TUS_CHUNK_BYTES });
  return dialog;
}

/** The upload finished: one creation, and the last PATCH continued from the server's offset rather than from 0. */
async function expectResumedToThePreview() {
  vi.useRealTimers();
  expect(await screen.findByTestId('upload-preview')).toBeInTheDocument();
  expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(tus.offset).toBe(tus.length);
  const last = patches().at(-1);
  expect(last?.offset).toBe(TUS_CHUNK_BYTES);
  // It asked the server where it stood before sending the rest.
  const head = tus.requests.findLastIndex((r) => r.method === 'HEAD');
  expect(head).toBeGreaterThan(tus.requests.findIndex((r) => r.method === 'PATCH' && r.offset === TUS_CHUNK_BYTES));
  expect(tus.requests[head]?.offset).toBe(TUS_CHUNK_BYTES);
}

describe('Upload Photos sheet: a connection lost mid-upload', () => {
  it('keeps retrying past the old 5 s without going back to the picker, and Retry continues from the server’s offset', async () => {
    const dialog = await uploadUntilTheConnectionDrops();
    expect(within(dialog).getByTestId('upload-progress')).toHaveAttribute('data-state', 'waiting');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // The quick retries (0, 1, 3, 5 s…) all fail; the sheet still holds the same upload, with no error.
    const tries = patches().length;
    await act(() => vi.advanceTimersByTimeAsync(ERROR_HIDE_MS * 2));
    expect(patches().length).toBeGreaterThan(tries);
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Connection lost — retrying…');
    expect(screen.queryByTestId('upload-drop-zone')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // Out of the lift: Retry tries at once (the clock does not move).
    tus.dropping = false;
    const before = tus.requests.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await until(() => expect(tus.requests.length).toBeGreaterThan(before + 1));
    await expectResumedToThePreview();
  });

  it('continues when the browser says the network is back', async () => {
    await uploadUntilTheConnectionDrops();
    tus.dropping = false;
    const before = tus.requests.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await until(() => expect(tus.requests.length).toBeGreaterThan(before + 1));
    await expectResumedToThePreview();
  });

  it('says "Waiting for the network…" while the browser is offline, and continues on the same path when it is back', async () => {
    const dialog = await uploadUntilTheConnectionDrops();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Waiting for the network…');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ERROR_HIDE_MS * 2));
    expect(screen.getByTestId('upload-state')).toHaveTextContent('Waiting for the network…');
    expect(screen.queryByTestId('upload-drop-zone')).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    tus.dropping = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await expectResumedToThePreview();
  });

  it("still shows the server's message for a refusal (422), back at the picker", async () => {
    tus.refusal = {
      status: 422,
      body: { message: 'We could not read this photo. Please try another JPG or TIF file.', code: 'IMAGE_UNREADABLE' },
    };
    const { user } = renderWithProviders(<UploadModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Photos' });
    await user.upload(within(dialog).getByTestId<HTMLInputElement>('upload-file-input'), photo());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'We could not read this photo. Please try another JPG or TIF file.',
    );
    expect(screen.getByTestId('upload-drop-zone')).toHaveAttribute('data-state', 'rejected');
    // Refused once, not tried again.
    expect(patches()).toHaveLength(1);
  });
});
