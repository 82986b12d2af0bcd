/**
 * A multipart file upload with progress events and cancel: fetch cannot report upload progress, XMLHttpRequest can.
 * Answers and failures look like `apiRequest`'s: the parsed JSON body, or an `ApiError` carrying the server's
 * `{message, code}` and status.
 */
import { ApiError } from './api';

export type UploadProgress = { loaded: number; total: number; percent: number };

export type PostFileOptions = {
  /** The multipart field name. */
  field: string;
  file: Blob & { name?: string };
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with a DOMException named 'AbortError'. */
  signal?: AbortSignal;
};

const NETWORK_ERROR_MESSAGE = 'The upload was interrupted. Please check your connection and try again.';

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
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
  return new ApiError({ status, code: `HTTP_${status}`, message: `Request failed with status ${status}` });
}

export function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function postFileWithProgress<T>(url: string, options: PostFileOptions): Promise<T> {
  const { field, file, headers = {}, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      const loaded = Math.min(event.loaded, total);
      onProgress({ loaded, total, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 });
    };
    xhr.onload = () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(errorFrom(xhr.status, body));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });

    const form = new FormData();
    form.append(field, file, file.name ?? 'photo');
    xhr.send(form);
  });
}
