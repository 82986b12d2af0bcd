/**
 * The editor's enhance call: `POST /api/uploads/:id/enhance`, then `GET /api/uploads/:id` until the new photo is ready,
 * reporting the job's progress (0–1) as the server stores it.
 */
import type { EnhanceBody } from '@framewala/domain';
import { ApiError, apiRequest } from '../../lib/api';
import { uploadRequestHeaders } from '../../lib/upload-claim';
import { abortError, clientError } from '../../lib/upload-progress';
import { fetchUpload, PREPARE_FAILED_MESSAGE, toUploadedPhoto, type UploadedPhoto } from '../../lib/upload-api';

export const ENHANCE_POLL_MS = 1000;
const GIVE_UP_MS = 60 * 60 * 1000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function enhancePhoto(
  id: string,
  body: EnhanceBody,
  options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const answer = await apiRequest<unknown>(`/api/uploads/${encodeURIComponent(id)}/enhance`, {
    body,
    headers: uploadRequestHeaders(),
    signal: options.signal,
  });
  let current = toUploadedPhoto(answer);
  const started = Date.now();
  options.onProgress?.(0);
  while (current.status === 'processing') {
    if (Date.now() - started > GIVE_UP_MS) throw clientError(0, 'PREPARE_TIMEOUT', PREPARE_FAILED_MESSAGE);
    await sleep(ENHANCE_POLL_MS, options.signal);
    try {
      current = await fetchUpload(current._id, options.signal);
    } catch (error) {
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!transient) throw error;
    }
    if (current.status === 'processing' && typeof current.progress === 'number') options.onProgress?.(current.progress);
  }
  if (current.status === 'failed' || !current.url) throw clientError(422, 'IMAGE_UNREADABLE', PREPARE_FAILED_MESSAGE);
  options.onProgress?.(1);
  return current;
}
