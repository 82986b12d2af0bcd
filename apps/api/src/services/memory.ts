/**
 * A full garbage collection, started now and left to run concurrently, when the process was started with
 * `--expose-gc` (scripts/server-process.mjs, as `npm start` does); nothing otherwise.
 *
 * The server runs with a 128 MB floor under V8's old-generation limit so that receiving a large photo does not set off
 * back-to-back full collections (docs/decisions/035-upload-writes-around-the-page-cache.md). Below that floor V8 also
 * skips collections it would otherwise make, so the garbage of starting up (~20–30 MB) and of a large photo's render
 * would stay in the heap until the next big job, whose peak memory it adds to. Called once the server is up and after
 * each background render.
 */
export function collectGarbageSoon(): void {
  const gc = (globalThis as { gc?: (options: { type: 'major'; execution: 'async' }) => Promise<void> | void }).gc;
  if (!gc) return;
  void Promise.resolve(gc({ type: 'major', execution: 'async' })).catch(() => undefined);
}
