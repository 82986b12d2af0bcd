/**
 * The pixels of an enhanced upload: the parent's region of its original (upright, sRGB), upscaled by the AI model
 * when asked, then auto-enhanced with libvips (sharp): levels, white balance, contrast, vividness and a light sharpen,
 * each scaled by the strength (0 leaves the pixels as they are). Written as a high-quality JPEG, the new upload's
 * original.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, ShopError, type UpscaleFactor } from '@framewala/domain';
import { decodeBufferBytes } from '../uploads/decode-cost';
import { orientedToStored, type Region } from '../uploads/image';
import { upscalePhoto, type Upscaler } from './upscale';

sharp.cache(false);

export interface EnhanceSource {
  /** The stored original on local disk. */
  path: string;
  /** Its EXIF orientation and its stored (unrotated) size. */
  orientation: number;
  storedWidth: number;
  storedHeight: number;
  /** The parent's pixels in the oriented original. */
  region: Region;
}

export interface EnhanceSpec {
  source: EnhanceSource;
  /** Auto-enhance strength 0–100, or null for none. */
  strength: number | null;
  upscale: UpscaleFactor | null;
  outPath: string;
}

export interface EnhanceResult {
  width: number;
  height: number;
  bytes: number;
}

/** The parent's region, upright, 8-bit sRGB on white. */
function openRegion(source: EnhanceSource): sharp.Sharp {
  const stored = orientedToStored(source.region, source.orientation, source.storedWidth, source.storedHeight);
  const whole = stored.left === 0 && stored.top === 0 && stored.width === source.storedWidth && stored.height === source.storedHeight;
  const image = sharp(source.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' });
  // The whole photo is not cut, so a JPEG can be decoded at a fraction of its size for the small copy the stats use.
  return (whole ? image : image.extract(stored)).autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb');
}

/** The value under which `share` (0–1) of the samples lie, from a 256-bin histogram. */
function percentile(histogram: readonly number[], total: number, share: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= share * total) return v;
  }
  return 255;
}

/**
 * A 3 × 3 unsharp mask in integers: the pixel plus `amount` × (the pixel − its 1-2-1 blur, σ ≈ 0.7 px), in 256ths so
 * that libvips convolves the 8-bit pixels directly. The weights sum to the scale, so flat areas stay as they are.
 */
export function unsharpMask(amount: number) {
  const q = Math.round(16 * amount);
  return { width: 3, height: 3, scale: 256, kernel: [-q, -2 * q, -q, -2 * q, 256 + 12 * q, -2 * q, -q, -2 * q, -q] };
}

/**
 * How the auto-enhance moves the pixels at a strength (0–100), from a small copy's channel means and luma histogram:
 * one colour matrix and offset that fold in the levels stretch (clipping `strength`/200 % at each end, gain at most
 * 1.15), gray-world white balance (gains 0.94–1.06, scaled by strength), contrast (up to +8 %) and vividness
 * (saturation up to +12 %): light, as a photo lab's auto-correction is; then a light unsharp mask. libvips' own
 * `modulate` (LCh) doubled the time at 24 MP; its `sharpen` (a Gaussian on the L of Lab, in floats) took twice as
 * long as the rest of the job, so the unsharp mask is a 3 × 3 integer convolution on the decoded 8-bit pixels.
 */
