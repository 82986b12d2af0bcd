import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { FINISH_MATERIALS, ShopError } from '@framewala/domain';
import { faceThicknessPx, FRAME_PARTS, renderFinishImages, type FramePart } from '../../catalogue/frame-art';
import { FRAME_SETS, type FinishSpec, type FrameMaterial, type FrameSetSpec } from '../../catalogue/frame-finishes';

/**
 * The eight images of a finish the owner adds: uploaded (checked and normalised to the set's moulding thickness,
 * re-encoded as WebP) or drawn by the shop's own frame-art code from a material preset and a colour.
 */

export const FRAME_MATERIALS: readonly FrameMaterial[] = FINISH_MATERIALS;

/** One uploaded frame image: at most this many bytes. */
export const MAX_FRAME_IMAGE_BYTES = 5 * 1024 * 1024;

/** What the drawing code needs of a set: its profile comes from the seeded set of the same slug. */
export interface SetForArt {
  slug: string;
  name: string;
  mouldingIn: number;
  ratePaisePerSqIn: number;
  category: string;
  description: string;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes a colour towards white (t > 0) or black (t < 0). */
function shade(hex: string, t: number): string {
  const rgb = hexToRgb(hex);
  const target = t >= 0 ? 255 : 0;
  const k = Math.abs(t);
  return rgbToHex(rgb.map((v) => v + (target - v) * k) as [number, number, number]);
}

/** A finish spec from a preset and a base colour, with the palettes the seeded finishes use for that material. */
export function generatedFinishSpec(slug: string, name: string, description: string, material: FrameMaterial, color: string): FinishSpec {
  const base = color.toLowerCase();
  switch (material) {
    case 'wood':
      return {
        slug,
        name,
        description,
        material,
        colors: { base, light: shade(base, 0.25), dark: shade(base, -0.45) },
        gloss: 0.35,
        texture: { ringPx: 18, figure: 0.6, wave: 1, pores: 0.3 },
      };
    case 'metal':
      return {
        slug,
        name,
        description,
        material,
        colors: { base, light: shade(base, 0.85), dark: shade(base, -0.55) },
        gloss: 0.75,
        texture: { brush: 0.6 },
      };
    case 'lacquer':
      return { slug, name, description, material, colors: { base, light: shade(base, 0.8), dark: shade(base, -0.7) }, gloss: 0.4 };
  }
}

export function setSpecFor(set: SetForArt): FrameSetSpec {
  const seeded = FRAME_SETS.find((s) => s.slug === set.slug);
  return {
    slug: set.slug,
    name: set.name,
    mouldingIn: set.mouldingIn,
    ratePaisePerSqIn: set.ratePaisePerSqIn,
    category: set.category,
    description: set.description,
    profile: seeded?.profile ?? 'flat-lip',
    finishes: [],
  };
}

/** Runs draw-finish-worker.mjs; rejects with `loaderMissing` when the thread cannot load the TypeScript code. */
function drawInWorker(set: FrameSetSpec, finish: FinishSpec): Promise<Record<FramePart, Buffer>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./draw-finish-worker.mjs', import.meta.url), { workerData: { set, finish }, execArgv: [] });
    let done = false;
    worker.once('message', (images: Record<FramePart, Uint8Array>) => {
      done = true;
      const out = {} as Record<FramePart, Buffer>;
      for (const part of FRAME_PARTS) out[part] = Buffer.from(images[part].buffer, images[part].byteOffset, images[part].byteLength);
      resolve(out);
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      done = true;
      reject(Object.assign(error, { loaderMissing: error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'ERR_UNKNOWN_FILE_EXTENSION' }));
    });
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the frame drawing thread stopped with code ${code}`));
    });
  });
}

/** The eight images of a generated finish, drawn in a worker thread (in this thread when one cannot load the code). */
export async function drawFinishImages(set: SetForArt, finish: FinishSpec): Promise<Record<FramePart, Buffer>> {
  const spec = setSpecFor(set);
  try {
    return await drawInWorker(spec, finish);
  } catch (error) {
    if (!(error as { loaderMissing?: boolean }).loaderMissing) throw error;
    return renderFinishImages(spec, finish);
  }
}

const SIDE_PARTS = new Set<FramePart>(['sideUp', 'sideDown']);
const UPRIGHT_PARTS = new Set<FramePart>(['sideLeft', 'sideRight']);

function refuse(part: FramePart, message: string): never {
  throw new ShopError('RULE_BROKEN', `${part}: ${message}`, { field: part });
}

/**
 * Checks the eight uploaded images and brings them to the shop's geometry for a moulding `mouldingIn` wide:
 * corners T×T (they must be square, within 5 %), top and bottom strips T high, left and right strips T wide
 * (T = the moulding in pixels, as the drawn frames), each at least as long as it is thick. Sizes are read from the
 * header first, so a huge picture is refused before it is decoded.
 */
export async function normaliseUploadedImages(files: Record<FramePart, Buffer>, mouldingIn: number): Promise<Record<FramePart, Buffer>> {
  const T = faceThicknessPx(mouldingIn);
  const out = {} as Record<FramePart, Buffer>;
  for (const part of FRAME_PARTS) {
    const input = files[part];
    let meta: sharp.Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      refuse(part, 'this is not an image we can read. Use PNG, JPEG or WebP.');
    }
    if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format)) refuse(part, 'use a PNG, JPEG or WebP image.');
    // Sizes as seen upright (EXIF orientations 5–8 turn the picture a quarter).
    const swap = (meta.orientation ?? 1) >= 5;
    const width = (swap ? meta.height : meta.width) ?? 0;
    const height = (swap ? meta.width : meta.height) ?? 0;
    if (width < 8 || height < 8 || width > 8000 || height > 8000) refuse(part, 'each side must be 8 to 8000 pixels.');
    let resize: { width: number; height: number };
    if (SIDE_PARTS.has(part)) {
      if (width < height) refuse(part, 'a top or bottom strip must be at least as wide as it is high.');
      resize = { width: Math.max(T, Math.round((width * T) / height)), height: T };
    } else if (UPRIGHT_PARTS.has(part)) {
      if (height < width) refuse(part, 'a left or right strip must be at least as high as it is wide.');
      resize = { width: T, height: Math.max(T, Math.round((height * T) / width)) };
    } else {
      if (Math.abs(width - height) > 0.05 * Math.max(width, height)) refuse(part, 'a corner must be square.');
      resize = { width: T, height: T };
    }
    try {
      out[part] = await sharp(input, { limitInputPixels: 8000 * 8000 })
        .rotate()
        .resize({ ...resize, fit: 'fill', kernel: 'lanczos3' })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .webp({ quality: 88, effort: 2 })
        .toBuffer();
    } catch {
      refuse(part, 'the picture could not be decoded.');
    }
  }
  return out;
}
