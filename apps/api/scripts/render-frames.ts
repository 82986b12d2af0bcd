/**
 * Renders every frame image to PNG files for looking at:
 *   node --import tsx apps/api/scripts/render-frames.ts [outDir]   (from the repository root; default /tmp/frame-art)
 *
 * Writes, per set and finish, the eight parts (decoded from the WebP the shop stores), a composed preview of a
 * whole frame around a 600×400 photo on a white mat (built from the parts exactly as the browser does), each
 * thumbnail, and a contact sheet `all-previews.png` of every preview.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  FRAME_PARTS,
  composeFrame,
  faceThicknessPx,
  renderFinishImages,
  renderSetThumbnail,
  sideLengthPx,
  type FramePart,
  type RawImage,
} from '../src/catalogue/frame-art';
import { FRAME_SETS } from '../src/catalogue/frame-finishes';

const outDir = process.argv[2] ?? '/tmp/frame-art';
/** Optional: only write the files of (set, finish) pairs whose `set/finish` contains this text. */
const only = process.argv[3];
const PHOTO_W = 600;
const PHOTO_H = 400;
const MAT = 50;

async function decode(webp: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const png = (img: RawImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).png();

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });

  // 1. Timing: draw everything the shop draws on first start, as the seeder does (2 at a time).
  const jobs = FRAME_SETS.flatMap((set) => set.finishes.map((finish) => ({ set, finish })));
  const images = new Map<string, Record<FramePart, Buffer>>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        images.set(`${job.set.slug}/${job.finish.slug}`, await renderFinishImages(job.set, job.finish));
      }
    }),
  );
  const partsMs = performance.now() - started;
  const thumbs = new Map<string, Buffer>();
  for (const set of FRAME_SETS) thumbs.set(set.slug, await renderSetThumbnail(set));
  const totalMs = performance.now() - started;
  let bytes = 0;
  for (const rec of images.values()) for (const part of FRAME_PARTS) bytes += rec[part].length;
  console.log(
    `drew ${jobs.length} finishes × 8 parts in ${partsMs.toFixed(0)} ms, + ${FRAME_SETS.length} thumbnails = ${totalMs.toFixed(0)} ms; ${(bytes / 1024).toFixed(0)} KiB of WebP`,
  );
  for (const set of FRAME_SETS) {
    const T = faceThicknessPx(set.mouldingIn);
    console.log(`  ${set.slug}: T=${T}px, sides ${sideLengthPx(T)}×${T} / ${T}×${sideLengthPx(T)}, corners ${T}×${T}`);
  }

  // 2. Files.
  const previews: { label: string; file: string; img: RawImage }[] = [];
  for (const set of FRAME_SETS) {
    await writeFile(path.join(outDir, `thumb-${set.slug}.png`), await sharp(thumbs.get(set.slug)!).png().toBuffer());
    for (const finish of set.finishes) {
      if (only && !`${set.slug}/${finish.slug}`.includes(only)) continue;
      const rec = images.get(`${set.slug}/${finish.slug}`)!;
      const raw = {} as Record<FramePart, RawImage>;
      for (const part of FRAME_PARTS) {
        raw[part] = await decode(rec[part]);
        await png(raw[part]).toFile(path.join(outDir, `${set.slug}-${finish.slug}-${part}.png`));
      }
      const preview = composeFrame(raw, PHOTO_W + 2 * MAT, PHOTO_H + 2 * MAT, { matPx: MAT });
      const file = `preview-${set.slug}-${finish.slug}.png`;
      await png(preview).toFile(path.join(outDir, file));
      previews.push({ label: `${set.name} · ${finish.name}`, file, img: preview });
      const thumb = await renderSetThumbnail(set, finish);
      await writeFile(path.join(outDir, `thumb-${set.slug}-${finish.slug}.png`), await sharp(thumb).png().toBuffer());
    }
  }

  if (only) return;
  // 3. Contact sheet: one row per set, one column per finish, every preview at the same scale.
  const cols = Math.max(...FRAME_SETS.map((s) => s.finishes.length));
  const rows = FRAME_SETS.length;
  const scale = 0.3;
  const cellW = Math.ceil((PHOTO_W + 2 * MAT + 2 * faceThicknessPx(3)) * scale) + 16;
  const cellH = Math.ceil((PHOTO_H + 2 * MAT + 2 * faceThicknessPx(3)) * scale) + 34;
  const composites: sharp.OverlayOptions[] = [];
  let i = 0;
  for (let r = 0; r < rows; r++) {
    const set = FRAME_SETS[r]!;
    for (let c = 0; c < set.finishes.length; c++) {
      const p = previews[i++]!;
      const w = Math.round(p.img.width * scale);
      const h = Math.round(p.img.height * scale);
      const small = await png(p.img).resize(w, h, { kernel: 'lanczos3' }).toBuffer();
      const left = c * cellW + Math.round((cellW - w) / 2);
      const top = r * cellH + 8 + Math.round((cellH - 34 - h) / 2);
      composites.push({ input: small, left, top });
      const label = Buffer.from(
        `<svg width="${cellW}" height="24" xmlns="http://www.w3.org/2000/svg"><text x="${cellW / 2}" y="16" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#333">${p.label}</text></svg>`,
      );
      composites.push({ input: label, left: c * cellW, top: (r + 1) * cellH - 26 });
    }
  }
  await sharp({ create: { width: cols * cellW, height: rows * cellH, channels: 3, background: '#d9d6cf' } })
    .composite(composites)
    .png()
    .toFile(path.join(outDir, 'all-previews.png'));
  console.log(`wrote ${outDir}`);
}

await main();
