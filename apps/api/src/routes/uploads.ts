import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, UPLOAD_HINT, uploadClaimResponseSchema, uploadListSchema, uploadSchema } from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { CLAIM_HEADER, requiredClaimHash, viewerOf } from '../services/uploads/access';
import { IMAGE_FIELD, MULTIPART_OVERHEAD_BYTES, receiveImage } from '../services/uploads/receive';
import { byAccountOrIp, DEFAULT_SHOP_RATE_LIMITS, rateLimit, type ShopRateLimits } from '../services/rate-limit';
import { RETENTION_CRON, RETENTION_QUEUE, runRetention, sweepTempDir } from '../services/uploads/retention';
import {
  claimUploads,
  createUpload,
  cropUpload,
  DEFAULT_UPLOAD_OPTIONS,
  getUpload,
  listUploads,
  markRenderFailed,
  processRenderJob,
  RENDER_FAILED_QUEUE,
  RENDER_QUEUE,
  type UploadOptions,
  type UploadsDeps,
} from '../services/uploads/service';

const claimHeaders = z
  .object({ [CLAIM_HEADER]: z.string().optional().describe('The browser’s anonymous upload claim (required when not signed in)') })
  .loose();
const idParams = z.object({ id: z.string().describe('The upload id') });
// Any numbers pass here so that a rectangle of the wrong size or place gets 422 CROP_OUTSIDE_IMAGE from the rule
// (whole pixels, x/y ≥ 0, width/height ≥ 1, inside the photo); a body that is not four numbers gets 400.
const px = (what: string) => z.number().describe(what);
const cropRequestSchema = z
  .object({
    x: px('Left edge in the photo’s pixels after EXIF orientation (whole, ≥ 0)'),
    y: px('Top edge (whole, ≥ 0)'),
    width: px('Width in pixels (whole, ≥ 1)'),
    height: px('Height in pixels (whole, ≥ 1)'),
  })
  .strict();
const errors = { 400: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const TOO_MANY_UPLOADS = 'Too many photos in a short time. Please wait a few minutes and try again.';
const TOO_MANY_CROPS = 'Too many crops in a short time. Please wait a few minutes and try again.';

/** Background work of the uploads module: renditions of very large photos, the daily retention, the temp sweep. */
async function startUploadJobs(deps: UploadsDeps, log: FastifyBaseLogger): Promise<void> {
  const swept = await sweepTempDir(deps.tmpDir);
  if (swept > 0) log.info({ swept }, 'removed temporary upload files left by an earlier server');
  const { jobs } = deps.ctx;
  await jobs.define(RENDER_FAILED_QUEUE);
  await jobs.define(RENDER_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, deadLetter: RENDER_FAILED_QUEUE });
  await jobs.define(RETENTION_QUEUE, { retryLimit: 1, expireInSeconds: 60 * 60 });
  // One rendition at a time per server keeps memory bounded however many huge photos arrive at once.
  deps.renderWorker = await jobs.work<{ uploadId: string }>(RENDER_QUEUE, (data) => processRenderJob(deps, data.uploadId), {
    batchSize: 1,
    pollingIntervalSeconds: 0.5,
    // A render whose server is killed is run again within about a minute, not after the job's 15-minute expiry.
    lease: true,
  });
  // A render job that failed on every retry (storage or database trouble): the browser's loader must end.
  await jobs.work<{ uploadId: string }>(RENDER_FAILED_QUEUE, (data) => markRenderFailed(deps, data.uploadId));
  await jobs.work(RETENTION_QUEUE, async () => {
    const result = await runRetention(deps);
    const swept = await sweepTempDir(deps.tmpDir);
    log.info({ ...result, swept }, 'upload retention done');
  });
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
}

