/**
 * `npm run bench:quality`: how much the shop's AI upscaling (ESRGAN-slim ×2, tiled, then Lanczos for ×4, as the
 * enhance job runs it) gains over plain Lanczos on real photographs, how long it takes, and how fast auto-enhance is.
 *
 * 1. Inputs: the phone photos in ../shared/photos (or QUALITY_PHOTOS); when there are none, generated photo-like
 *    images, with a warning. From each, a 1024 × 768 window at the centre is the reference; it is shrunk ÷2 and ÷4
 *    and saved as JPEG quality 60, as a messaging app does.
 * 2. Each shrunk copy is upscaled back (×2, ×4) by the shop's path and by Lanczos 3, and both are compared with the
 *    reference: PSNR (luma, dB) and SSIM (ssim.js) overall and on the textured tiles (the third of the 64 px tiles
 *    with the most gradient energy in the reference).
 * 3. Timings: a 1600 × 1200 photo ×4 through the real child process (wall time, the child's peak RSS), beside Lanczos
 *    ×4 of the same photo as the machine's reference in the same run; auto-enhance of a 24 MP photo (strength 70).
 * 4. Saves before/after crops (reference | Lanczos | shop, and the 24 MP photo before | after auto-enhance) as PNG in bench-results/quality/ for a person to look at,
 *    prints the table and ends with one line of JSON with the figures and "ok".
 *
 * Targets: textured tiles +0.5 dB PSNR on average over Lanczos; overall never more than 0.3 dB worse; 1600 × 1200 ×4
 * within 180 s with peak RSS ≤ 1 GB; auto-enhance of 24 MP ≤ 3 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { UPSCALE_FACTORS } from '@framewala/domain';
import { makeEnhanced } from '../src/services/enhance/pixels';
import { enhanceInChild } from '../src/services/enhance/run';
import { upscalePhoto } from '../src/services/enhance/upscale';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OUT = path.join(ROOT, 'bench-results', 'quality');
const WINDOW = { width: 1024, height: 768 };
const TILE = 64;
const log = (...args: unknown[]) => console.error('[bench:quality]', ...args);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

function photoDir(): string | null {
  const candidates = [process.env.QUALITY_PHOTOS, path.resolve(ROOT, '../shared/photos'), path.resolve(ROOT, '../../shared/photos')];
  for (const dir of candidates) {
    if (dir && fs.existsSync(dir) && fs.readdirSync(dir).some((f) => /\.jpe?g$/i.test(f))) return dir;
  }
  return null;
}

async function rgbOf(image: sharp.Sharp): Promise<Rgb> {
  const { data, info } = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** A generated photo-like image (soft shapes, texture, gradients), used only when no real photo is there. */
