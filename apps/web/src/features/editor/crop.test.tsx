import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_STORAGE_KEY, readStoredOrder } from '../../lib/order-draft/stored-order';
import { createTestQueryClient, renderRoute, SAMPLE_SITE } from '../../test/render';
import { server } from '../../test/server';
import { cropUpload } from './api/crop';

/** A stand-in for XMLHttpRequest that records the request and answers when told to. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: string | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 } as ProgressEvent);
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const ORIGINAL = {
  _id: 'up-1',
  url: '/media/uploads/up-1/rendition.webp',
  thumbnailUrl: '/media/uploads/up-1/thumb.webp',
  imageType: 'landscape',
  width: 3000,
  height: 2000,
  dpi: { x: 96, y: 96 },
  format: 'jpeg',
  status: 'ready',
  parentId: null,
  crop: null,
};

const cropped = (rect: { x: number; y: number; width: number; height: number }) => ({
  ...ORIGINAL,
  _id: 'crop-1',
  url: '/media/uploads/crop-1/rendition.webp',
  width: rect.width,
  height: rect.height,
  parentId: 'up-1',
  crop: rect,
});

describe('cropUpload', () => {
  it('posts the rectangle with the claim and the bearer token, and returns the cropped upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    window.localStorage.setItem('framewala.token', 'header.payload.sig');
    const progress: string[] = [];
    const rect = { x: 10, y: 20, width: 1200, height: 800 };
    const promise = cropUpload(createTestQueryClient(), 'up-1', rect, { onProgress: (p) => progress.push(p.phase) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/up-1/crop');
    expect(JSON.parse(xhr.body!)).toEqual(rect);
    expect(xhr.headers['Content-Type']).toBe('application/json');
    expect(xhr.headers['X-Upload-Claim']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(xhr.headers.Authorization).toBe('Bearer header.payload.sig');
    xhr.answer(201, cropped(rect));
    await expect(promise).resolves.toMatchObject({ _id: 'crop-1', parentId: 'up-1', width: 1200, height: 800 });
    expect(progress).toEqual(['sending', 'sending', 'cropping']);
  });

  it('passes the server’s error message on, and cancels with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failing = cropUpload(createTestQueryClient(), 'up-1', { x: 0, y: 0, width: 10, height: 10 });
    FakeXhr.last!.answer(422, { message: 'The crop must lie inside the photo.', code: 'CROP_OUTSIDE_IMAGE' });
    await expect(failing).rejects.toMatchObject({
      status: 422,
      code: 'CROP_OUTSIDE_IMAGE',
      message: 'The crop must lie inside the photo.',
    });

    const controller = new AbortController();
    const cancelled = cropUpload(createTestQueryClient(), 'up-1', { x: 0, y: 0, width: 10, height: 10 }, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('Next from a custom size crops the original first', () => {
  it('cuts the centred 4:3 crop from the original and keeps the original as the source', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.use(
      http.get('/api/site', () => HttpResponse.json(SAMPLE_SITE)),
      http.get('/api/get-frame', () => HttpResponse.json({ getFrameSize: [] })),
      http.get('/api/get-motif-border-sizes', () => HttpResponse.json({ getMotifBorderSizes: [] })),
    );
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: ORIGINAL, step: 2, customSize: { width: '16', height: '12' } }));
    const { user } = renderRoute('/edit-photo');
    await user.click(await screen.findByRole('button', { name: /Next: Select Frame/ }, { timeout: 10_000 }));

    const xhr = FakeXhr.last!;
    // 3000 × 2000 at 4:3: the largest centred crop is 2667 × 2000 at x = 166.
    const rect = { x: 166, y: 0, width: 2667, height: 2000 };
    expect(xhr.url).toBe('/api/uploads/up-1/crop');
    expect(JSON.parse(xhr.body!)).toEqual(rect);
    expect(await screen.findByRole('progressbar', { name: 'Cropping' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    xhr.answer(201, cropped(rect));

    await waitFor(() => expect(readStoredOrder()).toMatchObject({ step: 3 }));
    expect(readStoredOrder()).toMatchObject({
      photo: { _id: 'crop-1', parentId: 'up-1', width: 2667, height: 2000 },
      sourcePhoto: { _id: 'up-1', width: 3000, height: 2000 },
      crop: rect,
      appliedCrop: rect,
    });
  });

  it('Cancel stops the crop and leaves the order as it was', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: ORIGINAL, step: 2, customSize: { width: '16', height: '12' } }));
    const { user } = renderRoute('/edit-photo');
    await user.click(await screen.findByRole('button', { name: /Next: Select Frame/ }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Crop cancelled. Your photo is unchanged.')).toBeVisible();
    expect(readStoredOrder()).toMatchObject({ step: 2, photo: { _id: 'up-1' } });
  });
});
