/**
 * The upload calls (API.md + contracts): `POST /api/upload-image` (multipart field `image`, with progress) and
 * `GET /api/uploads/:id` (polled while the server prepares the renditions of a very large photo). Both send the
 * anonymous claim header, and the bearer token when signed in.
 */
import type { Upload } from '@framewala/domain';
import { ApiError, apiRequest } from '../../lib/api';
import { clearSession, getToken } from '../../lib/auth';
import { uploadRequestHeaders } from '../../lib/upload-claim';
import { abortError, postFileWithProgress, type UploadProgress } from '../../lib/xhr-upload';

/** API.md's `Upload` as extended by the contracts: `url`/`thumbnailUrl` are null while `status` is 'processing'. */
export type UploadedPhoto = Upload;

export const UPLOAD_FIELD = 'image';
export const PREPARE_FAILED_MESSAGE = 'We could not prepare this photo. Please try another JPG or TIF file.';
export const PREPARE_TIMEOUT_MESSAGE = 'Preparing your photo is taking longer than expected. Please try again in a few minutes.';
const BAD_ANSWER_MESSAGE = 'The shop gave an answer we did not understand. Please try again.';

/** Checks the parts of the answer the modal relies on; a server without `status` yet is read as ready. */
export function toUploadedPhoto(body: unknown): UploadedPhoto {
  if (typeof body !== 'object' || body === null) throw new ApiError({ status: 200, code: 'BAD_RESPONSE', message: BAD_ANSWER_MESSAGE });
  const record = body as Record<string, unknown>;
  if (typeof record._id !== 'string' || record._id === '') {
    throw new ApiError({ status: 200, code: 'BAD_RESPONSE', message: BAD_ANSWER_MESSAGE });
  }
  const url = typeof record.url === 'string' && record.url !== '' ? record.url : null;
  const status: Upload['status'] =
    record.status === 'processing' || record.status === 'failed' || record.status === 'ready'
      ? record.status
      : url
        ? 'ready'
        : 'processing';
  return {
    ...(record as unknown as UploadedPhoto),
    url,
    thumbnailUrl: typeof record.thumbnailUrl === 'string' ? record.thumbnailUrl : null,
    status,
    parentId: typeof record.parentId === 'string' ? record.parentId : null,
    crop: (record.crop as Upload['crop'] | undefined) ?? null,
  };
}

/** A 401 to a call that carried our token means the session is over: sign out locally (the upload may go on anonymously). */
function forgetSessionOn401(error: unknown, sentToken: string | null) {
  if (error instanceof ApiError && error.status === 401 && sentToken && getToken() === sentToken) clearSession();
}

export async function uploadPhoto(
  file: File,
  options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const headers = uploadRequestHeaders();
  const sentToken = getToken();
  try {
    const body = await postFileWithProgress<unknown>('/api/upload-image', { field: UPLOAD_FIELD, file, headers, ...options });
    return toUploadedPhoto(body);
  } catch (error) {
    forgetSessionOn401(error, sentToken);
    throw error;
  }
}

export async function fetchUpload(id: string, signal?: AbortSignal): Promise<UploadedPhoto> {
  const sentToken = getToken();
  try {
    const body = await apiRequest<unknown>(`/api/uploads/${encodeURIComponent(id)}`, { headers: uploadRequestHeaders(), signal });
    return toUploadedPhoto(body);
  } catch (error) {
    forgetSessionOn401(error, sentToken);
    throw error;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
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

/** Poll delays: 1 s, growing by half up to 4 s; give up after 10 minutes. */
export const POLL_FIRST_DELAY_MS = 1000;
const POLL_MAX_DELAY_MS = 4000;
const POLL_GIVE_UP_MS = 10 * 60 * 1000;

/** Polls `GET /api/uploads/:id` until the renditions are ready; a failed preparation is an ApiError. */
export async function waitUntilReady(upload: UploadedPhoto, signal?: AbortSignal): Promise<UploadedPhoto> {
  let current = upload;
  let delay = POLL_FIRST_DELAY_MS;
  const started = Date.now();
  while (current.status === 'processing') {
    if (Date.now() - started > POLL_GIVE_UP_MS)
      throw new ApiError({ status: 0, code: 'PREPARE_TIMEOUT', message: PREPARE_TIMEOUT_MESSAGE });
    await sleep(delay, signal);
    delay = Math.min(POLL_MAX_DELAY_MS, Math.round(delay * 1.5));
    try {
      current = await fetchUpload(current._id, signal);
    } catch (error) {
      // A dropped connection or a server hiccup while waiting: keep polling. Anything else (404, 401) ends the wait.
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!transient) throw error;
    }
  }
  if (current.status === 'failed' || !current.url)
    throw new ApiError({ status: 422, code: 'IMAGE_UNREADABLE', message: PREPARE_FAILED_MESSAGE });
  return current;
}
