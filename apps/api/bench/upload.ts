/**
 * `npm run bench:upload`: photo uploads as customers on phone networks make them, through tus (tus-js-client in Node)
 * and a TCP proxy of the bench's own between client and server that limits the link's rate, adds latency and cuts it.
 *
 * 1. Flaky phone link: a ~60 MB JPEG at 20 Mbit/s with 40 ms latency, the connection cut three times. Targets: it
 *    completes; bytes re-sent ≤ 5 % of the file; time ≤ the ideal (size ÷ link rate) + 3 s per cut.
 * 2. Many slow customers: 40 uploading at once at 2 Mbit/s each for 60 s (each from its own loopback address, as 40
 *    phones are). Targets: 0 errors; server peak RSS ≤ 600 MB; no upload stalls for more than 5 s.
 * 3. The largest photos, no link limit: the 1000 MP JPEG and a ≥ 1.5 GB TIFF through tus. Targets: rendition ready
 *    ≤ 5 s after the last byte; server peak RSS ≤ 600 MB; ≥ 3× faster than ImageMagick making the same rendition.
 *    ImageMagick is required: without it the bench fails and says how to install it. Beside them, the floor: the
 *    server's rendition code alone on the same file in a fresh process (render-alone.ts).
 *
 * 4. Progressive JPEGs (decision 107): libjpeg keeps every coefficient of a progressive image, so the server reads a
 *    JPEG's cost from its header and refuses one that would hold more than 200 MB. Beside the baseline 1000 MP JPEG,
 *    a progressive 1000 MP JPEG (a real progressive file's header and scans, its frame header saying 40000 × 25000, with
 *    comments enough to pass the bytes-per-pixel rule: encoding the pixels would itself hold 3–6 GB) and the largest
 *    progressive photo the rule admits (64 MP 4:2:0, encoded in full). Target: the server's peak private memory
 *    ≤ 600 MB for each; the 1000 MP one refused with 422 IMAGE_PROGRESSIVE_TOO_LARGE. Not part of the default run:
 *    BENCH_ONLY=progressive.
 *
 * Inputs are generated in a temporary folder (photo-like noise; the real phone photos in ../shared/photos are used
 * for the slow customers when present) and removed at the end. BENCH_ONLY=flaky,slow,large runs a subset.
 * Prints a table, then one line of JSON with the figures and "ok".
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Upload as TusUpload } from 'tus-js-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER = path.join(ROOT, 'apps/api/src/server.ts');
const SHARED_PHOTOS = path.resolve(ROOT, '../shared/photos');
const MB = 1024 * 1024;
const ONLY = new Set((process.env.BENCH_ONLY ?? 'flaky,slow,large').split(',').map((s) => s.trim()));
const log = (...args: unknown[]) => console.error('[bench]', ...args);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ─── the link: a TCP proxy limiting rate and latency, and cutting ──────────────────────────────────────────────────

interface LinkOptions {
  /** Bits per second each way; 0: no limit. */
  bitsPerSecond: number;
  /** One-way delay added to every piece, in ms. */
  latencyMs: number;
  /** Source address towards the server (a customer's own loopback address). */
  localAddress?: string;
}

/** For BENCH_DEBUG: time links were held back by the far end, and time their timers fired late. */
const linkStats = { heldBackMs: 0, lateMs: 0 };

/**
 * One direction of a link: pieces leave no sooner than `latency` after arriving and no faster than the rate. The rate
 * is a clock of the link's own (each piece leaves when the previous one has finished leaving), so a timer that fires
 * late sends the pieces that are due together instead of slowing the link down; and the far end's backpressure holds
 * the link back, as a receiver that stops reading holds back a real one. `delivered` is told of every piece handed on.
 */
