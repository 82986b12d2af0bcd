/**
 * `npm run bench:upload`: the upload pipeline on the largest photos the shop accepts, through the real HTTP endpoint.
 *
 * 1. Generates, in a temporary folder, a 24 MP, a 100 MP and a 1000 MP JPEG (photo-like texture, quality 85) and an
 *    uncompressed RGB TIFF of 22400 × 22400 (1.5 GB).
 * 2. Starts the real server as a child process (own DATA_DIR, embedded PostgreSQL; a first start creates the database
 *    and draws the catalogue, then the server is restarted and measured warm, as it runs day to day), and a bare Node
 *    HTTP server that only counts bytes. Each file is sent to both as the same multipart body.
 * 3. For each file prints: upload throughput against the raw stream (best of three sends each, a raw send right
 *    before each upload, the file read as it is sent (readyToSend); judged on the first three uploads, "cold", and
 *    shown after a warm-up too; the MB/s and the client's CPU time of every send are logged), the disk's own speed for
 *    direct writes of the same size (shown, not judged), time until the rendition is ready (polling the status for
 *    files that go to the background job), the server's peak RSS (VmHWM, reset before each file: sharp/libvips memory
 *    and the pages of files it maps are included; private memory shown too) and its CPU time, and ImageMagick making
 *    the same rendition from the same file (skipped, with its reason, when it cannot).
 * 4. Crops of the 1000 MP JPEG (a large region and a small one cut at full resolution), timed the same way.
 * 5. A table, then one line of JSON with the figures and `"ok"` for the targets. Everything generated is removed.
 *
 * Needs about 10 GB free in the temporary folder (the inputs, and the server's copies of three uploads of each).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../../../scripts/server-process.mjs';
import { DIRECT_WRITE_FLAGS, directWritesSupported } from '../src/services/uploads/direct-io';
import { WRITE_BATCH_BYTES, WRITE_BUFFERS } from '../src/services/uploads/receive';
import { ScanBuffer } from '../src/services/uploads/scan-buffer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const MB = 1024 * 1024;

/** Sends of each file to each server; the throughput is the best of them (the machine is shared and noisy). */
const RUNS = 3;

/**
 * Writes dirty pages to disk before a timed upload, so that one run is not slowed by writing back the files the
 * bench itself has just generated or uploaded.
 */
function flushDisk(): void {
  spawnSync('sync');
}

/**
 * How the client sends an input, to the raw server and to the shop alike: as curl sends a file, reading it as it
 * goes into a few buffers that are reused (sendMultipart), after writing dirty pages out and reading the file through
 * once (readyToSend), so it comes from the page cache. BENCH_FROM_MEMORY=1 instead reads each input into memory once
 * and sends slices of that one buffer: the fastest this client can send, to see how fast loopback goes.
 *
 * The client used to stream the file with fs.createReadStream, a new 1 MiB Buffer for every read. Once the bench
 * process had waited for a rendition, V8 kept its heap limit just above the ~9 MB it keeps alive, and every few of
 * those Buffers (external memory) started a full mark-compact: --trace-gc showed one every ~30 ms through the later
 * sends, and the client's CPU per 316 MB send rose from 40–70 ms of user time to 160–220 ms. The raw server's sends
 * all came first, the shop's after, so the shop was measured through a slower client
 * (docs/decisions/038-upload-bench-client.md). Reused buffers, or slices of one, allocate no external memory.
 */
function loadInput(file: string): Buffer {
  return fs.readFileSync(file);
}

