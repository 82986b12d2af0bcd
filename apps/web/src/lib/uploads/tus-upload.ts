/**
 * A resumable upload on the tus protocol (tus-js-client) to `/api/uploads/tus`. It retries with growing delays, waits
 * for the network when the phone is offline and then continues from the bytes the server already has, and resumes
 * after a reload: choosing the same file again (same name, size and date, same account or claim) continues where it
 * stopped. Failures are `ApiError`s carrying the server's `{message, code}`.
 */
import { msg } from '@lingui/core/macro';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError } from '../api';
import { abortError, clientError } from './upload-progress';

export const TUS_ENDPOINT = '/api/uploads/tus';
/** Delays between attempts after a failure: quick at first, then every 30 s at most. */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
const NETWORK_ERROR_MESSAGE = msg`The upload was interrupted. Please check your connection and try again.`;

export type TusUploadOptions = {
  headers: Record<string, string>;
  /** Who is uploading (account or claim): part of the fingerprint, so another account never resumes this upload. */
  owner: string;
  onProgress: (sent: number, total: number) => void;
  /** True while the upload waits for the network (offline, or retrying after a drop). */
  onWaiting: (waiting: boolean) => void;
};

export type TusUploadHandle = {
  /** The photo's id once the server has accepted it. */
  done: Promise<string>;
  pause: () => void;
  resume: () => void;
  /** Stops and deletes what the server holds; `done` rejects with an AbortError. */
  cancel: () => void;
};

function statusOf(error: unknown): number {
  return (error as DetailedError).originalResponse?.getStatus?.() ?? 0;
}

function apiErrorOf(error: unknown): ApiError {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus?.() ?? 0;
  if (!response || status === 0) return clientError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string' && body.message !== '') {
      return new ApiError({ status, code: typeof body.code === 'string' ? body.code : `HTTP_${status}`, message: body.message });
    }
  } catch {
    // not JSON: the generic message below
  }
  return clientError(status, `HTTP_${status}`, msg`Request failed with status ${status}`);
}

/** Network trouble rather than a refusal: no answer, a server error, or a busy answer worth trying again. */
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function startTusUpload(file: File, options: TusUploadOptions): TusUploadHandle {
  let resolveDone!: (id: string) => void;
  let rejectDone!: (error: unknown) => void;
  const done = new Promise<string>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  let stopped = false;
  let paused = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    headers: options.headers,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    retryDelays: TUS_RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f) => ['framewala', options.owner, f.name, f.type, f.size, f.lastModified].join('|'),
    onProgress: (sent, total) => {
      if (!stopped) options.onProgress(sent, total);
    },
    onShouldRetry: (error) => {
      const retry = isTransient(error);
      if (retry) options.onWaiting(true);
      return retry;
    },
    onChunkComplete: () => options.onWaiting(false),
    onSuccess: () => {
      cleanUp();
      const id = decodeURIComponent((upload.url ?? '').split('/').pop() ?? '');
      resolveDone(id);
    },
    onError: (error) => {
      if (stopped) return;
      if (isTransient(error)) {
        // Every quick retry failed: keep waiting, and try again when the network is back (or every 30 s).
        options.onWaiting(true);
        retryTimer = setTimeout(restart, online() ? 30_000 : 5 * 60_000);
        return;
      }
      cleanUp();
      rejectDone(apiErrorOf(error));
    },
  });

  function restart() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (stopped || paused) return;
    upload.start();
  }
  const onOffline = () => options.onWaiting(true);
  const onOnline = () => {
    options.onWaiting(false);
    // Straight away rather than after the current retry delay.
    if (retryTimer !== undefined) restart();
  };
  function cleanUp() {
    stopped = true;
    clearTimeout(retryTimer);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  }
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (!online()) options.onWaiting(true);

  void upload
    .findPreviousUploads()
    .then((previous) => {
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) upload.resumeFromPreviousUpload(last);
    })
    .catch(() => undefined)
    .then(() => {
      if (!stopped && !paused) upload.start();
    });

  return {
    done,
    pause: () => {
      paused = true;
      clearTimeout(retryTimer);
      void upload.abort(false);
    },
    resume: () => {
      if (!paused || stopped) return;
      paused = false;
      upload.start();
    },
    cancel: () => {
      if (stopped) return;
      cleanUp();
      void upload.abort(true).catch(() => undefined);
      rejectDone(abortError());
    },
  };
}
