/**
 * Enhancing a photo: auto-enhance (levels, contrast, white balance, vividness, a light sharpen, scaled by a strength)
 * and AI upscaling (×2 or ×4). Each makes a new upload derived from the photo (`parentId`), as a crop does; the
 * original never changes, and crop and enhance compose in either order.
 */
import { z } from 'zod';
import { UPSCALE_FACTORS } from '../enhance';

const upscaleFactorSchema = z.union([z.literal(UPSCALE_FACTORS[0]), z.literal(UPSCALE_FACTORS[1])]);

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