export const uploadRoutes = (ctx: AppContext, overrides: Partial<UploadOptions> = {}, limits: Partial<ShopRateLimits> = {}): FastifyPluginAsyncZod =>
  async function uploadsPlugin(app) {
    const options: UploadOptions = { ...DEFAULT_UPLOAD_OPTIONS, ...overrides };
    const rules = { ...DEFAULT_SHOP_RATE_LIMITS, ...limits };
    const tmpDir = path.join(ctx.config.dataDir, 'tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    const deps: UploadsDeps = { ctx, options, tmpDir };
    await startUploadJobs(deps, app.log);
    // The multipart body is left unread here and streamed by the handler (receiveImage, decision 037), never buffered.
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));

    app.post(
      '/upload-image',
      {
        // Only this route takes a big body; the file streams to disk with the 2 GiB limit checked as it arrives.
        bodyLimit: options.maxBytes + MULTIPART_OVERHEAD_BYTES,
        preHandler: rateLimit(ctx.database, { key: byAccountOrIp('upload'), ...rules.uploadPerAccount, message: TOO_MANY_UPLOADS }),
        schema: {
          summary: 'Upload a photo (multipart/form-data, one JPEG or TIFF file in the field `image`)',
          description: [
            `${UPLOAD_HINT}`,
            `Send exactly one file in the multipart field \`${IMAGE_FIELD}\` and nothing else. Signed in: \`Authorization: Bearer\`; otherwise the \`X-Upload-Claim\` header is required.`,
            'The format is decided by content; the header is read without decoding; ordinary photos come back `ready` with their rendition (`url`, JPEG, long edge ≤ 2048) and thumbnail. Very large photos (over 100 MP or 200 MB) come back `processing` with null URLs: poll `GET /api/uploads/{id}`.',
            'Errors: 400 malformed request (no file, two files, wrong field, extra fields, missing claim), 413 over 2 GB, 415 not a JPEG or TIFF, 422 dimensions or pixels that do not decode, 429 over 120 photos in 10 minutes per account (per IP address when not signed in), 503 storage unreachable.',
          ].join('\n\n'),
          tags: ['uploads'],
          consumes: ['multipart/form-data'],
          headers: claimHeaders,
          response: { 201: uploadSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          const viewer = viewerOf(request);
          const file = await receiveImage(request, { tmpDir, maxBytes: options.maxBytes });
          // A body read straight from the socket (decision 037) leaves Node's parser behind: the connection ends here.
          if (!request.raw.complete) reply.header('connection', 'close');
          const upload = await createUpload(deps, file, viewer);
          return reply.code(201).send(upload);
        } catch (error) {
          // Refused before the whole body arrived: close the connection rather than read up to 2 GB for nothing.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        }
      },
    );

    app.get(
      '/uploads',
      {
        preHandler: requireUser,
        schema: {
          summary: 'The signed-in customer’s photos (uploads and crops), newest first, kept 90 days',
          tags: ['uploads'],
          response: { 200: uploadListSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ uploads: await listUploads(deps, userIdOf(request)) }),
    );

    app.post(
      '/uploads/claim',
      {
        preHandler: requireUser,
        schema: {
          summary: 'Attach the anonymous uploads of this browser’s claim (X-Upload-Claim) to the signed-in account',
          tags: ['uploads'],
          headers: claimHeaders,
          response: { 200: uploadClaimResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ claimed: await claimUploads(deps, userIdOf(request), requiredClaimHash(request)) }),
    );

    app.get(
      '/uploads/:id',
      {
        schema: {
          summary: 'One photo, for its owner or the holder of its claim (poll it while `status` is processing)',
          description: 'Unknown ids and other people’s photos both answer 404.',
          tags: ['uploads'],
          params: idParams,
          headers: claimHeaders,
          response: { 200: uploadSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => getUpload(deps, request.params.id, viewerOf(request)),
    );

    app.post(
      '/uploads/:id/crop',
      {
        preHandler: rateLimit(ctx.database, { key: byAccountOrIp('crop'), ...rules.cropPerAccount, message: TOO_MANY_CROPS }),
        schema: {
          summary: 'Crop a photo: a new upload cut from the full-resolution original, which stays unchanged',
          description:
            'The rectangle is in the original’s pixels after EXIF orientation and must lie inside the photo with a positive size (422 otherwise). The answer has `parentId` and `crop`; it is `processing` when the photo is very large. 429 over 120 crops in 10 minutes per account (per IP address when not signed in).',
          tags: ['uploads'],
          params: idParams,
          headers: claimHeaders,
          body: cropRequestSchema,
          response: { 201: uploadSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await cropUpload(deps, request.params.id, viewerOf(request), request.body)),
    );
  };
