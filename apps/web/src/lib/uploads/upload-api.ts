/**
 * The upload calls: the resumable `POST /api/uploads/tus` (tus protocol, with progress, pause and resume) and
 * `GET /api/uploads/:id` (the accepted photo, polled through TanStack Query while the server prepares a very large
 * photo, a crop or an enhanced copy). Both send the anonymous claim header, and the bearer token when signed in.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { QueryObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Upload } from '@framewala/domain';
import { ApiError, apiRequest } from '../api';
import { clearSession, getToken } from '../auth';
import { startTusUpload, type ConnectionTrouble } from './tus-upload';
import { UPLOAD_CLAIM_HEADER, uploadRequestHeaders } from './upload-claim';
import { abortError, clientError } from './upload-progress';

/** The domain's `Upload`: `url`/`thumbnailUrl` are null while `status` is 'processing'. */
export type UploadedPhoto = Upload;

export const PREPARE_FAILED_MESSAGE = msg`We could not prepare this photo. Please try another JPG or TIF file.`;
export const PREPARE_TIMEOUT_MESSAGE = msg`Preparing your photo is taking longer than expected. Please try again in a few minutes.`;
const BAD_ANSWER_MESSAGE = msg`The shop gave an answer we did not understand. Please try again.`;

/**
 * Checks the parts of the answer the modal relies on; a server without `status` yet is read as ready. Read without
 * zod: the upload dialog carries no zod (decision 098).
 */
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
  /** After a lost connection: try again now rather than after the current delay. */
  retry: () => void;
};

/** A dropped connection or a server hiccup: try again. Anything else (404, 401) is an answer. */
const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** Sends a photo over tus; aborting the signal cancels it (and deletes what the server holds). */
export function uploadPhoto(
  file: File,
  options: {
    onProgress?: (sent: number, total: number) => void;
    onWaiting?: (trouble: ConnectionTrouble | null) => void;
    signal?: AbortSignal;
  } = {},
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
    (id) =>
      fetchUpload(id, signal).catch((error: unknown) => {
        // The photo is on the server; a connection lost now only delays reading it: wait for it as for a photo being
        // prepared (polled until the server answers).
        if (isTransient(error)) return toUploadedPhoto({ _id: id, status: 'processing' });
        throw error;
      }),
    (error: unknown) => {
      forgetSessionOn401(error, sentToken);
      throw error;
    },
  );
  return { result, pause: tus.pause, resume: tus.resume, retry: tus.retry };
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

export const uploadQueryKey = (id: string) => ['uploads', id] as const;

/** `GET /api/uploads/:id`: one photo as the server has it now. */
export const uploadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: uploadQueryKey(id),
    queryFn: ({ signal }) => fetchUpload(id, signal),
    retry: false,
  });

/** How a wait for a photo being prepared polls, and when it gives up. */
export type PreparePolling = {
  /** The delay before poll number `poll` (0 for the first). */
  delayMs: (poll: number) => number;
  giveUpMs: number;
  /** What the customer reads when the wait gives up. */
  timeoutMessage: MessageDescriptor;
  /** Each answer that is still 'processing' (its progress, for an enhancement). */
  onProcessing?: (upload: UploadedPhoto) => void;
};

/** Poll delays for a new photo or a crop: 1 s, growing by half up to 4 s; give up after 10 minutes. */
export const POLL_FIRST_DELAY_MS = 1000;
const POLL_MAX_DELAY_MS = 4000;
export const PREPARE_POLLING: PreparePolling = {
  delayMs: (poll) => Math.min(POLL_MAX_DELAY_MS, Math.round(POLL_FIRST_DELAY_MS * 1.5 ** poll)),
  giveUpMs: 10 * 60 * 1000,
  timeoutMessage: PREPARE_TIMEOUT_MESSAGE,
};

/**
 * Waits until the server has prepared `upload` (its renditions, a crop, an enhanced copy): TanStack Query polls
 * `GET /api/uploads/:id` (`refetchInterval`) while the answer says 'processing'. A failed preparation is an ApiError;
 * aborting the signal stops the wait with an AbortError.
 */
export function waitUntilReady(
  queryClient: QueryClient,
  upload: UploadedPhoto,
  options: { signal?: AbortSignal; polling?: PreparePolling } = {},
): Promise<UploadedPhoto> {
  const { signal, polling = PREPARE_POLLING } = options;
  const finished = (current: UploadedPhoto) => {
    if (current.status === 'failed' || !current.url) throw clientError(422, 'IMAGE_UNREADABLE', PREPARE_FAILED_MESSAGE);
    return current;
  };
  if (upload.status !== 'processing') return Promise.resolve().then(() => finished(upload));
  if (signal?.aborted) return Promise.reject(abortError());
  const { queryKey } = uploadQueryOptions(upload._id);
  queryClient.setQueryData(queryKey, upload);
  const start = queryClient.getQueryState(queryKey);
  const answersBefore = (start?.dataUpdateCount ?? 0) + (start?.errorUpdateCount ?? 0);
  const observer = new QueryObserver(queryClient, {
    ...uploadQueryOptions(upload._id),
    staleTime: Infinity,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      const { data, error, dataUpdateCount, errorUpdateCount } = query.state;
      if ((error && !isTransient(error)) || data?.status !== 'processing') return false;
      return polling.delayMs(dataUpdateCount + errorUpdateCount - answersBefore);
    },
  });
  return new Promise<UploadedPhoto>((resolve, reject) => {
    const stop = () => {
      unsubscribe();
      clearTimeout(giveUp);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      void queryClient.cancelQueries({ queryKey });
      reject(abortError());
    };
    const giveUp = setTimeout(() => {
      stop();
      reject(clientError(0, 'PREPARE_TIMEOUT', polling.timeoutMessage));
    }, polling.giveUpMs);
    const unsubscribe = observer.subscribe(({ data, error, isFetching }) => {
      if (isFetching) return;
      if (error && !isTransient(error)) {
        stop();
        reject(error);
      } else if (data && data.status !== 'processing') {
        stop();
        try {
          resolve(finished(data));
        } catch (failure) {
          reject(failure);
        }
      } else if (data && !error) {
        polling.onProcessing?.(data);
      }
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
