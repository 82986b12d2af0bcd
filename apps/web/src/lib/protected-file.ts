/**
 * Files the API serves only with the bearer token (print files, mock-ups, tax invoices): `<img src>` and plain links
 * cannot send it, so they are fetched and handed to the page or to the browser's download.
 */
import { ERROR_CATALOGUE } from '@framewala/domain';
import { ApiError } from './api';
import { clearSession, getToken } from './auth';
import { redirectToSignIn } from './auth-request';

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain?.[2]?.trim() || null;
}

/**
 * A protected file fetched with the bearer token.
 * Errors become `ApiError`s with the server's `{message, code}`; a refused token signs out as `authedRequest` does.
 */
export async function fetchProtectedFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  if (!token) {
    clearSession();
    redirectToSignIn();
    throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: ERROR_CATALOGUE.UNAUTHORIZED.message });
  }
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      // eslint-disable-next-line lingui/no-unlocalized-strings -- English for logs; pages show the failure by its code
      message: 'We could not reach Framewala. Please check your connection and try again.',
    });
  }
  if (!response.ok) {
    let body: Record<string, unknown> = {};
    try {
      const parsed = (await response.json()) as unknown;
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // not JSON
    }
    if (response.status === 401 && getToken() === token) {
      clearSession();
      redirectToSignIn();
    }
    const { message, code, ...details } = body;
    throw new ApiError({
      status: response.status,
      code: typeof code === 'string' ? code : `HTTP_${response.status}`,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- English for logs; pages show the failure by its code
      message: typeof message === 'string' ? message : `Request failed with status ${response.status}`,
      details,
    });
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
}

/** Saves a blob under a file name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a protected file and saves it as a download, under the server's file name or `fallbackName`. */
export async function downloadProtectedFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchProtectedFile(path);
  saveBlob(blob, fileName ?? fallbackName);
}
