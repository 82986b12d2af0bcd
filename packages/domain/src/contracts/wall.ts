/**
 * The framed piece as a 3D model for augmented reality: what the browser asks for and what it gets back.
 * The outer size follows the framing rules (photo + 2 × border + 2 × moulding); sizes are in inches.
 */
import { z } from 'zod';
import { WHITE_BORDER_LEVELS } from '../borders';

/** The largest print side a model is made for, in inches (the largest preset is 60 in). */
export const MAX_MODEL_SIDE_IN = 120;

const side = (what: string) =>
  z.coerce
    .number()
    .positive()
    .max(MAX_MODEL_SIDE_IN)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most two decimals')
    .describe(`${what} of the print in inches (0.01 to ${MAX_MODEL_SIDE_IN})`);

export const framedModelQuerySchema = z
  .object({
    width: side('Width'),
    height: side('Height'),
    frameId: z.string().min(1).max(200).describe('The finish (`frames[]._id` from /api/get-frame)'),
    border: z.coerce
      .number()
      .int()
      .min(0)
      .max(WHITE_BORDER_LEVELS.length - 1)
      .default(0)
      .describe('White border level 0..6 (0, 0.4, 0.8, 1.2, 2, 3.1, 4.7 in)'),
    exp: z.string().max(20).optional().describe('Expiry of a signed link (from the ar-link answer)'),
    sig: z.string().max(100).optional().describe('Signature of a signed link'),
  })
  .strict();
export type FramedModelQuery = z.infer<typeof framedModelQuerySchema>;

export const arLinkResponseSchema = z.object({
  /** A link to the `.glb` that works without the owner's headers (for Scene Viewer), until it expires. */
  glbUrl: z.string(),
});
export type ArLinkResponse = z.infer<typeof arLinkResponseSchema>;

/** How deep the moulding stands off the wall: about its face width, from 0.8 to 1.6 in. */
export function frameDepthIn(mouldingIn: number): number {
  return Math.min(1.6, Math.max(0.8, mouldingIn));
}
