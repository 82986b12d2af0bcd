/**
 * The upload calls: the resumable `POST /api/uploads/tus` (tus protocol, with progress, pause and resume) and
 * `GET /api/uploads/:id` (the accepted photo, polled while the server prepares the renditions of a very large photo).
 * Both send the anonymous claim header, and the bearer token when signed in.
 */
import { msg } from '@lingui/core/macro';
import type { Upload } from '@framewala/domain';
import { ApiError, apiRequest } from './api';
import { clearSession, getToken } from './auth';
import { startTusUpload } from './tus-upload';
import { UPLOAD_CLAIM_HEADER, uploadRequestHeaders } from './upload-claim';
import { abortError, clientError } from './upload-progress';

/** The domain's `Upload`: `url`/`thumbnailUrl` are null while `status` is 'processing'. */
export type UploadedPhoto = Upload;

export const PREPARE_FAILED_MESSAGE = msg`We could not prepare this photo. Please try another JPG or TIF file.`;
export const PREPARE_TIMEOUT_MESSAGE = msg`Preparing your photo is taking longer than expected. Please try again in a few minutes.`;
const BAD_ANSWER_MESSAGE = msg`The shop gave an answer we did not understand. Please try again.`;

/** Checks the parts of the answer the modal relies on; a server without `status` yet is read as ready. */
export function toUploadedPhoto(body: unknown): UploadedPhoto {
  if (typeof body !== 'object' || body === null) throw clientError(200, 'BAD_RESPONSE', BAD_ANSWER_MESSAGE);
  const record = body as Record<string, unknown>;
  if (typeof record._id !== 'string' || record._id === '') {
    throw clientError(200, 'BAD_RESPONSE', BAD_ANSWER_MESSAGE);
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

export type PhotoUpload = {
  /** The accepted photo (ready, or processing for a very large one). */
  result: Promise<UploadedPhoto>;
  pause: () => void;
  resume: () => void;
};

/** Sends a photo over tus; aborting the signal cancels it (and deletes what the server holds). */
export function uploadPhoto(
  file: File,
  options: { onProgress?: (sent: number, total: number) => void; onWaiting?: (waiting: boolean) => void; signal?: AbortSignal } = {},
): PhotoUpload {
  const headers = uploadRequestHeaders();
  const sentToken = getToken();
  const tus = startTusUpload(file, {
    headers,
    owner: headers[UPLOAD_CLAIM_HEADER] ?? '',
    onProgress: options.onProgress ?? (() => undefined),
    onWaiting: options.onWaiting ?? (() => undefined),
  });
  const { signal } = options;
  if (signal?.aborted) tus.cancel();
  else signal?.addEventListener('abort', () => tus.cancel(), { once: true });
  const result = tus.done.then(
    (id) => fetchUpload(id, signal),
    (error: unknown) => {
      forgetSessionOn401(error, sentToken);
      throw error;
    },
  );
  return { result, pause: tus.pause, resume: tus.resume };
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
    if (Date.now() - started > POLL_GIVE_UP_MS) throw clientError(0, 'PREPARE_TIMEOUT', PREPARE_TIMEOUT_MESSAGE);
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
  if (current.status === 'failed' || !current.url) throw clientError(422, 'IMAGE_UNREADABLE', PREPARE_FAILED_MESSAGE);
  return current;
}