export function enhanceSettings(strength: number, means: readonly [number, number, number], histogram: readonly number[]) {
  const s = Math.min(100, Math.max(0, strength)) / 100;
  const total = histogram.reduce((sum, n) => sum + n, 0);
  const clip = (0.5 * s) / 100;
  const lo = percentile(histogram, total, clip);
  const hi = Math.max(lo + 1, percentile(histogram, total, 1 - clip));
  const stretch = Math.min(1.15, 1 + s * (255 / (hi - lo) - 1));
  // The stretch keeps the middle of the used range, moved towards mid-grey by the strength.
  const middle = (lo + hi) / 2;
  const newMiddle = middle + s * (127.5 - middle);
  const gray = (means[0] + means[1] + means[2]) / 3;
  const gains = means.map((m) => Math.min(1.06, Math.max(0.94, 1 + 0.3 * s * (gray / Math.max(1, m) - 1))));
  const contrast = 1 + 0.08 * s;
  const saturation = 1 + 0.12 * s;
  // Vividness as a matrix about each pixel's luma (Rec. 601 weights): v' = Y + saturation × (v − Y).
  const LUMA = [0.299, 0.587, 0.114];
  const scale = gains.map((g) => contrast * g * stretch);
  const matrix = [0, 1, 2].map((row) =>
    [0, 1, 2].map((column) => ((row === column ? saturation : 0) + (1 - saturation) * LUMA[column]!) * scale[column]!),
  );
  return {
    /** 3 × 3: white balance, levels stretch, contrast and vividness in one multiply. */
    matrix: matrix as [[number, number, number], [number, number, number], [number, number, number]],
    /** Added to every channel: the levels' shift and the contrast's pivot at mid-grey. */
    offset: contrast * (newMiddle - stretch * middle) + 128 * (1 - contrast),
    sharpen: s > 0 ? unsharpMask(0.5 * s) : null,
  };
}

/**
 * Applies the auto-enhance to an upright 8-bit RGB pipeline: the statistics from a small copy first, then one
 * streaming libvips pipeline over the full image (no full-size copy held in JavaScript).
 */
export async function autoEnhance(image: () => sharp.Sharp, strength: number): Promise<sharp.Sharp> {
  if (strength <= 0) return image();
  const small = await image().resize(512, 512, { fit: 'inside' }).removeAlpha().raw().toBuffer();
  const sums = [0, 0, 0];
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i + 2 < small.length; i += 3) {
    sums[0]! += small[i]!;
    sums[1]! += small[i + 1]!;
    sums[2]! += small[i + 2]!;
    histogram[Math.round(0.299 * small[i]! + 0.587 * small[i + 1]! + 0.114 * small[i + 2]!)]!++;
  }
  const n = Math.max(1, small.length / 3);
  const settings = enhanceSettings(strength, [sums[0]! / n, sums[1]! / n, sums[2]! / n], histogram);
  const out = image().recomb(settings.matrix).linear(1, settings.offset);
  // sharp convolves first, on the decoded pixels, then applies the matrix.
  return settings.sharpen ? out.convolve(settings.sharpen) : out;
}

/**
 * Makes the enhanced original. A JPEG the decode memory rule refuses is 422 IMAGE_PROGRESSIVE_TOO_LARGE before anything
 * is decoded; decoding failures become 422 IMAGE_UNREADABLE. `upscale` is the AI model unless another upscaler is given
 * (tests give a plain resize: the model has its own test and benchmark).
 */
export async function makeEnhanced(
  spec: EnhanceSpec,
  onProgress: (done: number) => void = () => undefined,
  upscale: Upscaler = upscalePhoto,
): Promise<EnhanceResult> {
  let base: () => sharp.Sharp = () => openRegion(spec.source);
  // The same memory rule as every decode of a customer's photo, before any pixel is read.
  await decodeBufferBytes(spec.source.path);
  try {
    if (spec.upscale) {
      const { data, info } = await openRegion(spec.source).removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      base = await upscale({ data, width: info.width, height: info.height }, spec.upscale, onProgress);
    }
    const image = spec.strength ? await autoEnhance(base, spec.strength) : base();
    const info = await image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toFile(spec.outPath);
    onProgress(1);
    return { width: info.width, height: info.height, bytes: info.size };
  } catch (error) {
    if (error instanceof ShopError) throw error;
    if (error instanceof Error && /VipsJpeg|VipsTiff|Input file|corrupt|premature|bad seek|unsupported image format/i.test(error.message)) {
      throw new ShopError('IMAGE_UNREADABLE', undefined, { reason: error.message.split('\n')[0] });
    }
    throw error;
  }
}