/** Before every timed send: dirty pages written out (flushDisk), and the input read through when sent from its file. */
function readyToSend(source: Source): void {
  flushDisk();
  if (!('file' in source)) return;
  const fd = fs.openSync(source.file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(8 * MB);
    while (fs.readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * What the disk takes, measured after each pair of sends: `bytes` (rounded up to whole 4 MiB blocks) written into a
 * new file in `dir` as the server writes an upload (decision 035): O_DIRECT, from page-aligned buffers, the server's
 * batch size, as many writes in flight as it has buffers. A server that stores the photo as it arrives cannot take
 * it faster than this for long, whatever the network; the raw server stores nothing. Null where the folder refuses
 * direct writes.
 */
async function directWriteMBps(dir: string, bytes: number): Promise<number | null> {
  if (!(await directWritesSupported(dir))) return null;
  const lanes = WRITE_BUFFERS;
  const buffers = Array.from({ length: lanes }, () => new ScanBuffer(WRITE_BATCH_BYTES).data.fill(0x5a));
  const blocks = Math.ceil(bytes / WRITE_BATCH_BYTES);
  const file = path.join(dir, `bench-disk-${randomBytes(4).toString('hex')}`);
  const handle = await fsp.open(file, DIRECT_WRITE_FLAGS);
  try {
    const started = performance.now();
    await Promise.all(
      buffers.map(async (buffer, lane) => {
        for (let block = lane; block < blocks; block += lanes) await handle.write(buffer, 0, buffer.length, block * buffer.length);
      }),
    );
    return (blocks * WRITE_BATCH_BYTES) / MB / ((performance.now() - started) / 1000);
  } finally {
    await handle.close();
    await fsp.rm(file, { force: true });
  }
}

/**
 * The warm-up before a "warm" send: writes a scratch file as large as the upload into the server's temporary folder
 * and deletes it, so the page-cache memory the upload is about to be written into has just been used and freed — the
 * steady state of a server that has been receiving uploads (its page cache recycles memory). On this virtual machine
 * memory that has not been touched for a while is handed back to the host (free page reporting) and the first write
 * into it runs at ~0.1–0.3 GB/s against ~0.3–0.8 GB/s into recycled memory (dd, 768 MiB), whatever writes it.
 * docs/decisions/033-upload-memory-and-throughput.md. Since the server writes uploads around the page cache (decision
 * 035) this should change nothing: the warm column is printed to show it, and the target is judged on cold sends.
 */
async function warmPageCache(dir: string, bytes: number): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `bench-warm-${randomBytes(4).toString('hex')}`);
  const block = Buffer.alloc(4 * MB, 0x5a);
  const handle = await fsp.open(file, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) await handle.write(block, 0, Math.min(block.length, bytes - written));
  } finally {
    await handle.close();
  }
  await fsp.rm(file, { force: true });
}

/** BENCH_SERVER_NODE_ARGS: extra node flags for the server (after the usual ones), e.g. '--trace-gc' while investigating. */
const EXTRA_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

const TARGETS = { peakRssMB: 600, gigapixelReadySeconds: 5, imageMagickSpeedup: 3, throughputRatio: 0.7 };

interface Input {
  name: string;
  file: string;
  kind: 'jpeg' | 'tiff';
  width: number;
  height: number;
}

const log = (...args: unknown[]) => console.error('[bench]', ...args);
const seconds = (ms: number) => Math.round(ms) / 1000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ─── inputs ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A photo-like texture (soft noise, colour-shifted), tiled to any size by libvips without holding the image. */
async function texture(): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 1024, height: 1024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(1)
    .png()
    .toBuffer();
  return sharp(noise).linear([1.2, 0.9, 0.7], [-20, 10, 30]).png().toBuffer();
}

async function generate(input: Input, tile: Buffer): Promise<void> {
  const started = Date.now();
  const image = sharp(tile, { limitInputPixels: false }).extend({
    right: input.width - 1024,
    bottom: input.height - 1024,
    extendWith: 'repeat',
  });
  if (input.kind === 'jpeg') {
    // optimiseCoding off: libjpeg would otherwise keep every coefficient of the gigapixel image in memory.
    await image.jpeg({ quality: 85, optimiseCoding: false }).toFile(input.file);
  } else {
    await image.tiff({ compression: 'none' }).toFile(input.file);
  }
  log(`generated ${input.name}: ${round(fs.statSync(input.file).size / MB)} MB in ${seconds(Date.now() - started)} s`);
}

// ─── processes ───────────────────────────────────────────────────────────────────────────────────────────────────

interface Child {
  child: ChildProcess;
  output: () => string;
}

