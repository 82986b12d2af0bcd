/**
 * Upload progress as the upload panel shows it, and the cancellation error shared by the upload calls.
 */

export type UploadProgress = {
  loaded: number;
  total: number;
  percent: number;
  /** Recent sending speed, null until measured. */
  bytesPerSecond: number | null;
  /** At that speed, null until measured. */
  secondsLeft: number | null;
};

export function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
