/**
 * `npm run bench:print`: time and peak memory to make print-ready files from the largest photos the shop accepts,
 * through the same code the `print-file` job runs (`renderInChild`: a child process rendering with sharp).
 *
 * 1. Generates (or reuses, from an earlier run with --keep-fixtures) in the temporary folder a 1000 MP JPEG
 *    (40000 × 25000, photo-like texture, quality 85) and an uncompressed RGB TIFF of 22400 × 22400 (1.5 GB).
 * 2. Makes print files from them, each in its own child process:
 *    - the whole 1000 MP JPEG for 40 × 25 in with a 1 in border (300 ppi, shrunk on load): 12600 × 8100 TIFF (LZW);
 *    - a 12000 × 12000 region at the bottom right of the same JPEG for 40 × 40 in (300 ppi, full resolution, every
 *      row above it decoded): 12000 × 12000 JPEG (quality 100);
 *    - the same region as if the JPEG carried EXIF orientation 6, so that the result is turned upright in bands;
 *    - the whole 1.5 GB TIFF for 40 × 40 in with a 1 in border: 12600 × 12600 TIFF (LZW).
 * 3. For each: wall time, render time inside the child, the child's CPU time, its peak RSS (VmHWM, the kernel's own
 *    peak: node, libvips and the pages of the source that libvips maps all count) and, sampled every 20 ms, its peak
 *    private (anonymous) and file-backed memory. The load average is printed as the reference for the machine's state.
 * 4. A table, then one line of JSON with the figures and `"ok"`: every peak RSS ≤ 600 MB.
 *
 * Everything written is removed at the end (the generated photos too, unless --keep-fixtures). Needs about 5 GB free.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { RenderSpec } from '../src/services/print/render';
import { renderInChild } from '../src/services/print/run';

const TARGET_PEAK_RSS_MB = 600;
const MB = 1024 * 1024;
const keepFixtures = process.argv.includes('--keep-fixtures');
const log = (...args: unknown[]) => console.error('[bench:print]', ...args);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Fixture {
  name: string;
  kind: 'jpeg' | 'tiff';
  width: number;
  height: number;
  file: string;
}

const FIXTURE_DIR = path.join(os.tmpdir(), 'framewala-bench-print-fixtures');
const fixtures: Record<'jpeg' | 'tiff', Fixture> = {
  jpeg: { name: '1000 MP JPEG', kind: 'jpeg', width: 40000, height: 25000, file: path.join(FIXTURE_DIR, 'texture-40000x25000-q85.jpg') },
  tiff: { name: '1.5 GB TIFF', kind: 'tiff', width: 22400, height: 22400, file: path.join(FIXTURE_DIR, 'texture-22400x22400-none.tif') },
};

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

async function ensureFixture(fixture: Fixture, tile: () => Promise<Buffer>): Promise<boolean> {
  if (fs.existsSync(fixture.file)) {
    const meta = await sharp(fixture.file, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (meta && meta.width === fixture.width && meta.height === fixture.height) {
      log(`reusing ${fixture.name}: ${fixture.file}`);
      return false;
    }
  }
  fs.mkdirSync(FIXTURE_DIR, { recursive: true });
  const started = Date.now();
  const part = `${fixture.file}.${process.pid}.part`;
  try {
    const image = sharp(await tile(), { limitInputPixels: false }).extend({
      right: fixture.width - 1024,
      bottom: fixture.height - 1024,
      extendWith: 'repeat',
    });
    if (fixture.kind === 'jpeg') await image.jpeg({ quality: 85, optimiseCoding: false }).toFile(part);
    else await image.tiff({ compression: 'none' }).toFile(part);
    fs.renameSync(part, fixture.file);
  } finally {
    fs.rmSync(part, { force: true });
  }
  log(`generated ${fixture.name}: ${round(fs.statSync(fixture.file).size / MB)} MB in ${round((Date.now() - started) / 1000)} s`);
  return true;
}

// ─── memory of the child ─────────────────────────────────────────────────────────────────────────────────────────

function statusOf(pid: number): Record<string, number> {
  const values: Record<string, number> = {};
  try {
    for (const line of fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
      const match = /^(VmHWM|VmRSS|RssAnon|RssFile):\s+(\d+) kB/.exec(line);
      if (match) values[match[1]!] = Number(match[2]) / 1024;
    }
  } catch {
    // The child has exited.
  }
  return values;
}

function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

interface Sampler {
  stop(): { peakAnonMB: number; peakFileMB: number; sampledPeakRssMB: number; cpuSeconds: number | null };
}

function sample(pid: number): Sampler {
  let anon = 0;
  let file = 0;
  let rss = 0;
  let cpu: number | null = null;
  const tick = () => {
    const s = statusOf(pid);
    anon = Math.max(anon, s.RssAnon ?? 0);
    file = Math.max(file, s.RssFile ?? 0);
    rss = Math.max(rss, s.VmHWM ?? s.VmRSS ?? 0);
    cpu = cpuSecondsOf(pid) ?? cpu;
  };
  tick();
  const timer = setInterval(tick, 20);
  return {
    stop() {
      clearInterval(timer);
      return { peakAnonMB: round(anon), peakFileMB: round(file), sampledPeakRssMB: round(rss), cpuSeconds: cpu };
    },
  };
}

// ─── cases ───────────────────────────────────────────────────────────────────────────────────────────────────────

interface Case {
  name: string;
  fixture: Fixture;
  /** EXIF orientation the job would pass from the upload row (the generated files have none). */
  orientation?: number;
  region: RenderSpec['region'];
  widthIn: number;
  heightIn: number;
  borderIn: number;
  format: RenderSpec['format'];
}

