import type { z } from 'zod';

/**
 * A small fetch wrapper for the shop's JSON API (the contracts are the domain's schemas).
 *
 * - Paths are same-origin (`/api/...`); the Vite dev server proxies them to the API server.
 * - Bodies are JSON unless a FormData is given (then the browser sets the multipart boundary).
 * - Every failure becomes an `ApiError` carrying the server's `{ message, code }`, its HTTP status,
 *   and any extra fields of the error body in `details`.
 */

export type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor({ status, code, message, details = {} }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; a FormData is sent as multipart. */
  body?: unknown;
  /** Bearer token for the calls marked 🔒 in the API contract. */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

// An ApiError's message is the API's English, for developers and logs: customers read `errorText` (lib/error-messages),
// which shows the message of the error's code in their language.
// eslint-disable-next-line lingui/no-unlocalized-strings -- English for developers (see above)
const NETWORK_ERROR_MESSAGE = 'We could not reach Framewala. Please check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  if (isRecord(body)) {
    const { message, code, ...details } = body;
    return new ApiError({
      status: response.status,
      code: typeof code === 'string' && code !== '' ? code : `HTTP_${response.status}`,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- English for developers (see above)
      message: typeof message === 'string' && message !== '' ? message : `Request failed with status ${response.status}`,
      details,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- English for developers (see above)
    message: `Request failed with status ${response.status}`,
  });
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, token, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;

  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not a text
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }

  const data = await readBody(response);
  if (!response.ok) throw errorFromResponse(response, data);
  return data as T;
}

/** A 200 answer whose shape is not the contract's: the page says so instead of crashing. */
export const badAnswer = () =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- English for developers (see above)
  new ApiError({ status: 200, code: 'BAD_RESPONSE', message: 'The shop gave an answer we did not understand.' });

/** Checks an answer against its contract (a domain schema); a mismatch is a `BAD_RESPONSE` ApiError. */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badAnswer();
  return parsed.data;
}

export const api = {
  get: <T>(path: string, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<ApiRequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
};
