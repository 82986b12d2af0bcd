/**
 * The pixels of an enhanced upload: the parent's region of its original (upright, sRGB), upscaled by the AI model
 * when asked, then auto-enhanced with libvips (sharp): levels, white balance, contrast, vividness and a light sharpen,
 * each scaled by the strength (0 leaves the pixels as they are). Written as a high-quality JPEG, the new upload's
 * original.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, ShopError } from '@framewala/domain';
import { orientedToStored, type Region } from '../uploads/image';
import { upscaleRgb, type EsrganScale } from './esrgan';

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
  upscale: EsrganScale | null;
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
  return sharp(source.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
    .extract(stored)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
}

/** How the auto-enhance moves the pixels at a strength, from the photo's channel means (gray world). */
export function enhanceSettings(strength: number, means: readonly [number, number, number]) {
  const s = Math.min(100, Math.max(0, strength)) / 100;
  const gray = (means[0] + means[1] + means[2]) / 3;
  const gains = means.map((m) => Math.min(1.18, Math.max(0.85, 1 + 0.6 * s * (gray / Math.max(1, m) - 1))));
  const contrast = 1 + 0.12 * s;
  return {
    /** Percentiles clipped by the levels stretch. */
    clip: 0.5 * s,
    multiply: gains.map((g) => g * contrast),
    offset: gains.map(() => 128 * (1 - contrast)),
    saturation: 1 + 0.2 * s,
    sharpen: s > 0 ? { sigma: 0.8, m1: 0.5 * s, m2: 1.5 * s } : null,
  };
}

/** Applies the auto-enhance to an upright 8-bit RGB pipeline. */
export async function autoEnhance(image: () => sharp.Sharp, strength: number): Promise<sharp.Sharp> {
  if (strength <= 0) return image();
  const stats = await image().resize(512, 512, { fit: 'inside' }).stats();
  const means = [stats.channels[0]!.mean, stats.channels[1]!.mean, stats.channels[2]!.mean] as const;
  const settings = enhanceSettings(strength, means);
  // Each step in its own pipeline stage, in this order: levels, then colour and contrast, then vividness, then sharpen.
  const levelled = await image()
    .normalise({ lower: settings.clip, upper: 100 - settings.clip })
    .linear(settings.multiply, settings.offset)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: levelled.info.width, height: levelled.info.height, channels: levelled.info.channels as 3 };
  let out = sharp(levelled.data, { raw }).modulate({ saturation: settings.saturation });
  if (settings.sharpen) out = sharp(await out.raw().toBuffer(), { raw }).sharpen(settings.sharpen);
  return out;
}

/** Makes the enhanced original. Decoding failures become 422 IMAGE_UNREADABLE. */
export async function makeEnhanced(spec: EnhanceSpec, onProgress: (done: number) => void = () => undefined): Promise<EnhanceResult> {
  let base: () => sharp.Sharp = () => openRegion(spec.source);
  try {
    if (spec.upscale) {
      const { data, info } = await openRegion(spec.source).removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      const up = await upscaleRgb({ data, width: info.width, height: info.height }, spec.upscale, onProgress);
      const raw = { width: up.width, height: up.height, channels: 3 as const };
      const upData = up.data;
      base = () => sharp(upData, { raw });
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