function startChild(args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

async function waitFor(child: Child, pattern: RegExp, ms: number, what: string): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const match = child.output().match(pattern);
    if (match) return match;
    if (child.child.exitCode !== null) throw new Error(`${what} exited:\n${child.output()}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: Child | undefined): Promise<void> {
  if (!child || child.child.exitCode !== null) return;
  const exited = new Promise((r) => child.child.once('exit', r));
  child.child.kill('SIGTERM');
  const timer = setTimeout(() => child.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

const RAW_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  let bytes = 0;
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => res.end(JSON.stringify({ bytes })));
});
server.listen(0, '127.0.0.1', () => console.log('raw listening on ' + server.address().port));
`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// ─── memory and CPU of the server process ───────────────────────────────────────────────────────────────────────

function procStatus(pid: number): Record<string, number> {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^(VmHWM|VmRSS|RssAnon|RssFile):\s+(\d+) kB/.exec(line);
    if (match) values[match[1]!] = Number(match[2]) / 1024;
  }
  return values;
}

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return ticks / 100;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS, then samples private memory until stopped. */
function watchMemory(pid: number): () => { peakRssMB: number; peakAnonMB: number; peakFileMB: number; rssBeforeMB: number } {
  let resetWorked = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    resetWorked = false;
  }
  let peakAnon = 0;
  let peakRss = 0;
  let peakFile = 0;
  const rssBefore = procStatus(pid).VmRSS ?? 0;
  const sample = () => {
    const s = procStatus(pid);
    peakAnon = Math.max(peakAnon, s.RssAnon ?? 0);
    peakRss = Math.max(peakRss, s.VmRSS ?? 0);
    peakFile = Math.max(peakFile, s.RssFile ?? 0);
  };
  sample();
  const timer = setInterval(sample, 25);
  return () => {
    clearInterval(timer);
    sample();
    const hwm = procStatus(pid).VmHWM ?? 0;
    return {
      peakRssMB: round(resetWorked ? Math.max(hwm, peakRss) : peakRss),
      peakAnonMB: round(peakAnon),
      peakFileMB: round(peakFile),
      rssBeforeMB: round(rssBefore),
    };
  };
}

// ─── HTTP ────────────────────────────────────────────────────────────────────────────────────────────────────────

interface Sent {
  status: number;
  body: string;
  /** From the first byte written to the last one handed to the socket. */
  sendSeconds: number;
  /** The client's CPU time over the send (its user and system time, until the answer). */
  clientCpuMs: number;
  startedAt: number;
  /** When the last byte was handed to the socket, and when the answer was complete (performance.now()). */
  finishedAt: number;
  answeredAt: number;
  bytes: number;
}

/** What a send posts: the file, read as the send goes through READ_BUFFERS, or all of it from memory (loadInput). */
type Source = { file: string } | { data: Buffer };

/** The client's read buffers, reused by every send from a file (sends are one at a time). */
const READ_BUFFERS = Array.from({ length: 4 }, () => Buffer.allocUnsafeSlow(MB));

