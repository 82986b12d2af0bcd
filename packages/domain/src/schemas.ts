/**
 * zod 4 schemas of the catalogue and upload shapes, shared by the web app and the API.
 * Ids are opaque strings named `_id`; image URLs are plain strings (they may be relative, e.g. '/frames/…');
 * prices are numbers in rupees (`framePrice` is ₹ per square inch of print). The shop's own texts (names, categories,
 * descriptions) come in English with their Hindi beside them under the same name with `Hi` (`hindiTextSchema`).
 */
import { z } from 'zod';
import { IMAGE_TYPES, SIZE_FORMATS } from './sizes';
import { ACCEPTED_FORMATS } from './upload-rules';
import { uploadEnhanceFields } from './contracts/enhance';
import { hindiTextSchema } from './text';

export const imageTypeSchema = z.enum(IMAGE_TYPES);
export const sizeFormatSchema = z.enum(SIZE_FORMATS);

/** POST /api/get-price-and-size body. */
export const priceAndSizeBodySchema = z.object({ imageType: imageTypeSchema }).strict();

const idSchema = z.string().min(1);
const urlSchema = z.string();
const rupeesSchema = z.number().nonnegative();

/** The eight images a frame finish is drawn from: four side strips and four mitred corners. */
export const FRAME_PARTS = ['sideUp', 'sideDown', 'sideLeft', 'sideRight', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const;
export type FramePart = (typeof FRAME_PARTS)[number];

/** One finish of a frame set, drawn from the eight FRAME_PARTS images. */
export const frameSchema = z.object({
  _id: idSchema,
  frameName: z.string(),
  frameCategory: z.string(),
  frameDescription: z.string(),
  frameNameHi: hindiTextSchema,
  frameCategoryHi: hindiTextSchema,
  frameDescriptionHi: hindiTextSchema,
  ...(Object.fromEntries(FRAME_PARTS.map((part) => [part, urlSchema])) as Record<FramePart, typeof urlSchema>),
});

/** A frame set: one moulding face width, with its rate and finishes. */
export const frameSetSchema = z.object({
  _id: idSchema,
  frameName: z.string(),
  frameNameHi: hindiTextSchema,
  /** The moulding's face width in inches (0.8, 1, 1.5, 2, 3). */
  sizeInInches: z.number().positive(),
  /** Rupees per square inch of print. */
  framePrice: rupeesSchema,
  thumbnailUrl: urlSchema.nullable(),
  label: z.string(),
  /** Motif border padding. */
  padding: z.number().nonnegative(),
  frames: z.array(frameSchema),
});

/** One size offered in a size group; `price` = round(width × height × 4.5) rupees. */
export const sizeOptionSchema = z.object({
  _id: idSchema,
  sizeName: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  price: rupeesSchema,
});

export const sizeGroupSchema = z.object({
  _id: idSchema,
  format: sizeFormatSchema,
  sizes: z.array(sizeOptionSchema),
});

/** A white (motif) border option; `size` in inches, one of 0, 0.4, 0.8, 1.2, 2, 3.1, 4.7. */
export const motifBorderSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nameHi: hindiTextSchema,
  sizeName: z.string(),
  size: z.number().nonnegative(),
  price: rupeesSchema,
});

export const getFrameResponseSchema = z.object({ getFrameSize: z.array(frameSetSchema) });
export const getPriceAndSizeResponseSchema = z.object({ getSizes: z.array(sizeGroupSchema) });
export const getMotifBorderSizesResponseSchema = z.object({ getMotifBorderSizes: z.array(motifBorderSchema) });

/** Every API error: { message, code, ...details }. (`.loose()` is zod 4's name for `.passthrough()`.) */
export const errorBodySchema = z.object({ message: z.string(), code: z.string() }).loose();

/** POST /api/uploads/:id/crop body: a rectangle in the original's pixels (after EXIF orientation). */
export const cropBodySchema = z
  .object({
    x: z.number().int().nonnegative(),
    y: z.number().int().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();

/** 'processing': the renditions are being made (very large photos); poll GET /api/uploads/:id. */
export const UPLOAD_STATUSES = ['ready', 'processing', 'failed'] as const;
export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);

/**
 * An uploaded photo. Dates are ISO 8601 strings in JSON.
 * `url` (the browser-displayable rendition, long edge about 2048 px) and `thumbnailUrl` are null until `status` is
 * 'ready'. `width`/`height` are the original's pixels after EXIF orientation (a crop's: the crop's size).
 * `parentId` and `crop` say which photo and rectangle a crop was cut from; null for an upload.
 */
export const uploadSchema = z.object({
  _id: idSchema,
  url: urlSchema.nullable(),
  thumbnailUrl: urlSchema.nullable(),
  imageType: imageTypeSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  dpi: z.object({ x: z.number().positive(), y: z.number().positive() }),
  format: z.enum(ACCEPTED_FORMATS),
  status: uploadStatusSchema,
  parentId: idSchema.nullable(),
  crop: cropBodySchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ...uploadEnhanceFields,
});

/** GET /api/uploads: the signed-in customer's photos, newest first. */
export const uploadListSchema = z.object({ uploads: z.array(uploadSchema) });

/** POST /api/uploads/claim: how many anonymous uploads were attached to the account. */
export const uploadClaimResponseSchema = z.object({ claimed: z.number().int().nonnegative() });

export type PriceAndSizeBody = z.infer<typeof priceAndSizeBodySchema>;
export type Frame = z.infer<typeof frameSchema>;
export type FrameSet = z.infer<typeof frameSetSchema>;
export type SizeOption = z.infer<typeof sizeOptionSchema>;
export type SizeGroup = z.infer<typeof sizeGroupSchema>;
export type MotifBorder = z.infer<typeof motifBorderSchema>;
export type GetFrameResponse = z.infer<typeof getFrameResponseSchema>;
export type GetPriceAndSizeResponse = z.infer<typeof getPriceAndSizeResponseSchema>;
export type GetMotifBorderSizesResponse = z.infer<typeof getMotifBorderSizesResponseSchema>;
export type ErrorBodyShape = z.infer<typeof errorBodySchema>;
export type Upload = z.infer<typeof uploadSchema>;
export type CropBody = z.infer<typeof cropBodySchema>;
export type UploadStatus = z.infer<typeof uploadStatusSchema>;
export type UploadList = z.infer<typeof uploadListSchema>;