const cases: Case[] = [
  {
    name: '1000 MP JPEG, whole, 40 × 25 in + 1 in border → TIFF',
    fixture: fixtures.jpeg,
    region: { left: 0, top: 0, width: 40000, height: 25000 },
    widthIn: 40,
    heightIn: 25,
    borderIn: 1,
    format: 'tiff',
  },
  {
    name: '1000 MP JPEG, 12000² region at the bottom right, 40 × 40 in → JPEG',
    fixture: fixtures.jpeg,
    region: { left: 28000, top: 13000, width: 12000, height: 12000 },
    widthIn: 40,
    heightIn: 40,
    borderIn: 0,
    format: 'jpeg',
  },
  {
    name: '1000 MP JPEG as if EXIF orientation 6 (turned upright in bands), 12000² region, 40 × 40 in → TIFF',
    fixture: fixtures.jpeg,
    orientation: 6,
    region: { left: 13000, top: 28000, width: 12000, height: 12000 },
    widthIn: 40,
    heightIn: 40,
    borderIn: 0,
    format: 'tiff',
  },
  {
    name: '1.5 GB TIFF, whole, 40 × 40 in + 1 in border → TIFF',
    fixture: fixtures.tiff,
    region: { left: 0, top: 0, width: 22400, height: 22400 },
    widthIn: 40,
    heightIn: 40,
    borderIn: 1,
    format: 'tiff',
  },
];

interface Figures {
  case: string;
  source: string;
  sourceMB: number;
  output: string;
  outputMB: number;
  ppi: number;
  wallSeconds: number;
  renderSeconds: number;
  cpuSeconds: number | null;
  peakRssMB: number | null;
  peakAnonMB: number;
  peakFileMB: number;
  ok: boolean;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-bench-print-'));
  const generated: string[] = [];
  const cleanup = () => {
    fs.rmSync(work, { recursive: true, force: true });
    if (!keepFixtures) {
      for (const fixture of Object.values(fixtures)) fs.rmSync(fixture.file, { force: true });
      fs.rmSync(FIXTURE_DIR, { recursive: true, force: true });
    }
  };
  const onSignal = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const results: Figures[] = [];
  try {
    let tile: Buffer | undefined;
    const getTile = async () => (tile ??= await texture());
    for (const fixture of Object.values(fixtures)) if (await ensureFixture(fixture, getTile)) generated.push(fixture.name);
    log(
      `load average before: ${os
        .loadavg()
        .map((l) => round(l, 2))
        .join(' ')}; ${os.cpus().length} cores`,
    );

    for (const c of cases) {
      const outPath = path.join(work, `out-${results.length}${c.format === 'tiff' ? '.tif' : '.jpg'}`);
      const spec: RenderSpec = {
        sourcePath: c.fixture.file,
        orientation: c.orientation ?? 1,
        region: c.region,
        widthIn: c.widthIn,
        heightIn: c.heightIn,
        borderIn: c.borderIn,
        format: c.format,
        outPath,
        tmpDir: work,
      };
      log(`${c.name} …`);
      let sampler: Sampler | undefined;
      const started = performance.now();
      const rendered = await renderInChild(spec, { niceness: 0, onSpawn: (pid) => (sampler = sample(pid)) });
      const wallSeconds = round((performance.now() - started) / 1000, 2);
      const memory = sampler!.stop();
      const peakRssMB = rendered.peakRssMB ?? memory.sampledPeakRssMB;
      const figures: Figures = {
        case: c.name,
        source: c.fixture.name,
        sourceMB: round(fs.statSync(c.fixture.file).size / MB),
        output: `${rendered.result.widthPx} × ${rendered.result.heightPx} ${c.format.toUpperCase()}`,
        outputMB: round(rendered.result.bytes / MB),
        ppi: rendered.result.plan.ppi,
        wallSeconds,
        renderSeconds: rendered.seconds,
        cpuSeconds: memory.cpuSeconds,
        peakRssMB,
        peakAnonMB: memory.peakAnonMB,
        peakFileMB: memory.peakFileMB,
        ok: peakRssMB !== null && peakRssMB <= TARGET_PEAK_RSS_MB,
      };
      results.push(figures);
      log(
        `  ${figures.output} at ${figures.ppi} ppi, ${figures.outputMB} MB: ${wallSeconds} s (render ${figures.renderSeconds} s, CPU ${figures.cpuSeconds ?? '?'} s), ` +
          `peak RSS ${peakRssMB} MB (private ${figures.peakAnonMB} MB, file pages ${figures.peakFileMB} MB)`,
      );
      fs.rmSync(outPath, { force: true });
    }
    const loadAfter = os.loadavg().map((l) => round(l, 2));
    console.log('');
    console.log('| Case | Output | Time (render / CPU) | Peak RSS (private / file pages) |');
    console.log('|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.case} | ${r.output}, ${r.ppi} ppi, ${r.outputMB} MB | ${r.wallSeconds} s (${r.renderSeconds} / ${r.cpuSeconds ?? '?'} s) | ${r.peakRssMB} MB (${r.peakAnonMB} / ${r.peakFileMB} MB) |`,
      );
    }
    console.log(`load average after: ${loadAfter.join(' ')}`);
    const ok = results.every((r) => r.ok);
    console.log(
      JSON.stringify({
        bench: 'print',
        targets: { peakRssMB: TARGET_PEAK_RSS_MB },
        loadAverage: loadAfter,
        fixturesGenerated: generated,
        results,
        maxPeakRssMB: Math.max(...results.map((r) => r.peakRssMB ?? Infinity)),
        ok,
      }),
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    cleanup();
  }
}

await main();
