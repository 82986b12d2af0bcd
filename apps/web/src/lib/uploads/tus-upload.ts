/**
 * A resumable upload on the tus protocol (tus-js-client) to `/api/uploads/tus`, sent in chunks. A dropped connection
 * never ends it: the client keeps the file and the upload's URL, retries with growing delays (`retryDelays`, with
 * `onShouldRetry` deciding that no answer, a server error or a busy answer is worth another try, also while the
 * browser says it is offline), then keeps trying every 30 s; the browser's `online` event and the customer's Retry try
 * at once. Each try asks the server where it stands (HEAD) and sends only the rest. It also resumes after a reload:
 * choosing the same file again (same name, size and date, same account or claim) continues where it stopped. Only a
 * refusal ends it: an `ApiError` carrying the server's `{message, code}`.
 */
import { msg } from '@lingui/core/macro';
import { Upload, type DetailedError } from 'tus-js-client';
import { ApiError } from '../api';
import { abortError, clientError } from './upload-progress';

export const TUS_ENDPOINT = '/api/uploads/tus';
/**
 * Bytes per PATCH: a connection lost mid-request costs at most this much, also behind a proxy that holds a request's
 * body until it is complete (and passes nothing on when it is cut). 5 MiB is S3's smallest multipart part, so each
 * chunk is one part when unfinished uploads wait in the bucket.
 */
export const TUS_CHUNK_BYTES = 5 * 1024 * 1024;
/** Delays between attempts after a failure: quick at first, then up to 30 s. */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/** Once those are used up, another try this often (sooner when the network comes back, or on Retry). */
export const TUS_STALLED_RETRY_MS = 30_000;
const FILE_UNREADABLE_MESSAGE = msg`We could not read this photo from your device. Please choose it again.`;

/**
 * Why an upload is waiting: the browser says it is `offline`, or it says it is online and requests still fail
 * (`retrying`: a tunnel, a lift, a weak signal).
 */
export type ConnectionTrouble = 'offline' | 'retrying';

export type TusUploadOptions = {
  headers: Record<string, string>;
  /** Who is uploading (account or claim): part of the fingerprint, so another account never resumes this upload. */
  owner: string;
  onProgress: (sent: number, total: number) => void;
  /** The connection is lost (and why), or null once the server takes bytes again. */
  onWaiting: (trouble: ConnectionTrouble | null) => void;
};

export type TusUploadHandle = {
  /** The photo's id once the server has accepted it. */
  done: Promise<string>;
  pause: () => void;
  resume: () => void;
  /** Tries again now, from where the server stands, rather than after the current delay. */
  retry: () => void;
  /** Stops and deletes what the server holds; `done` rejects with an AbortError. */
  cancel: () => void;
};

function statusOf(error: unknown): number {
  return (error as DetailedError).originalResponse?.getStatus?.() ?? 0;
}

function apiErrorOf(error: unknown): ApiError {
  const { originalRequest, originalResponse: response } = error as Partial<DetailedError>;
  const status = response?.getStatus?.() ?? 0;
  // No request behind it (network trouble never ends here): the file could not be read.
  if (!originalRequest || !response) return clientError(0, 'FILE_UNREADABLE', FILE_UNREADABLE_MESSAGE);
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

/**
 * Network trouble rather than a refusal: a request that got no answer, a server error, or a busy answer worth trying
 * again (locked by a request the server still thinks is open, an offset to ask for again, too many requests open at
 * once). An error with no request behind it (the file could not be read) is not network trouble.
 */
function isTransient(error: unknown): boolean {
  if (!(error as Partial<DetailedError>).originalRequest) return false;
  const status = statusOf(error);
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const troubleNow = (): ConnectionTrouble => (online() ? 'retrying' : 'offline');

export function startTusUpload(file: File, options: TusUploadOptions): TusUploadHandle {
  let resolveDone!: (id: string) => void;
  let rejectDone!: (error: unknown) => void;
  const done = new Promise<string>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  let started = false;
  let stopped = false;
  let paused = false;
  let trouble: ConnectionTrouble | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const report = (next: ConnectionTrouble | null) => {
    if (stopped || next === trouble) return;
    trouble = next;
    options.onWaiting(next);
  };

  const upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    headers: options.headers,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    chunkSize: TUS_CHUNK_BYTES,
    retryDelays: TUS_RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (f) => ['framewala', options.owner, f.name, f.type, f.size, f.lastModified].join('|'),
    onProgress: (sent, total) => {
      if (stopped) return;
      // Bytes moving while the browser says it is online: the connection is back (the sheet reads progress the same way).
      if (online()) trouble = null;
      options.onProgress(sent, total);
    },
    // Unlike the library's default, network trouble is retried also while the browser says it is offline: the tries
    // are cheap, and the `online` event (below) does not wait for the next one.
    onShouldRetry: (error) => {
      const retry = isTransient(error);
      if (retry) report(troubleNow());
      return retry;
    },
    // The server took a chunk: the connection is back.
    onChunkComplete: () => report(null),
    onSuccess: () => {
      cleanUp();
      const id = decodeURIComponent((upload.url ?? '').split('/').pop() ?? '');
      resolveDone(id);
    },
    onError: (error) => {
      if (stopped) return;
      if (isTransient(error)) {
        // The quick retries are used up: keep the file and the upload's URL, and try again later.
        report(troubleNow());
        clearTimeout(retryTimer);
        retryTimer = setTimeout(retryNow, TUS_STALLED_RETRY_MS);
        return;
      }
      cleanUp();
      rejectDone(apiErrorOf(error));
    },
  });

  /**
   * The one way back after a lost connection (the `online` event, Retry, the stalled timer): stop whatever try is
   * pending (a delay, a request hanging on a dead connection) and start again from the upload's URL; the library asks
   * the server for its offset (HEAD) and sends the rest.
   */
  function retryNow() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!started || stopped || paused) return;
    void upload.abort(false);
    upload.start();
  }
  const onOffline = () => report('offline');
  const onOnline = () => {
    if (trouble === null) return;
    report('retrying');
    retryNow();
  };
  function cleanUp() {
    stopped = true;
    clearTimeout(retryTimer);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
  }
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  if (!online()) report('offline');

  void upload
    .findPreviousUploads()
    .then((previous) => {
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) upload.resumeFromPreviousUpload(last);
    })
    .catch(() => undefined)
    .then(() => {
      started = true;
      if (!stopped && !paused) upload.start();
    });

  return {
    done,
    pause: () => {
      paused = true;
      // The sheet shows "Paused" now; a trouble after Resume is reported afresh.
      trouble = null;
      clearTimeout(retryTimer);
      void upload.abort(false);
    },
    resume: () => {
      if (!paused || stopped) return;
      paused = false;
      if (started) upload.start();
    },
    retry: retryNow,
    cancel: () => {
      if (stopped) return;
      cleanUp();
      void upload.abort(true).catch(() => undefined);
      rejectDone(abortError());
    },
  };
}
