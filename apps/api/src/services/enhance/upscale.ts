/**
 * The shop's AI upscale of a photo. ×2 is the ESRGAN model's own; ×4 is the model's ×2 followed by Lanczos ×2
 * (libvips, streamed). The customers who need ×4 mostly have copies a messaging app shrank and compressed hard; the
 * model's own ×4, trained without JPEG artefacts, sharpened those artefacts and came out softer than plain Lanczos on
 * such copies, while its ×2 beats Lanczos on them at either factor (`npm run bench:quality`; decision 059). It is also
 * the faster of the two, and only the ×2 result is held in memory.
 */
import sharp from 'sharp';
import type { UpscaleFactor } from '@framewala/domain';
import { MODEL_SCALE, upscaleRgb, type RgbImage } from './esrgan';

/** Upscales `image` ×`factor`; the answer opens the result as a sharp pipeline (as often as needed). */
export type Upscaler = (image: RgbImage, factor: UpscaleFactor, onProgress?: (done: number) => void) => Promise<() => sharp.Sharp>;

/** The shop's upscaler: the AI model (see above). */
export async function upscalePhoto(
  image: RgbImage,
  factor: UpscaleFactor,
  onProgress: (done: number) => void = () => undefined,
): Promise<() => sharp.Sharp> {
  const modelled = await upscaleRgb(image, onProgress);
  const raw = { width: modelled.width, height: modelled.height, channels: 3 as const };
  const open = () => sharp(modelled.data, { raw });
  if (factor === MODEL_SCALE) return open;
  return () => open().resize(image.width * factor, image.height * factor, { kernel: 'lanczos3' });
}
