/**
 * The editor's enhance call: `POST /api/uploads/:id/enhance`, then the wait (TanStack Query polling
 * `GET /api/uploads/:id` every second) until the new photo is ready, reporting the job's progress (0–1) as the server
 * stores it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EnhanceBody } from '@framewala/domain';
import { apiRequest } from '../../../lib/api';
import { uploadRequestHeaders } from '../../../lib/uploads/upload-claim';
import { PREPARE_FAILED_MESSAGE, toUploadedPhoto, waitUntilReady, type UploadedPhoto } from '../../../lib/uploads/upload-api';

export const ENHANCE_POLL_MS = 1000;
const GIVE_UP_MS = 60 * 60 * 1000;

export async function enhancePhoto(
  queryClient: QueryClient,
  id: string,
  body: EnhanceBody,
  options: { onProgress?: (done: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhoto> {
  const answer = await apiRequest<unknown>(`/api/uploads/${encodeURIComponent(id)}/enhance`, {
    body,
    headers: uploadRequestHeaders(),
    signal: options.signal,
  });
  options.onProgress?.(0);
  const ready = await waitUntilReady(queryClient, toUploadedPhoto(answer), {
    signal: options.signal,
    polling: {
      delayMs: () => ENHANCE_POLL_MS,
      giveUpMs: GIVE_UP_MS,
      timeoutMessage: PREPARE_FAILED_MESSAGE,
      onProcessing: (upload) => {
        if (typeof upload.progress === 'number') options.onProgress?.(upload.progress);
      },
    },
  });
  options.onProgress?.(1);
  return ready;
}
