/**
 * The editor's crop: the full-resolution crop (`POST /api/uploads/:id/crop`) with progress and cancel, then the wait
 * while the server prepares the cropped photo. The catalogue queries the editor uses live in lib/catalogue.
 */
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { CropRect } from '@framewala/domain';
import { ApiError } from '../../../lib/api';
import { NETWORK_ERROR } from '../../../lib/error-messages';
import { uploadRequestHeaders } from '../../../lib/uploads/upload-claim';
import { abortError, clientError } from '../../../lib/uploads/upload-progress';
import { toUploadedPhoto, waitUntilReady, type UploadedPhoto } from '../../../lib/uploads/upload-api';

export type CropPhase = 'sending' | 'cropping' | 'preparing';

export type CropProgress = {
  phase: CropPhase;
  /** 0..100 while the request is being sent; null while the server works (no measurable progress). */
  percent: number | null;
};

function parseJson(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const { message, code, ...details } = body as Record<string, unknown>;
    if (typeof message === 'string' && message !== '') {
      return new ApiError({ status, code: typeof code === 'string' && code !== '' ? code : `HTTP_${status}`, message, details });
    }
  }
  return clientError(status, `HTTP_${status}`, msg`The crop failed (status ${status}). Please try again.`);
}

/** The JSON POST through XMLHttpRequest, which (unlike fetch) reports the request's progress. */
function postJsonWithProgress(url: string, body: unknown, onProgress: (p: CropProgress) => void, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', url);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- HTTP headers
    xhr.setRequestHeader('Accept', 'application/json');
    // eslint-disable-next-line lingui/no-unlocalized-strings -- HTTP headers
    xhr.setRequestHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(uploadRequestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const percent = event.lengthComputable && event.total > 0 ? Math.floor((event.loaded / event.total) * 100) : null;
      onProgress({ phase: 'sending', percent });
    };
    // Everything is sent: from here the server cuts the rectangle out of the original.
    xhr.upload.onload = () => onProgress({ phase: 'cropping', percent: null });
    xhr.onload = () => {
      settle();
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(errorFrom(xhr.status, data));
    };
    xhr.onerror = () => {
      settle();
      reject(clientError(0, 'NETWORK_ERROR', NETWORK_ERROR));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress({ phase: 'sending', percent: 0 });
    xhr.send(JSON.stringify(body));
  });
}

/**
 * Asks the server to cut `rect` (the original's pixels) out of the original upload `sourceId`, and waits until the
 * cropped photo is ready to show. Cancelling rejects with an AbortError.
 */
export async function cropUpload(
  queryClient: QueryClient,
  sourceId: string,
  rect: CropRect,
  options: { onProgress?: (p: CropProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const onProgress = options.onProgress ?? (() => {});
  const body = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  const answer = await postJsonWithProgress(`/api/uploads/${encodeURIComponent(sourceId)}/crop`, body, onProgress, options.signal);
  const upload = toUploadedPhoto(answer);
  if (upload.status === 'ready' && upload.url) return upload;
  onProgress({ phase: 'preparing', percent: null });
  return waitUntilReady(queryClient, upload, { signal: options.signal });
}