function pipeLimited(from: net.Socket, to: net.Socket, options: LinkOptions, count: (n: number) => void, delivered?: () => void): void {
  const queue: Array<{ data: Buffer; due: number }> = [];
  let queued = 0;
  let freeAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let blocked = false;
  let plannedAt = 0;
  // Room for what the link holds in flight (rate × latency, twice over) before the sender is held back.
  const highWater = 64 * 1024 + Math.ceil(((options.bitsPerSecond / 8) * options.latencyMs * 2) / 1000);
  const pump = () => {
    const now = performance.now();
    if (timer) linkStats.lateMs += Math.max(0, now - plannedAt);
    timer = undefined;
    while (queue.length > 0 && !blocked) {
      const head = queue[0]!;
      // The link is busy until freeAt; a piece that arrives on an idle link starts when it is due.
      const leave = Math.max(head.due, freeAt);
      if (leave > now) {
        plannedAt = now + Math.max(1, leave - now);
        timer = setTimeout(pump, Math.max(1, leave - now));
        break;
      }
      queue.shift();
      queued -= head.data.length;
      freeAt = leave + (options.bitsPerSecond > 0 ? (head.data.length * 8 * 1000) / options.bitsPerSecond : 0);
      if (to.destroyed) continue;
      if (!to.write(head.data)) {
        blocked = true;
        const since = performance.now();
        to.once('drain', () => {
          blocked = false;
          linkStats.heldBackMs += performance.now() - since;
          // The link was held back, not idle: it continues at its rate from now.
          freeAt = Math.max(freeAt, performance.now());
          if (!timer) pump();
        });
      }
      delivered?.();
    }
    // The sender is let go again as soon as there is room, not only once the link has emptied (which would leave the
    // link idle for a latency each time).
    if (queued < highWater && from.isPaused()) from.resume();
  };
  from.on('data', (chunk: Buffer) => {
    count(chunk.length);
    // Pieces of at most 16 KB, so the rate is smooth.
    for (let at = 0; at < chunk.length; at += 16 * 1024) {
      const data = chunk.subarray(at, at + 16 * 1024);
      queue.push({ data, due: performance.now() + options.latencyMs });
      queued += data.length;
    }
    if (queued >= highWater) from.pause();
    if (!timer && !blocked) pump();
  });
  from.on('end', () => {
    const finish = () => (queue.length === 0 ? to.end() : setTimeout(finish, 5));
    finish();
  });
}

class Link {
  readonly sockets = new Set<net.Socket>();
  /** Bytes the client sent into the link (towards the server). */
  upBytes = 0;
  /** When the link last handed bytes to the server. */
  lastDeliveredAt = 0;
  private readonly server: net.Server;
  port = 0;

