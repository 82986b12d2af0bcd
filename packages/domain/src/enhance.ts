/**
 * The rules of enhancing a photo (auto-enhance and AI upscaling): the slider's start, the factors offered, and the
 * sizes each may work on. Plain values and checks without schemas, so the editor can use them without loading zod.
 */
import { checkImageDimensions, type RuleCheck } from './upload-rules';

/** The strength slider's starting point. */
export const ENHANCE_DEFAULT_STRENGTH = 70;
export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/** What an enhance asks for (the body of POST /api/uploads/:id/enhance): auto-enhance, an AI upscale, or both. */
export interface EnhanceRequest {
  auto?: { strength: number } | undefined;
  upscale?: UpscaleFactor | undefined;
}
/** AI upscaling is offered for photos up to this many pixels on the long side. */
export const UPSCALE_MAX_LONG_SIDE = 4000;
/**
 * Largest result of an upscale, in pixels: the upscaled pixels are held in memory once (3 bytes each) while the model
 * fills them tile by tile, so this bounds the job's memory (64 MP ≈ 192 MB).
 */
export const UPSCALE_MAX_RESULT_PIXELS = 64_000_000;
/** Largest photo auto-enhance works on (the whole photo is read at full resolution). */
export const ENHANCE_MAX_PIXELS = 100_000_000;

/**
 * How fast the AI upscale runs on the shop's two cores, in megapixels of input a second, start-up included: the model
 * works on the input (×4 is its ×2 then a quick resize), so the time follows the crop's size. Measured through the
 * enhance job's child process at its usual nice 10 on a machine shared with other work: a 1600 × 1200 crop took 70 s ×2
 * (load 1–2.5) and 110 s ×4 (load 6), 0.027 and 0.017 MP a second; the slower figure is the one promised. Under heavy
 * load the nice job yields (1280 × 960 ×2 took 238 s at load 6–10), hence "longer when the shop is busy".
 */
export const UPSCALE_INPUT_MP_PER_SECOND = 0.018;

/**
 * Whole minutes an AI upscale of a `width` × `height` px crop is expected to take, rounded up, at least 1 (a
 * 1600 × 1200 crop: 2).
 */
export function expectedUpscaleMinutes(width: number, height: number): number {
  const seconds = (width * height) / 1_000_000 / UPSCALE_INPUT_MP_PER_SECOND;
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Whether a photo of `width` × `height` px may be enhanced as asked, and the result's size. Refused: upscaling a photo
 * over UPSCALE_MAX_LONG_SIDE, a result over UPSCALE_MAX_RESULT_PIXELS or over the upload limits, auto-enhance of a
 * photo over ENHANCE_MAX_PIXELS.
 */
export function checkEnhance(
  width: number,
  height: number,
  body: EnhanceRequest,
): (RuleCheck<'IMAGE_DIMENSIONS'> & { ok: false }) | { ok: true; width: number; height: number } {
  const refuse = (message: string) => ({ ok: false as const, code: 'IMAGE_DIMENSIONS' as const, message });
  const factor = body.upscale ?? 1;
  if (body.upscale && Math.max(width, height) > UPSCALE_MAX_LONG_SIDE) {
    return refuse(
      `Sharpening with AI is offered for photos up to ${UPSCALE_MAX_LONG_SIDE} px on the long side; this one is ${width} × ${height} px.`,
    );
  }
  if (!body.upscale && width * height > ENHANCE_MAX_PIXELS) {
    return refuse(`Auto-enhance works on photos up to ${ENHANCE_MAX_PIXELS / 1_000_000} MP; this one is ${width} × ${height} px.`);
  }
  const out = { width: width * factor, height: height * factor };
  if (out.width * out.height > UPSCALE_MAX_RESULT_PIXELS) {
    return refuse(
      `×${factor} would make ${out.width} × ${out.height} px, more than the ${UPSCALE_MAX_RESULT_PIXELS / 1_000_000} MP we can sharpen. Choose ×2 or crop first.`,
    );
  }
  const dimensions = checkImageDimensions(Math.max(out.width, 700), Math.max(out.height, 700));
  if (!dimensions.ok) return refuse(dimensions.message);
  return { ok: true, ...out };
}
