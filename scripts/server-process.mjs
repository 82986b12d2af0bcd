/**
 * How the server process is started: glibc malloc settings (read by glibc at process start, so the server cannot set
 * them for itself) and V8 flags. `npm start` (scripts/start.mjs) and the benches start the server with both, and
 * docs/deploy.md asks other deployments to do the same.
 *
 * glibc (docs/decisions/033-upload-memory-and-throughput.md, 035-upload-writes-around-the-page-cache.md):
 * - At most two arenas, and blocks of 128 KiB or more mapped on their own and unmapped when freed: glibc gives the
 *   memory libvips used for a photo back to the system.
 * - Free memory at the top of the heap kept up to 32 MiB rather than 128 KiB. Setting the mmap threshold also stops
 *   glibc raising the trim threshold by itself, and an upload allocates and frees a 64 KiB buffer for every socket
 *   read, so the heap was cut back and faulted in again after every garbage collection: ~7,000 page faults and a
 *   third more server CPU per 316 MB upload.
 *
 * V8 (decision 035):
 * - `--initial-old-space-size=128` also makes 128 MB the old generation's lowest allocation limit. V8 counts external
 *   memory allocated since the last full collection against that limit, and an upload allocates 64 KiB of it per
 *   socket read (Node's HTTP parser copies every body chunk into a new Buffer; up to 32 MB between two scavenges).
 *   With the ~45 MB the server keeps alive and V8's own limit a few MB above that, every upload after the first large
 *   photo ran full collections back to back (10–12 per 316 MB, half the server's CPU): 0.39 of the raw stream's
 *   throughput against 0.69 with the flag.
 */
export const SERVER_MALLOC_ENV = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: String(32 * 1024 * 1024),
});

/** The server's environment: the malloc settings, unless the environment already sets them. */
export function serverEnvironment(env = process.env) {
  return { ...SERVER_MALLOC_ENV, ...env };
}

/**
 * Node/V8 flags for the server, before `--import tsx`. `--expose-gc` lets the server start a concurrent full
 * collection once it is up and after each background render (apps/api/src/services/memory.ts): below the floor V8
 * would keep that garbage until the next big job.
 */
export const SERVER_NODE_FLAGS = Object.freeze(['--initial-old-space-size=128', '--expose-gc']);