  constructor(
    private readonly target: number,
    private readonly options: LinkOptions,
  ) {
    this.server = net.createServer((client) => {
      const upstream = net.connect({ port: this.target, host: '127.0.0.1', localAddress: options.localAddress });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close);
      upstream.on('close', close);
      pipeLimited(
        client,
        upstream,
        options,
        (n) => (this.upBytes += n),
        () => (this.lastDeliveredAt = performance.now()),
      );
      pipeLimited(upstream, client, options, () => undefined);
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** The train enters a tunnel: every connection through the link is cut at once. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// ─── the server ───────────────────────────────────────────────────────────────────────────────────────────────────

interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function startServer(work: string): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // BENCH_DEBUG=1: the server writes a diagnostic report (heap, external memory) on SIGUSR2.
      ...(process.env.BENCH_DEBUG ? { NODE_OPTIONS: `--report-on-signal --report-directory=${work}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const until = Date.now() + 180_000;
  while (!/Framewala is ready/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    if (Date.now() > until) throw new Error(`the server did not start:\n${out}`);
    await sleep(200);
  }
  return { child, port, dataDir, output: () => out };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function rssOf(pid: number): { rss: number; hwm: number; anon: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon') };
}

/**
 * Resets the server's peak RSS, then samples it until stopped; answers the peak in MB. RSS counts the pages of files
 * the server maps (libvips maps a photo it decodes), which the kernel can drop at any time: the peak of the server's
 * private memory (RssAnon, sampled) is kept in `privatePeak` to be shown beside it.
 */
function watchMemory(pid: number, privatePeak: { mb: number } = { mb: 0 }): () => number {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not allowed here: the samples alone
  }
  let peak = 0;
  const sample = () => {
    try {
      const now = rssOf(pid);
      peak = Math.max(peak, now.rss);
      privatePeak.mb = Math.max(privatePeak.mb, round(now.anon));
    } catch {
      // the process is gone
    }
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    try {
      peak = Math.max(peak, rssOf(pid).hwm);
    } catch {
      // gone
    }
    return round(peak);
  };
}

/** BENCH_DEBUG: the server's RSS beside its JavaScript heap and external (Buffer) memory, from a diagnostic report. */
function reportMemory(server: Server, work: string): void {
  const before = new Set(fs.readdirSync(work));
  const { rss } = rssOf(server.child.pid!);
  server.child.kill('SIGUSR2');
  setTimeout(() => {
    const file = fs.readdirSync(work).find((f) => f.startsWith('report.') && !before.has(f));
    if (!file) return;
    const report = JSON.parse(fs.readFileSync(path.join(work, file), 'utf8')) as {
      javascriptHeap: { totalMemory: number; usedMemory: number; externalMemory?: number; mallocedMemory?: number };
    };
    const heap = report.javascriptHeap;
    log(
      `server: RSS ${round(rss)} MB; JS heap ${round(heap.totalMemory / MB)} MB (used ${round(heap.usedMemory / MB)}), external ${round((heap.externalMemory ?? 0) / MB)} MB, V8 malloced ${round((heap.mallocedMemory ?? 0) / MB)} MB`,
    );
    fs.rmSync(path.join(work, file), { force: true });
  }, 1500);
}

// ─── uploads ──────────────────────────────────────────────────────────────────────────────────────────────────────

const newClaim = () => randomBytes(32).toString('base64url');

interface Sent {
  id: string;
  seconds: number;
  /**
   * Longest time the client could hand no byte of a body to its connection while sending it (from a PATCH's start
   * to its last byte): the server or the link not taking bytes, as the customer feels it. The wait for the answer
   * after the last byte is not part of it.
   */
  longestStallMs: number;
  finishedAt: number;
}

/** One photo through tus-js-client, to `base` (a link or the server itself). */
function tusSend(base: string, data: Buffer, name: string, claim: string, onProgress?: (sent: number) => void): Promise<Sent> {
  const started = performance.now();
  let last = started;
  let longestStallMs = 0;
  const debug = Boolean(process.env.BENCH_DEBUG);
  return new Promise((resolve, reject) => {
    const upload = new TusUpload(data, {
      endpoint: `${base}/api/uploads/tus`,
      headers: { 'x-upload-claim': claim },
      metadata: { filename: name, filetype: name.endsWith('.tif') ? 'image/tiff' : 'image/jpeg' },
      retryDelays: [0, 250, 500, 1000, 2000, 4000],
      onBeforeRequest: (req: { getMethod(): string }) => {
        // A body starts: the stall clock starts with it.
        if (req.getMethod() === 'PATCH') last = performance.now();
        // BENCH_DEBUG=1: every tus request and answer, with the time since the upload started.
        if (debug) log(`${round((performance.now() - started) / 1000, 2)} s ${req.getMethod()}`);
      },
      ...(debug
        ? {
            onAfterResponse: (req: { getMethod(): string }, res: { getStatus(): number }) =>
              log(`${round((performance.now() - started) / 1000, 2)} s ${req.getMethod()} answered ${res.getStatus()}`),
          }
        : {}),
      onProgress: (sent) => {
        const now = performance.now();
        // The progress of the whole file is reported once the server has answered: that wait is not a stall.
        if (sent < data.length) longestStallMs = Math.max(longestStallMs, now - last);
        last = now;
        onProgress?.(sent);
      },
      onError: reject,
      onSuccess: () => {
        const now = performance.now();
        resolve({ id: upload.url!.split('/').pop()!, seconds: (now - started) / 1000, longestStallMs, finishedAt: now });
      },
    });
    upload.start();
  });
}

async function waitUntilReady(port: number, id: string, claim: string): Promise<number> {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/uploads/${id}`, { headers: { 'x-upload-claim': claim } });
    const body = (await res.json()) as { status?: string };
    if (body.status === 'ready') return performance.now();
    if (body.status === 'failed' || res.status >= 400) throw new Error(`upload ${id} did not become ready: ${JSON.stringify(body)}`);
    await sleep(100);
  }
}

// ─── inputs ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A photo-like texture (soft noise, colour-shifted), tiled to any size by libvips without holding the image. */
async function texture(): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 1024, height: 1024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .blur(0.6)
    .png()
    .toBuffer();
  return sharp(noise).linear([1.2, 0.9, 0.7], [-20, 10, 30]).png().toBuffer();
}

async function generate(file: string, width: number, height: number, kind: 'jpeg' | 'tiff', quality = 85): Promise<void> {
  const started = Date.now();
  const image = sharp(await texture(), { limitInputPixels: false }).extend({
    right: width - 1024,
    bottom: height - 1024,
    extendWith: 'repeat',
  });
  if (kind === 'jpeg') await image.jpeg({ quality, optimiseCoding: false }).toFile(file);
  else await image.tiff({ compression: 'none' }).toFile(file);
  log(`generated ${path.basename(file)}: ${round(fs.statSync(file).size / MB)} MB in ${round((Date.now() - started) / 1000)} s`);
}

function findImageMagick(): string | undefined {
  for (const command of ['magick', 'convert']) {
    const probe = spawnSync(command, ['-version'], { encoding: 'utf8' });
    if (probe.status === 0 && /ImageMagick/.test(probe.stdout)) return command;
  }
  return undefined;
}

// ─── scenarios ────────────────────────────────────────────────────────────────────────────────────────────────────

async function flaky(work: string, server: Server) {
  const file = path.join(work, 'phone-60mb.jpg');
  await generate(file, 9600, 6600, 'jpeg', 97);
  const data = fs.readFileSync(file);
  const rate = 20e6;
  const link = new Link(server.port, { bitsPerSecond: rate, latencyMs: 40 });
  await link.start();
  const ideal = (data.length * 8) / rate;
  const cuts = 3;
  const claim = newClaim();
  const sent = tusSend(`http://127.0.0.1:${link.port}`, data, 'phone.jpg', claim);
  // Cuts a quarter, half and three quarters of the way through the ideal time.
  const cutting = (async () => {
    for (let i = 1; i <= cuts; i++) {
      await sleep((ideal * 1000) / (cuts + 1));
      link.cut();
      log(`flaky: cut ${i}`);
    }
  })();
  // BENCH_DEBUG=1: the bytes through the link every second.
  const watch = process.env.BENCH_DEBUG
    ? setInterval(
        () =>
          log(
            `flaky: ${round(link.upBytes / MB)} MB into the link; held back by the server ${round(linkStats.heldBackMs)} ms, timers late ${round(linkStats.lateMs)} ms`,
          ),
        1000,
      )
    : undefined;
  const result = await sent;
  clearInterval(watch);
  await cutting;
  await link.stop();
  const resentBytes = Math.max(0, link.upBytes - data.length);
  return {
    fileMB: round(data.length / MB),
    idealSeconds: round(ideal, 2),
    targetSeconds: round(ideal + 3 * cuts, 2),
    seconds: round(result.seconds, 2),
    cuts,
    resentPercent: round((resentBytes / data.length) * 100, 2),
    ok: result.seconds <= ideal + 3 * cuts && resentBytes <= 0.05 * data.length,
  };
}

async function manySlow(work: string, server: Server) {
  const customers = 40;
  const durationMs = 60_000;
  const photos = fs.existsSync(SHARED_PHOTOS)
    ? fs
        .readdirSync(SHARED_PHOTOS)
        .filter((f) => /\.jpe?g$/i.test(f))
        .map((f) => path.join(SHARED_PHOTOS, f))
    : [];
  if (photos.length === 0) {
    const file = path.join(work, 'phone-12mp.jpg');
    await generate(file, 4000, 3000, 'jpeg', 88);
    photos.push(file);
  }
  const data = photos.map((f) => fs.readFileSync(f));
  const links = await Promise.all(
    Array.from({ length: customers }, async (_, i) => {
      const link = new Link(server.port, {
        bitsPerSecond: 2e6,
        latencyMs: 40,
        localAddress: `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`,
      });
      await link.start();
      return link;
    }),
  );
  const privatePeak = { mb: 0 };
  const stopMemory = watchMemory(server.child.pid!, privatePeak);
  const until = performance.now() + durationMs;
  const reports = process.env.BENCH_DEBUG ? setInterval(() => reportMemory(server, work), 10_000) : undefined;
  let errors = 0;
  let uploads = 0;
  let longestStallMs = 0;
  /** From the last byte reaching the server to its answer (the checks and renditions), per photo. */
  const readyMs: number[] = [];
  const errorsSeen: string[] = [];
  await Promise.all(
    links.map(async (link, i) => {
      const claim = newClaim();
      for (let n = 0; performance.now() < until; n++) {
        const photo = data[(i + n) % data.length]!;
        try {
          const sent = await tusSend(`http://127.0.0.1:${link.port}`, photo, 'phone.jpg', claim);
          uploads++;
          longestStallMs = Math.max(longestStallMs, sent.longestStallMs);
          readyMs.push(sent.finishedAt - link.lastDeliveredAt);
        } catch (error) {
          errors++;
          if (errorsSeen.length < 3) errorsSeen.push(String((error as Error).message).slice(0, 200));
        }
      }
    }),
  );
  const peakRssMB = stopMemory();
  clearInterval(reports);
  await Promise.all(links.map((l) => l.stop()));
  if (errorsSeen.length) log('slow customers: errors', errorsSeen);
  readyMs.sort((a, b) => a - b);
  const quantile = (q: number) => round((readyMs[Math.min(readyMs.length - 1, Math.floor(q * readyMs.length))] ?? 0) / 1000, 2);
  return {
    customers,
    seconds: durationMs / 1000,
    uploads,
    errors,
    longestStallSeconds: round(longestStallMs / 1000, 2),
    readyMedianSeconds: quantile(0.5),
    readyLongestSeconds: quantile(1),
    peakRssMB,
    peakPrivateMB: privatePeak.mb,
    ok: errors === 0 && peakRssMB <= 600 && longestStallMs <= 5000,
  };
}

async function largest(work: string, server: Server, convert: string) {
  const inputs = [
    { name: '1000 MP JPEG', file: path.join(work, 'photo-1000mp.jpg'), width: 40000, height: 25000, kind: 'jpeg' as const },
    // 23200² × 3 bytes: 1.6 GB (1540 MiB), over 1.5 GB however it is counted.
    { name: '1.6 GB TIFF', file: path.join(work, 'scan-23200.tif'), width: 23200, height: 23200, kind: 'tiff' as const },
  ];
  // The system's ImageMagick policy may cap width, area and disk below these photos (Debian: 16K px, 128 MP, 1 GiB),
  // so the comparison runs with a policy of its own: the server's memory target, and disk for the rest.
  const policyDir = path.join(work, 'imagemagick');
  fs.mkdirSync(policyDir, { recursive: true });
  fs.writeFileSync(
    path.join(policyDir, 'policy.xml'),
    [
      '<policymap>',
      '  <policy domain="resource" name="width" value="64KP"/>',
      '  <policy domain="resource" name="height" value="64KP"/>',
      '  <policy domain="resource" name="area" value="2GP"/>',
      '  <policy domain="resource" name="memory" value="600MiB"/>',
      '  <policy domain="resource" name="map" value="1GiB"/>',
      '  <policy domain="resource" name="disk" value="32GiB"/>',
      '</policymap>',
      '',
    ].join('\n'),
  );
  const rows = [];
  for (const input of inputs) {
    await generate(input.file, input.width, input.height, input.kind);
    const data = fs.readFileSync(input.file);
    const claim = newClaim();
    const privatePeak = { mb: 0 };
    const stopMemory = watchMemory(server.child.pid!, privatePeak);
    const sent = await tusSend(`http://127.0.0.1:${server.port}`, data, path.basename(input.file), claim);
    // Shown apart: what receiving the file took, before the rendition is made.
    const receivedHwmMB = round(rssOf(server.child.pid!).hwm);
    const readyAt = await waitUntilReady(server.port, sent.id, claim);
    const peakRssMB = stopMemory();
    const readySeconds = (readyAt - sent.finishedAt) / 1000;
    const started = performance.now();
    execFileSync(
      convert,
      // ImageMagick as it is ordinarily asked for the same rendition (the comparison the target was set against): the
      // first page, upright, long edge ≤ 2048, sRGB, quality 85.
      [`${input.file}[0]`, '-auto-orient', '-resize', '2048x2048>', '-colorspace', 'sRGB', '-quality', '85', path.join(work, 'im.jpg')],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, MAGICK_CONFIGURE_PATH: policyDir, MAGICK_TMPDIR: work } },
    );
    const imageMagickSeconds = (performance.now() - started) / 1000;
    // The floor: the server's rendition code alone on the same file, in a fresh process.
    const alone = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/bench/render-alone.ts'), input.file, work], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as { seconds: number; peakRssMB: number; peakPrivateMB: number };
    fs.rmSync(input.file, { force: true });
    log(
      `${input.name}: ready ${round(readySeconds, 2)} s after the last byte (rendition code alone ${round(alone.seconds, 2)} s), ImageMagick ${round(imageMagickSeconds, 2)} s, peak RSS ${peakRssMB} MB (${receivedHwmMB} MB until received; alone ${round(alone.peakRssMB)} MB)`,
    );
    rows.push({
      name: input.name,
      fileMB: round(data.length / MB),
      uploadSeconds: round(sent.seconds, 2),
      readySeconds: round(readySeconds, 2),
      imageMagickSeconds: round(imageMagickSeconds, 2),
      speedup: round(imageMagickSeconds / Math.max(readySeconds, 0.001), 2),
      peakRssMB,
      receivedPeakRssMB: receivedHwmMB,
      peakPrivateMB: privatePeak.mb,
      aloneSeconds: round(alone.seconds, 2),
      alonePeakRssMB: round(alone.peakRssMB),
      alonePeakPrivateMB: round(alone.peakPrivateMB),
      ok: readySeconds <= 5 && peakRssMB <= 600 && imageMagickSeconds / readySeconds >= 3,
    });
  }
  return rows;
}

