import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBorderResponseSchema,
  adminCatalogueResponseSchema,
  adminFinishResponseSchema,
  adminFrameSetResponseSchema,
  adminIdParamsSchema,
  borderPatchSchema,
  finishPatchSchema,
  FRAME_PARTS,
  frameSetPatchSchema,
  newFinishFieldsSchema,
  ShopError,
  type FramePart,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import {
  addFinish,
  adminCatalogue,
  patchBorder,
  patchFinish,
  patchFrameSet,
  type CatalogueChanged,
  type NewFinish,
} from '../../services/admin/catalogue';
import { MAX_FRAME_IMAGE_BYTES } from '../../services/admin/finish-images';
import { invalidateCatalogueCache } from '../../services/catalogue/cache';
import { errors, SECURITY, TAGS } from './common';

const FIELD_NAMES = new Set(['name', 'description', 'nameHi', 'descriptionHi', 'material', 'generate', 'color']);
const PART_NAMES = new Set<string>(FRAME_PARTS);

function badForm(message: string, field?: string): ShopError {
  return new ShopError('VALIDATION', message, field ? { field } : undefined);
}

/** Reads the add-finish form: its text fields and, unless `generate` is given, the eight images (≤ 5 MB each). */
async function readFinishForm(request: FastifyRequest): Promise<NewFinish> {
  if (!request.isMultipart()) throw new ShopError('UNSUPPORTED_MEDIA_TYPE', 'Send the new finish as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: Partial<Record<FramePart, Buffer>> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const file = part as MultipartFile;
      if (!PART_NAMES.has(file.fieldname)) {
        file.file.resume();
        throw badForm(`Unexpected file field ${file.fieldname}; the images are ${FRAME_PARTS.join(', ')}.`, file.fieldname);
      }
      if (files[file.fieldname as FramePart]) throw badForm(`Send one ${file.fieldname} image.`, file.fieldname);
      files[file.fieldname as FramePart] = await file.toBuffer();
    } else {
      if (!FIELD_NAMES.has(part.fieldname)) throw badForm(`Unexpected field ${part.fieldname}.`, part.fieldname);
      if (part.fieldname in fields) throw badForm(`Send ${part.fieldname} once.`, part.fieldname);
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  const parsed = newFinishFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'body';
    throw badForm(`Invalid ${field}: ${issue?.message ?? 'is not valid'}`, field);
  }
  const { name, description, nameHi, descriptionHi, material, generate, color } = parsed.data;
  const texts = { name, description, nameHi, descriptionHi };
  const fileCount = Object.keys(files).length;
  if (generate) {
    if (fileCount > 0) throw badForm('Either upload the eight images or ask to generate them, not both.', 'generate');
    if (!color) throw badForm('Generating a finish needs its colour (#rrggbb).', 'color');
    return { ...texts, material: material ?? generate, art: { kind: 'generate', preset: generate, color } };
  }
  if (!material) throw badForm('Say which material the finish is (wood, metal or lacquer).', 'material');
  const missing = FRAME_PARTS.filter((p) => !files[p]);
  if (missing.length > 0) throw badForm(`Missing images: ${missing.join(', ')} (or send generate and color instead).`, missing[0]);
  return { ...texts, material, art: { kind: 'upload', files: files as Record<FramePart, Buffer> } };
}

/**
 * The catalogue in the owner's console (docs/admin-api.md): frame sets, their finishes (a new one with its eight
 * images) and the white borders. An admin only (401 without a session, 403 for customers), checked before the body
 * is read. Cached public catalogue answers are dropped at once after an edit (`catalogueChanged`; other servers
 * notice within half a second).
 */
export const adminCatalogueRoutes = (ctx: AppContext, options: { catalogueChanged?: CatalogueChanged } = {}): FastifyPluginAsyncZod =>
  async function adminCataloguePlugin(app) {
    app.addHook('onRequest', requireAdmin);
    // Only the add-finish route takes files: eight frame images of at most 5 MB each.
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_FRAME_IMAGE_BYTES, files: FRAME_PARTS.length, fields: 10, parts: 20 } });
    const changed = options.catalogueChanged ?? invalidateCatalogueCache;

    app.get(
      '/admin/catalogue',
      {
        schema: {
          summary: 'Frame sets with every finish (retired ones too) and the white borders, prices in paise',
          tags: TAGS,
          security: SECURITY,
          response: {
            200: adminCatalogueResponseSchema,
            ...errors(401, 403),
          },
        },
      },
      async () => adminCatalogue(ctx),
    );

    app.patch(
      '/admin/frame-sets/:id',
      {
        schema: {
          summary: "Edit a frame set's name, description (each with its Hindi) or rate (paise per square inch); new orders only",
          description:
            '`nameHi` and `descriptionHi` are shown on Hindi pages; null or empty clears one (the English is shown). A name or description changed without its Hindi clears the Hindi, which translated the old text.',
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: frameSetPatchSchema,
          response: { 200: adminFrameSetResponseSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => ({ frameSet: await patchFrameSet(ctx, request.params.id, request.body, changed) }),
    );

    app.post(
      '/admin/frame-sets/:id/finishes',
      {
        bodyLimit: FRAME_PARTS.length * MAX_FRAME_IMAGE_BYTES + 64 * 1024,
        schema: {
          summary: 'Add a finish to a frame set: upload its eight images, or generate them from a material and a colour',
          description: [
            'multipart/form-data with fields `name`, `description`, optionally `nameHi` and `descriptionHi` (their Hindi), and `material` (wood, metal or lacquer), and either the eight images (PNG, JPEG or WebP, at most 5 MB each) in the fields `sideUp, sideDown, sideLeft, sideRight, topLeft, topRight, bottomLeft, bottomRight`, or `generate` (wood, metal or lacquer) with `color` (#rrggbb).',
            'Uploaded images are scaled to the moulding (corners square, strips as thick as the moulding) and stored as WebP; a corner that is not square or a strip lying the wrong way is 422.',
          ].join('\n\n'),
          tags: TAGS,
          security: SECURITY,
          consumes: ['multipart/form-data'],
          params: adminIdParamsSchema,
          response: { 201: adminFinishResponseSchema, ...errors(400, 401, 403, 404, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const input = await readFinishForm(request);
        return reply.status(201).send({ finish: await addFinish(ctx, request.params.id, input, changed) });
      },
    );

    app.patch(
      '/admin/finishes/:id',
      {
        schema: {
          summary: 'Rename, describe (each with its Hindi), retire (`active: false`) or bring back (`active: true`) a finish',
          description:
            'A retired finish disappears from GET /api/get-frame and create-order refuses it; placed orders keep it. The last finish on sale in a set cannot be retired (409). `nameHi`, `categoryHi` and `descriptionHi` are shown on Hindi pages; null or empty clears one, and a name or description changed without its Hindi clears the Hindi.',
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: finishPatchSchema,
          response: { 200: adminFinishResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ finish: await patchFinish(ctx, request.params.id, request.body, changed) }),
    );

    app.patch(
      '/admin/borders/:id',
      {
        schema: {
          summary: "Set a white border's price in paise (new orders only; level 0, no border, stays free) or its Hindi name",
          description: '`nameHi` is shown on Hindi pages; null or empty clears it (the English name is shown).',
          tags: TAGS,
          security: SECURITY,
          params: adminIdParamsSchema,
          body: borderPatchSchema,
          response: { 200: adminBorderResponseSchema, ...errors(400, 401, 403, 404, 422) },
        },
      },
      async (request) => ({ border: await patchBorder(ctx, request.params.id, request.body, changed) }),
    );
  };
