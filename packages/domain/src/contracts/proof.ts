/**
 * Pay on approval: the proof the owner sends of a held order, the customer's approval or change request, and the
 * owner's proof and release calls. Shared by the API's routes (validation, serialisation, OpenAPI) and the web client.
 */
import { z } from 'zod';
import { ORDER_PAYMENTS } from '../order-states';
import { hindiTextSchema, textIdSchema } from '../text';

/** A message between the customer and the owner: trimmed plain text (new lines allowed), no control characters. */
const message = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^(?:[^\p{Cc}]|\n)*$/u, 'must be plain text');

/** How an order is paid: 'now' (at once) or 'on_approval' (held, captured when the customer approves the proof). */
export const orderPaymentSchema = z.enum(ORDER_PAYMENTS);

/** The print-quality verdict of a line's print file: its rating and the pixels per inch it prints at. */
export const proofQualitySchema = z.object({ rating: z.enum(['excellent', 'good', 'low']), ppi: z.number() });

/** One framed photo of a proof: its mock-up drawn from the print file, what will be made, and the print's quality. */
export const proofLineSchema = z.object({
  /** GET this for the line's framed mock-up (JPEG) at the print's true proportions. */
  mockupUrl: z.string(),
  sizeName: z.string(),
  widthIn: z.number(),
  heightIn: z.number(),
  frameSetName: z.string(),
  finishName: z.string(),
  borderName: z.string(),
  borderIn: z.number(),
  frameSetNameHi: hindiTextSchema,
  finishNameHi: hindiTextSchema,
  borderNameHi: hindiTextSchema,
  quantity: z.number().int(),
  quality: proofQualitySchema.nullable(),
});

/** A change the customer asks for on one line: a new crop (an upload made in the editor) or another finish of the same price. */
export const proofLineChangeSchema = z
  .object({
    /** The line's position in the order, from 0. */
    index: z.number().int().min(0).max(99),
    uploadId: textIdSchema(200).optional(),
    finishId: textIdSchema(200).optional(),
  })
  .strict()
  .refine((c) => c.uploadId !== undefined || c.finishId !== undefined, 'give a new crop (uploadId) or another finish (finishId)');

/** One change request as the order records it. */
export const proofChangeSchema = z.object({
  message: z.string(),
  at: z.string(),
  lines: z.array(proofLineChangeSchema),
});

/** The latest proof of a held order: `round` 1 for the first, one more after each change. */
export const proofSchema = z.object({
  round: z.number().int().min(1),
  sentAt: z.string(),
  note: z.string().nullable(),
  lines: z.array(proofLineSchema),
  /** The customer's change requests, oldest first. */
  changes: z.array(proofChangeSchema).default([]),
});

/** POST /api/orders/:id/proof/changes body. */
export const proofChangesBodySchema = z
  .object({ message: message(1000), lines: z.array(proofLineChangeSchema).max(100).optional() })
  .strict();

/** POST /api/admin/orders/:id/proof body: an optional note for the customer. */
export const adminProofBodySchema = z.object({ note: message(500).optional() }).strict();

/** POST /api/admin/orders/:id/release body: an optional message for the customer ("can't make this one"). */
export const adminReleaseBodySchema = z.object({ message: message(500).optional() }).strict();

export type OrderPaymentMode = z.infer<typeof orderPaymentSchema>;
export type Proof = z.infer<typeof proofSchema>;
export type ProofLine = z.infer<typeof proofLineSchema>;
export type ProofLineChange = z.infer<typeof proofLineChangeSchema>;
export type ProofChangesBody = z.infer<typeof proofChangesBodySchema>;
export type AdminProofBody = z.infer<typeof adminProofBodySchema>;
export type AdminReleaseBody = z.infer<typeof adminReleaseBodySchema>;

/** GET /api/orders/:id/proof/mockup query: `line` 1-based (1 by default). */
export const proofMockupQuerySchema = z.object({ line: z.coerce.number().int().min(1).max(100).optional() });