/** A progressive JPEG's header and scans (a small real image) whose frame header claims `width` × `height`. */
async function progressiveClaiming(width: number, height: number, padding: number): Promise<Buffer> {
  const small = await sharp(await texture())
    .resize(256, 256)
    .jpeg({ quality: 85, progressive: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
  const sof = small.indexOf(Buffer.from([0xff, 0xc2]));
  small.writeUInt16BE(height, sof + 5);
  small.writeUInt16BE(width, sof + 7);
  const comments = Array.from({ length: Math.ceil(padding / 65_000) }, () => {
    const segment = Buffer.alloc(65_004, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(65_002, 2);
    return segment;
  });
  return Buffer.concat([small.subarray(0, 2), ...comments, small.subarray(2)]);
}

async function progressive(work: string, server: Server) {
  const baselineFile = path.join(work, 'photo-1000mp.jpg');
  await generate(baselineFile, 40000, 25000, 'jpeg');
  const largestAllowed = path.join(work, 'progressive-64mp.jpg');
  const started = Date.now();
  await sharp(await texture(), { limitInputPixels: false })
    .extend({ right: 8000 - 1024, bottom: 8000 - 1024, extendWith: 'repeat' })
    .jpeg({ quality: 85, progressive: true, chromaSubsampling: '4:2:0' })
    .toFile(largestAllowed);
  log(
    `generated ${path.basename(largestAllowed)}: ${round(fs.statSync(largestAllowed).size / MB)} MB in ${round((Date.now() - started) / 1000)} s`,
  );
  const inputs = [
    { name: 'baseline 1000 MP JPEG', data: fs.readFileSync(baselineFile), expect: 'ready' as const },
    { name: 'progressive 1000 MP JPEG', data: await progressiveClaiming(40000, 25000, 520_000), expect: 'refused' as const },
    { name: 'progressive 64 MP 4:2:0 JPEG (the largest the rule admits)', data: fs.readFileSync(largestAllowed), expect: 'ready' as const },
  ];
  fs.rmSync(baselineFile, { force: true });
  fs.rmSync(largestAllowed, { force: true });
  const rows = [];
  for (const input of inputs) {
    await sleep(2000);
    const before = rssOf(server.child.pid!);
    const privatePeak = { mb: 0 };
    const stopMemory = watchMemory(server.child.pid!, privatePeak);
    const claim = newClaim();
    const startedAt = performance.now();
    let outcome: string;
    try {
      const sent = await tusSend(`http://127.0.0.1:${server.port}`, input.data, 'photo.jpg', claim);
      await waitUntilReady(server.port, sent.id, claim);
      outcome = 'ready';
    } catch (error) {
      const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
      const code = response ? (JSON.parse(response.getBody() || '{}') as { code?: string }).code : undefined;
      outcome = response ? `${response.getStatus()} ${code}` : String((error as Error).message).slice(0, 120);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const peakRssMB = stopMemory();
    log(
      `${input.name}: ${outcome} in ${round(seconds, 2)} s, peak private ${privatePeak.mb} MB (before ${round(before.anon)} MB), peak RSS ${peakRssMB} MB`,
    );
    rows.push({
      name: input.name,
      fileMB: round(input.data.length / MB, 2),
      outcome,
      seconds: round(seconds, 2),
      privateBeforeMB: round(before.anon),
      peakPrivateMB: privatePeak.mb,
      peakRssMB,
      ok: privatePeak.mb <= 600 && (input.expect === 'ready' ? outcome === 'ready' : outcome === '422 IMAGE_PROGRESSIVE_TOO_LARGE'),
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const convert = ONLY.has('large') ? findImageMagick() : undefined;
  if (ONLY.has('large') && !convert) {
    console.error('bench:upload compares the largest photos with ImageMagick, which is not installed: apt-get install -y imagemagick');
    process.exit(1);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-bench-upload-'));
  let server: Server | undefined;
  const results: Record<string, unknown> = {};
  let ok = true;
  try {
    server = await startServer(work);
    log(`server on port ${server.port}`);
    if (ONLY.has('flaky')) {
      const r = await flaky(work, server);
      results.flaky = r;
      ok &&= r.ok;
    }
    if (ONLY.has('slow')) {
      const r = await manySlow(work, server);
      results.slow = r;
      ok &&= r.ok;
    }
    if (ONLY.has('large') && convert) {
      const rows = await largest(work, server, convert);
      results.large = rows;
      ok &&= rows.every((r) => r.ok);
    }
    if (ONLY.has('progressive')) {
      const rows = await progressive(work, server);
      results.progressive = rows;
      ok &&= rows.every((r) => r.ok);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
  const table: string[] = ['| scenario | figures | target met |', '|---|---|---|'];
  const f = results.flaky as Awaited<ReturnType<typeof flaky>> | undefined;
  if (f)
    table.push(
      `| flaky phone link: ${f.fileMB} MB at 20 Mbit/s, 40 ms, ${f.cuts} cuts | ${f.seconds} s (≤ ${f.targetSeconds} s: ideal ${f.idealSeconds} s + 3 s per cut), re-sent ${f.resentPercent} % (≤ 5 %) | ${f.ok ? 'yes' : 'no'} |`,
    );
  const s = results.slow as Awaited<ReturnType<typeof manySlow>> | undefined;
  if (s)
    table.push(
      `| ${s.customers} customers at 2 Mbit/s for ${s.seconds} s | ${s.uploads} photos, ${s.errors} errors, longest stall while sending ${s.longestStallSeconds} s (≤ 5 s), server peak RSS ${s.peakRssMB} MB (≤ 600 MB; private ${s.peakPrivateMB} MB); after the last byte, ready in ${s.readyMedianSeconds} s (median), ${s.readyLongestSeconds} s (longest) | ${s.ok ? 'yes' : 'no'} |`,
    );
  for (const r of (results.large as Awaited<ReturnType<typeof largest>> | undefined) ?? []) {
    table.push(
      `| ${r.name} (${r.fileMB} MB), no link limit | uploaded in ${r.uploadSeconds} s, rendition ready ${r.readySeconds} s after the last byte (ImageMagick ${r.imageMagickSeconds} s: ${r.speedup}×), server peak RSS ${r.peakRssMB} MB (${r.receivedPeakRssMB} MB while receiving; private ${r.peakPrivateMB} MB); reference, the rendition code alone in a fresh process: ${r.aloneSeconds} s, peak RSS ${r.alonePeakRssMB} MB (private ${r.alonePeakPrivateMB} MB) (targets: ready ≤ 5 s, ≥ 3×, ≤ 600 MB) | ${r.ok ? 'yes' : 'no'} |`,
    );
  }
  for (const r of (results.progressive as Awaited<ReturnType<typeof progressive>> | undefined) ?? []) {
    table.push(
      `| ${r.name} (${r.fileMB} MB), no link limit | ${r.outcome} in ${r.seconds} s; server private memory ${r.privateBeforeMB} MB before, peak ${r.peakPrivateMB} MB (≤ 600 MB), peak RSS ${r.peakRssMB} MB | ${r.ok ? 'yes' : 'no'} |`,
    );
  }
  console.log(table.join('\n'));
  console.log(JSON.stringify({ ...results, ok }));
  process.exit(ok ? 0 : 1);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