async function generatedPhoto(seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 2048, height: 1536, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 + seed * 10 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="1536"><rect width="100%" height="100%" fill="#7a8fa6" opacity="0.55"/>
    <circle cx="${700 + seed * 300}" cy="600" r="320" fill="#e0b26a" opacity="0.7"/><path d="M0 1000 Q 600 800 1100 1050 T 2048 950 V 1536 H 0 Z" fill="#3f5b35" opacity="0.8"/></svg>`;
  return sharp(noise)
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

function luma(img: Rgb): Float64Array {
  const out = new Float64Array(img.width * img.height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3) out[i] = 0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!;
  return out;
}

function psnr(a: Float64Array, b: Float64Array, width: number, rect?: { x: number; y: number; w: number; h: number }): number {
  const r = rect ?? { x: 0, y: 0, w: width, h: a.length / width };
  let sum = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const d = a[y * width + x]! - b[y * width + x]!;
      sum += d * d;
    }
  }
  const mse = sum / (r.w * r.h);
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

function rgba(img: Rgb, rect?: { x: number; y: number; w: number; h: number }) {
  const r = rect ?? { x: 0, y: 0, w: img.width, h: img.height };
  const data = new Uint8ClampedArray(r.w * r.h * 4);
  for (let y = 0; y < r.h; y++) {
    for (let x = 0; x < r.w; x++) {
      const from = ((r.y + y) * img.width + r.x + x) * 3;
      const to = (y * r.w + x) * 4;
      data[to] = img.data[from]!;
      data[to + 1] = img.data[from + 1]!;
      data[to + 2] = img.data[from + 2]!;
      data[to + 3] = 255;
    }
  }
  return { data, width: r.w, height: r.h };
}

/** The third of the 64 px tiles with the most gradient energy in the reference. */
function texturedTiles(ref: Float64Array, width: number, height: number) {
  const tiles: { x: number; y: number; w: number; h: number; energy: number }[] = [];
  for (let ty = 0; ty + TILE <= height; ty += TILE) {
    for (let tx = 0; tx + TILE <= width; tx += TILE) {
      let energy = 0;
      for (let y = ty; y < ty + TILE - 1; y++) {
        for (let x = tx; x < tx + TILE - 1; x++) {
          const gx = ref[y * width + x + 1]! - ref[y * width + x]!;
          const gy = ref[(y + 1) * width + x]! - ref[y * width + x]!;
          energy += gx * gx + gy * gy;
        }
      }
      tiles.push({ x: tx, y: ty, w: TILE, h: TILE, energy });
    }
  }
  tiles.sort((a, b) => b.energy - a.energy);
  return tiles.slice(0, Math.max(1, Math.round(tiles.length / 3)));
}

interface Scores {
  psnr: number;
  ssim: number;
  texturedPsnr: number;
  texturedSsim: number;
}

function score(ref: Rgb, test: Rgb, tiles: ReturnType<typeof texturedTiles>): Scores {
  const a = luma(ref);
  const b = luma(test);
  const tilePsnr = tiles.map((t) => psnr(a, b, ref.width, t));
  const tileSsim = tiles.map((t) => ssim(rgba(ref, t), rgba(test, t)).mssim);
  return {
    psnr: psnr(a, b, ref.width),
    ssim: ssim(rgba(ref), rgba(test)).mssim,
    texturedPsnr: tilePsnr.reduce((s, v) => s + v, 0) / tilePsnr.length,
    texturedSsim: tileSsim.reduce((s, v) => s + v, 0) / tileSsim.length,
  };
}

async function saveCrop(name: string, ref: Rgb, lanczos: Rgb, shop: Rgb, tile: { x: number; y: number }) {
  const size = 192;
  const x = Math.min(ref.width - size, Math.max(0, tile.x - 64));
  const y = Math.min(ref.height - size, Math.max(0, tile.y - 64));
  const part = (img: Rgb) =>
    sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
      .extract({ left: x, top: y, width: size, height: size })
      .resize(size * 2, size * 2, { kernel: 'nearest' })
      .png()
      .toBuffer();
  const parts = await Promise.all([part(ref), part(lanczos), part(shop)]);
  const file = path.join(OUT, `${name}.png`);
  await sharp({ create: { width: size * 6 + 16, height: size * 2, channels: 3, background: '#ffffff' } })
    .composite(parts.map((input, i) => ({ input, left: i * (size * 2 + 8), top: 0 })))
    .png()
    .toFile(file);
  return file;
}

function loadAverage(): number {
  return round(os.loadavg()[0]!, 2);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const dir = photoDir();
  const sources: { name: string; buffer: Buffer }[] = [];
  if (dir) {
    for (const f of fs
      .readdirSync(dir)
      .filter((n) => /\.jpe?g$/i.test(n))
      .sort())
      sources.push({ name: path.parse(f).name, buffer: fs.readFileSync(path.join(dir, f)) });
    log(`photos from ${dir}: ${sources.map((s) => s.name).join(', ')}`);
  } else {
    console.warn(
      '[bench:quality] WARNING: no real photos found (../shared/photos or QUALITY_PHOTOS); using generated images, which say little about real photos.',
    );
    for (const seed of [0, 1]) sources.push({ name: `generated-${seed}`, buffer: await generatedPhoto(seed) });
  }
  const loadBefore = loadAverage();

  const rows: { photo: string; factor: number; lanczos: Scores; shop: Scores; shopSeconds: number; inputMp: number }[] = [];
  for (const source of sources) {
    const meta = await sharp(source.buffer).metadata();
    const upright = await sharp(source.buffer).autoOrient().toBuffer();
    const w = meta.orientation && meta.orientation >= 5 ? meta.height! : meta.width!;
    const h = meta.orientation && meta.orientation >= 5 ? meta.width! : meta.height!;
    const left = Math.max(0, Math.floor((w - WINDOW.width) / 2));
    const top = Math.max(0, Math.floor((h - WINDOW.height) / 2));
    const ref = await rgbOf(sharp(upright).extract({ left, top, width: WINDOW.width, height: WINDOW.height }));
    const tiles = texturedTiles(luma(ref), ref.width, ref.height);
    const refImage = () => sharp(Buffer.from(ref.data), { raw: { width: ref.width, height: ref.height, channels: 3 } });
    for (const factor of UPSCALE_FACTORS) {
      // The messaging app's copy: shrunk, JPEG quality 60.
      const copyJpeg = await refImage()
        .resize(ref.width / factor, ref.height / factor, { kernel: 'lanczos3' })
        .jpeg({ quality: 60 })
        .toBuffer();
      const copy = await rgbOf(sharp(copyJpeg));
      const lanczos = await rgbOf(sharp(copyJpeg).resize(ref.width, ref.height, { kernel: 'lanczos3' }));
      const started = performance.now();
      const shop = await rgbOf((await upscalePhoto(copy, factor))());
      const shopSeconds = (performance.now() - started) / 1000;
      const l = score(ref, lanczos, tiles);
      const s = score(ref, shop, tiles);
      rows.push({ photo: source.name, factor, lanczos: l, shop: s, shopSeconds, inputMp: (copy.width * copy.height) / 1e6 });
      const file = await saveCrop(`${source.name}-x${factor}`, ref, lanczos, shop, tiles[0]!);
      log(
        `${source.name} ×${factor}: lanczos ${round(l.psnr)} dB, shop ${round(s.psnr)} dB; textured ${round(l.texturedPsnr)} → ${round(s.texturedPsnr)} dB (${round(shopSeconds, 1)} s); ${file}`,
      );
    }
  }

  // A 1600 × 1200 photo ×4 through the enhance job's child process, beside Lanczos ×4 of the same photo.
  const first = sources[0]!;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-bench-quality-'));
  const small = path.join(tmp, 'small-1600x1200.jpg');
  await sharp(first.buffer).autoOrient().resize(1600, 1200, { fit: 'cover' }).jpeg({ quality: 80 }).toFile(small);
  const lanczosStart = performance.now();
  await sharp(small).resize(6400, 4800, { kernel: 'lanczos3' }).jpeg({ quality: 95 }).toFile(path.join(tmp, 'lanczos.jpg'));
  const lanczosX4Seconds = (performance.now() - lanczosStart) / 1000;
  const loadMid = loadAverage();
  const childStart = performance.now();
  const child = await enhanceInChild(
    {
      source: {
        path: small,
        orientation: 1,
        storedWidth: 1600,
        storedHeight: 1200,
        region: { left: 0, top: 0, width: 1600, height: 1200 },
      },
      strength: null,
      upscale: 4,
      outPath: path.join(tmp, 'shop-x4.jpg'),
    },
    { niceness: 0 },
  );
  const x4Seconds = (performance.now() - childStart) / 1000;
  log(`1600 × 1200 ×4: ${round(x4Seconds, 1)} s, child peak RSS ${child.peakRssMB} MB (Lanczos ×4: ${round(lanczosX4Seconds, 2)} s)`);

  // Auto-enhance of a 24 MP photo (6000 × 4000), strength 70: decode, enhance, encode, as the job does.
  const big = path.join(tmp, 'photo-24mp.jpg');
  await sharp(first.buffer).autoOrient().resize(6000, 4000, { fit: 'cover' }).jpeg({ quality: 90 }).toFile(big);
  const reencodeStart = performance.now();
  await sharp(big).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(path.join(tmp, 'reencode.jpg'));
  const reencodeSeconds = (performance.now() - reencodeStart) / 1000;
  const enhanceStart = performance.now();
  await makeEnhanced({
    source: { path: big, orientation: 1, storedWidth: 6000, storedHeight: 4000, region: { left: 0, top: 0, width: 6000, height: 4000 } },
    strength: 70,
    upscale: null,
    outPath: path.join(tmp, 'enhanced.jpg'),
  });
  const enhance24Seconds = (performance.now() - enhanceStart) / 1000;
  log(`auto-enhance 24 MP: ${round(enhance24Seconds, 2)} s (plain decode + re-encode: ${round(reencodeSeconds, 2)} s)`);
  const halves = await Promise.all([big, path.join(tmp, 'enhanced.jpg')].map((f) => sharp(f).resize(720).png().toBuffer()));
  await sharp({ create: { width: 1448, height: 480, channels: 3, background: '#ffffff' } })
    .composite(halves.map((input, i) => ({ input, left: i * 728, top: 0 })))
    .png()
    .toFile(path.join(OUT, 'auto-enhance-70.png'));
  fs.rmSync(tmp, { recursive: true, force: true });
  const loadAfter = loadAverage();

  const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
  const texturedGain = mean(rows.map((r) => r.shop.texturedPsnr - r.lanczos.texturedPsnr));
  const worstOverall = Math.min(...rows.map((r) => r.shop.psnr - r.lanczos.psnr));
  const rate = rows.filter((r) => r.factor === 4).map((r) => r.inputMp / r.shopSeconds);

  console.log('');
  console.log(
    'photo                      ×  | PSNR Lanczos  shop   | SSIM Lanczos  shop   | textured PSNR L  shop   Δ     | textured SSIM L  shop  | shop s',
  );
  for (const r of rows) {
    console.log(
      `${r.photo.padEnd(26)} ${r.factor}  | ${round(r.lanczos.psnr).toFixed(2).padStart(8)} ${round(r.shop.psnr).toFixed(2).padStart(6)} | ${round(r.lanczos.ssim, 4).toFixed(4).padStart(8)} ${round(r.shop.ssim, 4).toFixed(4).padStart(6)} | ${round(r.lanczos.texturedPsnr).toFixed(2).padStart(9)} ${round(r.shop.texturedPsnr).toFixed(2).padStart(6)} ${round(
        r.shop.texturedPsnr - r.lanczos.texturedPsnr,
      )
        .toFixed(2)
        .padStart(
          5,
        )} | ${round(r.lanczos.texturedSsim, 4).toFixed(4).padStart(9)} ${round(r.shop.texturedSsim, 4).toFixed(4).padStart(6)} | ${round(r.shopSeconds, 1)}`,
    );
  }
  console.log('');
  console.log(`textured tiles, shop − Lanczos, mean: ${round(texturedGain)} dB (target ≥ 0.5)`);
  console.log(`overall, worst shop − Lanczos: ${round(worstOverall)} dB (target ≥ −0.3)`);
  console.log(
    `1600 × 1200 ×4: ${round(x4Seconds, 1)} s (target ≤ 180), peak RSS ${child.peakRssMB} MB (target ≤ 1024); reference Lanczos ×4 ${round(lanczosX4Seconds, 2)} s`,
  );
  console.log(
    `auto-enhance 24 MP: ${round(enhance24Seconds, 2)} s (target ≤ 3); reference decode + re-encode ${round(reencodeSeconds, 2)} s`,
  );
  console.log(
    `load average (1 min) before / middle / after: ${loadBefore} / ${loadMid} / ${loadAfter} on ${os.availableParallelism()} cores; crops in ${OUT}`,
  );

  const targets = {
    texturedGain: texturedGain >= 0.5,
    overall: worstOverall >= -0.3,
    x4Time: x4Seconds <= 180,
    x4Memory: child.peakRssMB !== null && child.peakRssMB <= 1024,
    enhance24: enhance24Seconds <= 3,
  };
  console.log(
    JSON.stringify({
      bench: 'quality',
      realPhotos: dir !== null,
      photos: sources.map((s) => s.name),
      texturedGainDb: round(texturedGain),
      worstOverallDeltaDb: round(worstOverall),
      rows: rows.map((r) => ({
        photo: r.photo,
        factor: r.factor,
        psnrLanczos: round(r.lanczos.psnr),
        psnrShop: round(r.shop.psnr),
        ssimLanczos: round(r.lanczos.ssim, 4),
        ssimShop: round(r.shop.ssim, 4),
        texturedPsnrLanczos: round(r.lanczos.texturedPsnr),
        texturedPsnrShop: round(r.shop.texturedPsnr),
        texturedSsimLanczos: round(r.lanczos.texturedSsim, 4),
        texturedSsimShop: round(r.shop.texturedSsim, 4),
        shopSeconds: round(r.shopSeconds, 1),
      })),
      x4InputMpPerSecond: round(mean(rate), 4),
      x4_1600x1200Seconds: round(x4Seconds, 1),
      x4PeakRssMB: child.peakRssMB,
      lanczosX4ReferenceSeconds: round(lanczosX4Seconds, 2),
      enhance24MpSeconds: round(enhance24Seconds, 2),
      reencode24MpReferenceSeconds: round(reencodeSeconds, 2),
      loadAverage: { before: loadBefore, middle: loadMid, after: loadAfter },
      cores: os.availableParallelism(),
      targets,
      ok: Object.values(targets).every(Boolean),
    }),
  );
}

await main();