/** Posts the source as a multipart body (field `image`, named `name`), 1 MiB at a time. */
function sendMultipart(port: number, urlPath: string, name: string, source: Source, headers: Record<string, string> = {}): Promise<Sent> {
  const boundary = `----framewala-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = 'data' in source ? source.data.length : fs.statSync(source.file).size;
  const bytes = head.length + size + tail.length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let finishedAt = 0;
    let answered: { status: number; body: string; at: number } | undefined;
    // Both the request's 'finish' (last byte handed to the socket) and the answer's end are awaited: on loopback the
    // answer can be complete before 'finish' fires, so the send ends at whichever came first.
    const settle = () => {
      if (!answered || !finishedAt) return;
      const cpu = process.cpuUsage(cpuBefore);
      resolve({
        status: answered.status,
        body: answered.body,
        sendSeconds: (Math.min(finishedAt, answered.at) - started) / 1000,
        clientCpuMs: Math.round((cpu.user + cpu.system) / 1000),
        startedAt: started,
        finishedAt: Math.min(finishedAt, answered.at),
        answeredAt: answered.at,
        bytes,
      });
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        // A fresh connection each time: an idle keep-alive socket may have been closed by the server meanwhile.
        agent: false,
        method: 'POST',
        path: urlPath,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(bytes), ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => (body += c));
        response.on('end', () => {
          answered = { status: response.statusCode ?? 0, body, at: performance.now() };
          settle();
        });
      },
    );
    request.on('error', reject);
    request.on('finish', () => {
      finishedAt = performance.now();
      settle();
    });
    // A request the server answered early (and closed) never finishes: its send ended when the socket closed.
    request.on('close', () => {
      finishedAt ||= performance.now();
      settle();
    });
    request.write(head);
    let offset = 0;
    if ('data' in source) {
      const pump = () => {
        while (offset < size) {
          const slice = source.data.subarray(offset, offset + MB);
          offset += slice.length;
          if (!request.write(slice)) return void request.once('drain', pump);
        }
        request.end(tail);
      };
      pump();
      return;
    }
    // As curl sends a file: blocking reads into a few buffers, each written again once the socket has taken it.
    const fd = fs.openSync(source.file, 'r');
    const free = [...READ_BUFFERS];
    const pump = () => {
      // A send the server answered early and closed: the writes left fail, and the file is closed.
      if (request.destroyed) return;
      while (offset < size) {
        const buffer = free.pop();
        if (!buffer) return; // a write's callback comes back here
        const read = fs.readSync(fd, buffer, 0, Math.min(MB, size - offset), offset);
        if (read === 0) return void request.destroy(new Error(`${source.file} shrank while it was sent`));
        offset += read;
        request.write(buffer.subarray(0, read), () => {
          free.push(buffer);
          pump();
        });
      }
      if (!request.writableEnded) request.end(tail);
    };
    request.on('close', () => fs.closeSync(fd));
    pump();
  });
}

async function getJson(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { headers });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function postJson(port: number, urlPath: string, headers: Record<string, string>, body: object) {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Polls an upload until its status is no longer 'processing'; returns when that was seen. */
async function waitUntilReady(
  port: number,
  id: string,
  headers: Record<string, string>,
): Promise<{ upload: Record<string, unknown>; at: number }> {
  const until = Date.now() + 10 * 60_000;
  for (;;) {
    const { json } = await getJson(port, `/api/uploads/${id}`, headers);
    if (json.status !== 'processing') return { upload: json, at: performance.now() };
    if (Date.now() > until) throw new Error(`upload ${id} still processing after 10 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// ─── ImageMagick ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The real ImageMagick `convert` (the machine's `convert` on PATH may be a stand-in), or undefined. */
function findImageMagick(): string | undefined {
  for (const candidate of ['/usr/bin/convert', '/usr/bin/convert-im6.q16', 'convert', 'magick']) {
    const probe = spawnSync(candidate, ['-version'], { encoding: 'utf8' });
    if (probe.status === 0 && /ImageMagick/.test(probe.stdout)) return candidate;
  }
  return undefined;
}

function runImageMagick(convert: string, input: Input, out: string): { seconds: number; cpuSeconds: number | null } | { skipped: string } {
  const args = [`${input.file}[0]`, '-auto-orient', '-resize', '2048x2048>', '-colorspace', 'sRGB', '-quality', '85', out];
  // /usr/bin/time reports the CPU time ImageMagick used (its threads included), comparable to the server's.
  const timed = fs.existsSync('/usr/bin/time');
  const started = performance.now();
  const result = timed
    ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', convert, ...args], { encoding: 'utf8', timeout: 15 * 60_000 })
    : spawnSync(convert, args, { encoding: 'utf8', timeout: 15 * 60_000 });
  const elapsed = (performance.now() - started) / 1000;
  fs.rmSync(out, { force: true });
  if (result.error) return { skipped: result.error.message };
  const stderr = (result.stderr ?? '').trim();
  if (result.status !== 0)
    return { skipped: (stderr.split('\n').find((l) => !l.startsWith('Command exited')) ?? `exit ${result.status}`).slice(0, 160) };
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  return { seconds: round(elapsed, 2), cpuSeconds: cpu ? round(Number(cpu[1]) + Number(cpu[2]), 2) : null };
}

// ─── the run ─────────────────────────────────────────────────────────────────────────────────────────────────────

interface FileResult {
  name: string;
  bytes: number;
  megapixels: number;
  status: string;
  rawMBps: number;
  /** The disk's speed for direct writes of the file's size (best of those measured next to each send; see directWriteMBps). */
  diskMBps: number | null;
  /** Cold: uploads as they come (the first ones, no warm-up); the target is judged on this ratio. */
  uploadMBps: number;
  throughputRatio: number;
  /** The cold throughput against the disk's speed: shown, not judged. */
  diskRatio: number | null;
  /** Warm: right after a warm-up pass (see warmPageCache), shown to compare. */
  warmUploadMBps: number;
  warmThroughputRatio: number;
  /** From the last byte sent to the rendition being ready (the server's work, including job pickup). */
  readyAfterUploadSeconds: number;
  /** From the first byte sent to the rendition being ready. */
  readyFromStartSeconds: number;
  serverCpuSeconds: number;
  peakRssMB: number;
  peakAnonMB: number;
  peakFileMB: number;
  rssBeforeMB: number;
  imageMagickSeconds: number | null;
  imageMagickSkipped: string | null;
  imageMagickCpuSeconds: number | null;
  speedupVsImageMagick: number | null;
  /** The same in CPU seconds (ImageMagick's against the server's for the whole upload). */
  cpuSpeedupVsImageMagick: number | null;
}

interface CropResult {
  name: string;
  rect: { x: number; y: number; width: number; height: number };
  readySeconds: number;
  serverCpuSeconds: number;
  peakRssMB: number;
  peakAnonMB: number;
  peakFileMB: number;
  rssBeforeMB: number;
}

async function main(): Promise<void> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'framewala-bench-'));
  const free = fs.statfsSync(work);
  const freeGB = (free.bavail * free.bsize) / 1024 ** 3;
  if (freeGB < 10) throw new Error(`needs about 10 GB free in ${os.tmpdir()} (has ${round(freeGB)} GB)`);
  let raw: Child | undefined;
  let app: Child | undefined;
  const cleanup = async () => {
    await stop(app);
    await stop(raw);
    await fsp.rm(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const loadBefore = os.loadavg().map((n) => round(n, 2));
    log(`working in ${work}; load average ${loadBefore.join(' ')} on ${os.cpus().length} cores`);
    const inputs: Input[] = [
      { name: '24 MP JPEG', file: path.join(work, 'photo-24mp.jpg'), kind: 'jpeg', width: 6000, height: 4000 },
      { name: '100 MP JPEG', file: path.join(work, 'photo-100mp.jpg'), kind: 'jpeg', width: 12500, height: 8000 },
      { name: '1000 MP JPEG', file: path.join(work, 'photo-1000mp.jpg'), kind: 'jpeg', width: 40000, height: 25000 },
      { name: '1.5 GB TIFF', file: path.join(work, 'scan-22400.tif'), kind: 'tiff', width: 22400, height: 22400 },
    ];
    // BENCH_ONLY=24,1000 (megapixel counts; 'tiff' for the TIFF) runs a subset, e.g. while investigating one file.
    const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim().toLowerCase());
    if (only)
      inputs.splice(
        0,
        inputs.length,
        ...inputs.filter((i) => only.some((o) => i.name.toLowerCase().startsWith(`${o} `) || i.name.toLowerCase().includes(o))),
      );
    const tile = await texture();
    for (const input of inputs) await generate(input, tile);

    raw = startChild(['-e', RAW_SERVER], process.env);
    const rawPort = Number((await waitFor(raw, /raw listening on (\d+)/, 10_000, 'the raw server'))[1]);

    const port = await freePort();
    const dataDir = path.join(work, 'data');
    const serverEnv = {
      // As `npm start` runs the server (scripts/server-process.mjs).
      ...serverEnvironment(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    };
    // The first start creates the database and draws the catalogue's frame images once; the shop then runs warm, so
    // the server is measured after a restart, as it runs day to day.
    log('first start of the server (embedded PostgreSQL, migrations, catalogue)…');
    app = startChild([...SERVER_NODE_FLAGS, ...EXTRA_NODE_ARGS, '--import', 'tsx', SERVER], serverEnv);
    await waitFor(app, /Framewala is ready/, 5 * 60_000, 'the server');
    await stop(app);
    log('restarting the server…');
    app = startChild([...SERVER_NODE_FLAGS, ...EXTRA_NODE_ARGS, '--import', 'tsx', SERVER], serverEnv);
    await waitFor(app, /Framewala is ready/, 5 * 60_000, 'the server');
    const pid = app.child.pid!;
    await new Promise((r) => setTimeout(r, 5000));
    const idle = procStatus(pid);
    log(`server ready (pid ${pid}, RSS ${round(idle.VmRSS ?? 0)} MB)`);

    const convert = findImageMagick();
    if (!convert) log('ImageMagick not found (apt-get install -y imagemagick): its column is skipped');
    const claim = randomBytes(32).toString('base64url');
    const headers = { 'x-upload-claim': claim };

    const files: FileResult[] = [];
    const uploaded: Record<string, Record<string, unknown>> = {};
    const settle = () => new Promise((r) => setTimeout(r, 5000));
    for (const input of inputs) {
      const data: Source = process.env.BENCH_FROM_MEMORY ? { data: loadInput(input.file) } : { file: input.file };
      const name = path.basename(input.file);
      const bytes = fs.statSync(input.file).size;
      const tmpDir = path.join(dataDir, 'tmp');
      /**
       * One timed send to the raw server, then the same send to the shop, each after writing dirty pages out: the sides
       * alternate, so whatever the machine is doing at the time weighs on both (the raw sends used to come first, all
       * of them). Once the shop's rendition is ready, the disk's own speed is measured (measureDisk), after the sends
       * rather than before, so that neither send follows the disk's busiest moment.
       */
      const rawRuns: Sent[] = [];
      const diskRuns: number[] = [];
      const sendToShop = async (): Promise<Sent> => {
        const sent = await sendMultipart(port, '/api/upload-image', name, data, headers);
        if (sent.status !== 201) throw new Error(`${input.name}: upload answered ${sent.status}: ${sent.body}`);
        return sent;
      };
      const sendRawThenShop = async (): Promise<Sent> => {
        readyToSend(data);
        rawRuns.push(await sendMultipart(rawPort, '/', name, data));
        readyToSend(data);
        return sendToShop();
      };
      const measureDisk = async () => {
        flushDisk();
        const disk = await directWriteMBps(tmpDir, bytes);
        if (disk !== null) diskRuns.push(disk);
      };
      await settle(); // let the server's garbage collector run between files
      log(`${input.name}: raw stream, then upload…`);
      const memory = watchMemory(pid);
      const cpuBefore = cpuSeconds(pid);
      const sent = await sendRawThenShop();
      let upload = JSON.parse(sent.body) as Record<string, unknown>;
      const firstStatus = String(upload.status);
      let readyAt = sent.answeredAt;
      if (upload.status === 'processing') {
        const ready = await waitUntilReady(port, String(upload._id), headers);
        upload = ready.upload;
        readyAt = ready.at;
      }
      const mem = memory();
      const cpu = cpuSeconds(pid) - cpuBefore;
      if (upload.status !== 'ready') throw new Error(`${input.name}: ended ${String(upload.status)}`);
      uploaded[input.name] = upload;
      await measureDisk();
      // More sends of the same file for the throughput (the best of RUNS on each side): cold as above, then warm
      // (the shop's only, right after a warm-up pass freed as much page-cache memory as the upload takes).
      const uploadRuns: Sent[] = [sent];
      const warmRuns: Sent[] = [];
      for (let i = 1; i < 2 * RUNS; i++) {
        const warm = i >= RUNS;
        await settle();
        let again: Sent;
        if (warm) {
          readyToSend(data);
          await warmPageCache(tmpDir, bytes);
          again = await sendToShop();
        } else again = await sendRawThenShop();
        const body = JSON.parse(again.body) as Record<string, unknown>;
        if (body.status === 'processing') await waitUntilReady(port, String(body._id), headers);
        (warm ? warmRuns : uploadRuns).push(again);
        if (!warm) await measureDisk();
      }

      let imageMagickSeconds: number | null = null;
      let imageMagickSkipped: string | null = convert ? null : 'ImageMagick not installed';
      let imageMagickCpuSeconds: number | null = null;
      if (convert) {
        log(`${input.name}: ImageMagick…`);
        const im = runImageMagick(convert, input, path.join(work, 'im-out.jpg'));
        if ('seconds' in im) {
          imageMagickSeconds = im.seconds;
          imageMagickCpuSeconds = im.cpuSeconds;
        } else imageMagickSkipped = im.skipped;
      }
      const readyAfterUpload = (readyAt - sent.finishedAt) / 1000;
      const best = (runs: Sent[]) => runs.reduce((a, b) => (b.sendSeconds < a.sendSeconds ? b : a));
      const rawMBps = best(rawRuns).bytes / MB / best(rawRuns).sendSeconds;
      const uploadMBps = best(uploadRuns).bytes / MB / best(uploadRuns).sendSeconds;
      const each = (runs: Sent[]) => runs.map((r) => Math.round(r.bytes / MB / r.sendSeconds)).join(' / ');
      const cpuEach = (runs: Sent[]) => runs.map((r) => r.clientCpuMs).join(' / ');
      const diskMBps = diskRuns.length > 0 ? Math.max(...diskRuns) : null;
      log(
        `${input.name}: MB/s of each send: raw ${each(rawRuns)}; cold ${each(uploadRuns)}; warm ${each(warmRuns)}; the disk's direct writes ${diskRuns.map(Math.round).join(' / ') || 'not measured'}`,
      );
      log(
        `${input.name}: the client's CPU ms in each send: raw ${cpuEach(rawRuns)}; cold ${cpuEach(uploadRuns)}; warm ${cpuEach(warmRuns)}`,
      );
      const warmMBps = best(warmRuns).bytes / MB / best(warmRuns).sendSeconds;
      files.push({
        name: input.name,
        bytes,
        megapixels: round((input.width * input.height) / 1e6),
        status: firstStatus,
        rawMBps: round(rawMBps),
        uploadMBps: round(uploadMBps),
        throughputRatio: round(uploadMBps / rawMBps, 2),
        diskMBps: diskMBps === null ? null : round(diskMBps),
        diskRatio: diskMBps === null ? null : round(uploadMBps / diskMBps, 2),
        warmUploadMBps: round(warmMBps),
        warmThroughputRatio: round(warmMBps / rawMBps, 2),
        readyAfterUploadSeconds: round(readyAfterUpload, 2),
        readyFromStartSeconds: round((readyAt - sent.startedAt) / 1000, 2),
        serverCpuSeconds: round(cpu, 2),
        peakRssMB: mem.peakRssMB,
        peakAnonMB: mem.peakAnonMB,
        peakFileMB: mem.peakFileMB,
        rssBeforeMB: mem.rssBeforeMB,
        imageMagickSeconds,
        imageMagickSkipped,
        imageMagickCpuSeconds,
        speedupVsImageMagick: imageMagickSeconds ? round(imageMagickSeconds / readyAfterUpload, 1) : null,
        cpuSpeedupVsImageMagick: imageMagickCpuSeconds ? round(imageMagickCpuSeconds / cpu, 1) : null,
      });
      log(`${input.name}: ${JSON.stringify(files.at(-1))}`);
    }

    // Crops of the gigapixel photo: a large region (shrunk on load) and a small one cut at full resolution.
    const crops: CropResult[] = [];
    const giga = uploaded['1000 MP JPEG'];
    for (const [name, rect] of !giga
      ? []
      : ([
          ['1000 MP crop, 24000 × 15000', { x: 8000, y: 5000, width: 24000, height: 15000 }],
          ['1000 MP crop, 2000 × 2000 at the bottom right', { x: 37000, y: 22000, width: 2000, height: 2000 }],
        ] as const)) {
      log(`${name}…`);
      await settle();
      const memory = watchMemory(pid);
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const res = await postJson(port, `/api/uploads/${String(giga!._id)}/crop`, headers, rect);
      if (res.status !== 201) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
      let readyAt = performance.now();
      if (res.json.status === 'processing') readyAt = (await waitUntilReady(port, String(res.json._id), headers)).at;
      const mem = memory();
      crops.push({
        name,
        rect,
        readySeconds: round((readyAt - started) / 1000, 2),
        serverCpuSeconds: round(cpuSeconds(pid) - cpuBefore, 2),
        ...mem,
      });
      log(`${name}: ${JSON.stringify(crops.at(-1))}`);
    }

    const loadAfter = os.loadavg().map((n) => round(n, 2));
    const gigapixel = files.find((f) => f.name === '1000 MP JPEG');
    const checks = {
      peakRss: files.every((f) => f.peakRssMB <= TARGETS.peakRssMB) && crops.every((c) => c.peakRssMB <= TARGETS.peakRssMB),
      gigapixelReady: gigapixel !== undefined && gigapixel.readyAfterUploadSeconds <= TARGETS.gigapixelReadySeconds,
      imageMagick:
        files.every((f) => f.speedupVsImageMagick === null || f.speedupVsImageMagick >= TARGETS.imageMagickSpeedup) &&
        files.some((f) => f.speedupVsImageMagick !== null),
      throughput: files.every((f) => f.throughputRatio >= TARGETS.throughputRatio),
    };

    const table = [
      [
        'file',
        'MB',
        'MP',
        'answer',
        'raw MB/s',
        'disk MB/s',
        'cold MB/s',
        'cold ratio',
        'cold / disk',
        'warm MB/s',
        'warm ratio',
        'ready after upload s',
        'ready from start s',
        'server CPU s',
        'peak RSS MB',
        'private MB',
        'file pages MB',
        'RSS before MB',
        'ImageMagick s',
        'IM CPU s',
        'speed-up',
        'CPU speed-up',
      ],
      ...files.map((f) => [
        f.name,
        String(round(f.bytes / MB)),
        String(f.megapixels),
        f.status,
        String(f.rawMBps),
        String(f.diskMBps ?? '–'),
        String(f.uploadMBps),
        String(f.throughputRatio),
        String(f.diskRatio ?? '–'),
        String(f.warmUploadMBps),
        String(f.warmThroughputRatio),
        String(f.readyAfterUploadSeconds),
        String(f.readyFromStartSeconds),
        String(f.serverCpuSeconds),
        String(f.peakRssMB),
        String(f.peakAnonMB),
        String(f.peakFileMB),
        String(f.rssBeforeMB),
        f.imageMagickSeconds === null ? `skipped` : String(f.imageMagickSeconds),
        f.imageMagickCpuSeconds === null ? '–' : String(f.imageMagickCpuSeconds),
        f.speedupVsImageMagick === null ? '–' : `${f.speedupVsImageMagick}×`,
        f.cpuSpeedupVsImageMagick === null ? '–' : `${f.cpuSpeedupVsImageMagick}×`,
      ]),
    ];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
    console.log(
      `\nUpload pipeline, ${os.cpus().length} cores, load average ${loadBefore.join(' ')} → ${loadAfter.join(' ')}, server idle RSS ${round(idle.VmRSS ?? 0)} MB`,
    );
    console.log(line(table[0]!));
    for (const row of table.slice(1)) console.log(line(row));
    for (const f of files) if (f.imageMagickSkipped) console.log(`ImageMagick skipped ${f.name}: ${f.imageMagickSkipped}`);
    for (const c of crops)
      console.log(
        `${c.name}: ready in ${c.readySeconds} s, server CPU ${c.serverCpuSeconds} s, peak RSS ${c.peakRssMB} MB (private ${c.peakAnonMB} MB, file pages ${c.peakFileMB} MB; ${c.rssBeforeMB} MB before)`,
      );
    console.log(
      `Targets: peak RSS ≤ ${TARGETS.peakRssMB} MB ${checks.peakRss ? 'met' : 'MISSED'}; 1000 MP rendition ≤ ${TARGETS.gigapixelReadySeconds} s ${checks.gigapixelReady ? 'met' : 'MISSED'}; ≥ ${TARGETS.imageMagickSpeedup}× ImageMagick ${checks.imageMagick ? 'met' : 'MISSED'}; throughput ≥ ${TARGETS.throughputRatio * 100} % of raw (cold) ${checks.throughput ? 'met' : 'MISSED'}`,
    );
    console.log(
      JSON.stringify({
        ok: Object.values(checks).every(Boolean),
        checks,
        targets: TARGETS,
        cores: os.cpus().length,
        loadAverage: { before: loadBefore, after: loadAfter },
        serverIdleRssMB: round(idle.VmRSS ?? 0),
        files,
        crops,
      }),
    );
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
});
