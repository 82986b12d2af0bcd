/**
 * Enhancing a photo: auto-enhance (levels, contrast, white balance, vividness, a light sharpen, scaled by a strength)
 * and AI upscaling (×2 or ×4). Each makes a new upload derived from the photo (`parentId`), as a crop does; the
 * original never changes, and crop and enhance compose in either order.
 */
import { z } from 'zod';
import { checkImageDimensions, type RuleCheck } from '../upload-rules';

/** The strength slider's starting point. */
export const ENHANCE_DEFAULT_STRENGTH = 70;
export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];
/** AI upscaling is offered for photos up to this many pixels on the long side. */
export const UPSCALE_MAX_LONG_SIDE = 4000;
/**
 * Largest result of an upscale, in pixels: the upscaled pixels are held in memory once (3 bytes each) while the model
 * fills them tile by tile, so this bounds the job's memory (64 MP ≈ 192 MB).
 */
export const UPSCALE_MAX_RESULT_PIXELS = 64_000_000;
/** Largest photo auto-enhance works on (the whole photo is read at full resolution). */
export const ENHANCE_MAX_PIXELS = 100_000_000;

const upscaleFactorSchema = z.union([z.literal(2), z.literal(4)]);

/** POST /api/uploads/:id/enhance. At least one of `auto` and `upscale`. */
export const enhanceBodySchema = z
  .object({
    auto: z
      .object({
        strength: z.number().int().min(0).max(100).describe('0 (no change) to 100; the slider starts at 70'),
      })
      .strict()
      .optional()
      .describe('Auto-enhance: levels, contrast, white balance, vividness and a light sharpen'),
    upscale: upscaleFactorSchema.optional().describe('AI upscaling ×2 or ×4 (photos up to 4000 px on the long side)'),
  })
  .strict()
  .refine((body) => body.auto !== undefined || body.upscale !== undefined, { message: 'Ask for auto, upscale or both.' });

/** What was done to make an upload from its parent: null for an upload or a plain crop. */
export const uploadEnhancementSchema = z.object({
  strength: z.number().int().min(0).max(100).nullable(),
  upscale: upscaleFactorSchema.nullable(),
});

/** Fields of an upload about enhancement, merged into the upload's shape. */
export const uploadEnhanceFields = {
  enhancement: uploadEnhancementSchema.nullable().optional().describe('How this upload was made from its parent, when enhanced'),
  progress: z.number().min(0).max(1).nullable().optional().describe('0–1 while an enhance job runs; null otherwise'),
};

export type EnhanceBody = z.infer<typeof enhanceBodySchema>;
export type UploadEnhancement = z.infer<typeof uploadEnhancementSchema>;

/**
 * Whether a photo of `width` × `height` px may be enhanced as asked, and the result's size. Refused: upscaling a photo
 * over UPSCALE_MAX_LONG_SIDE, a result over UPSCALE_MAX_RESULT_PIXELS or over the upload limits, auto-enhance of a
 * photo over ENHANCE_MAX_PIXELS.
 */
export function checkEnhance(
  width: number,
  height: number,
  body: EnhanceBody,
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
