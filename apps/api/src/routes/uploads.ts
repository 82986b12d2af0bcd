import fs from 'node:fs/promises';
import path from 'node:path';
import { ShopError, type ErrorCode } from '@framewala/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  enhanceBodySchema,
  errorBodySchema,
  textIdSchema,
  UPLOAD_HINT,
  uploadClaimResponseSchema,
  uploadListSchema,
  uploadSchema,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { requireUser, userIdOf } from '../plugins/auth';
import { CLAIM_HEADER, requiredClaimHash, viewerOf } from '../services/uploads/access';
import fastifyMultipart from '@fastify/multipart';
import { ERRORS as TUS_ERRORS } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_FIELD, MULTIPART_OVERHEAD_BYTES, receiveMultipartPhoto } from '../services/uploads/multipart-photo';
import { TusUploads, type TusProtocolError } from '../services/uploads/tus';
import { closeWhenIdle, UploadSlots } from '../services/uploads/upload-slots';
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
} from '../services/uploads/service';
import {
  ENHANCE_FAILED_QUEUE,
  ENHANCE_QUEUE,
  markEnhanceFailed,
  processEnhanceJob,
  enhanceUpload,
  type EnhanceDeps,
} from '../services/enhance/service';
import type { Enhancer } from '../services/enhance/run';

const claimHeaders = z
  .object({ [CLAIM_HEADER]: z.string().optional().describe('The browser’s anonymous upload claim (required when not signed in)') })
  .loose();
const idParams = z.object({ id: textIdSchema(200).describe('The upload id') });
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
const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};
const TOO_MANY_UPLOADS = 'Too many photos in a short time. Please wait a few minutes and try again.';
const TOO_MANY_CROPS = 'Too many crops in a short time. Please wait a few minutes and try again.';
const TOO_MANY_ENHANCES = 'Too many enhanced photos in a short time. Please wait a few minutes and try again.';

/** tus's protocol errors (plain text from the library) in the API's error shape. */
function tusError(error: TusProtocolError): ShopError {
  // More bytes than the upload declared (its Upload-Length) is not the 2 GB limit.
  if (error.body === TUS_ERRORS.ERR_SIZE_EXCEEDED.body) return new ShopError('UPLOAD_LONGER_THAN_DECLARED');
  // Extensions the shop does not offer (concatenation, deferred length) are the request's fault, not the server's.
  if (error.body === TUS_ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body) {
    return new ShopError('BAD_REQUEST', 'Parallel uploads (Upload-Concat) are not offered: send the photo as one upload.');
  }
  if (error.status_code === 501) return new ShopError('BAD_REQUEST', `The upload request is not valid: ${error.body.trim().slice(0, 200)}`);
  const byStatus: Record<number, ErrorCode> = {
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    410: 'UPLOAD_EXPIRED',
    412: 'TUS_VERSION_REQUIRED',
    413: 'UPLOAD_TOO_LARGE',
  };
  const code = byStatus[error.status_code] ?? (error.status_code < 500 ? 'BAD_REQUEST' : 'INTERNAL');
  const text = error.body.trim();
  if (code === 'BAD_REQUEST' && text) return new ShopError(code, `The upload request is not valid: ${text.slice(0, 200)}`);
  if (code === 'CONFLICT') return new ShopError(code, 'Upload-Offset does not match the bytes received: ask with HEAD where to resume.');
  if (code === 'NOT_FOUND') return new ShopError(code, 'This upload does not exist or is no longer available.');
  if (code === 'INTERNAL') return new ShopError(code, undefined, { reason: text.slice(0, 200) });
  return new ShopError(code);
}

/**
 * Background work of the uploads module: renditions of very large photos, the daily retention, the temp sweep, and
 * on every server (each may hold unfinished uploads on its own disk) the sweep of expired unfinished uploads every
 * `unfinishedSweepMs`. Answers what stops the sweep.
 */
async function startUploadJobs(deps: EnhanceDeps, tus: TusUploads, log: FastifyBaseLogger): Promise<() => void> {
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
  await jobs.define(ENHANCE_FAILED_QUEUE);
  // An AI upscale of a 4000 px photo takes tens of minutes on two cores; one at a time per server.
  await jobs.define(ENHANCE_QUEUE, { retryLimit: 1, retryDelay: 10, expireInSeconds: 60 * 60, deadLetter: ENHANCE_FAILED_QUEUE });
  deps.enhanceWorker = await jobs.work<{ uploadId: string }>(ENHANCE_QUEUE, (data) => processEnhanceJob(deps, data.uploadId), {
    batchSize: 1,
    pollingIntervalSeconds: 0.5,
    lease: true,
  });
  await jobs.work<{ uploadId: string }>(ENHANCE_FAILED_QUEUE, (data) => markEnhanceFailed(deps, data.uploadId));
  await jobs.work(RETENTION_QUEUE, async () => {
    const result = await runRetention(deps);
    const swept = await sweepTempDir(deps.tmpDir);
    const unfinished = await tus.cleanUpExpired();
    log.info({ ...result, swept, unfinished }, 'upload retention done');
  });
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
  const sweep = setInterval(() => {
    tus
      .cleanUpExpired()
      .then((unfinished) => {
        if (unfinished > 0) log.info({ unfinished }, 'deleted expired unfinished uploads');
      })
      .catch((err: unknown) => log.error({ err }, 'expired unfinished uploads could not be deleted'));
  }, deps.options.unfinishedSweepMs);
  sweep.unref();
  return () => clearInterval(sweep);
}

export const uploadRoutes = (
  ctx: AppContext,
  overrides: Partial<UploadOptions> = {},
  limits: Partial<ShopRateLimits> = {},
  enhancer?: Enhancer,
): FastifyPluginAsyncZod =>
  async function uploadsPlugin(app) {
    const options: UploadOptions = { ...DEFAULT_UPLOAD_OPTIONS, ...overrides };
    const rules = { ...DEFAULT_SHOP_RATE_LIMITS, ...limits };
    const tmpDir = path.join(ctx.config.dataDir, 'tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    const deps: EnhanceDeps = { ctx, options, tmpDir, runEnhance: enhancer };
    const tus = new TusUploads(deps, {
      directory: path.join(ctx.config.dataDir, 'tus'),
      maxBytes: options.maxBytes,
      expiryMs: options.unfinishedExpiryMs,
      limits: options.unfinished,
    });
    const slots = new UploadSlots(options.slots);
    const stopSweep = await startUploadJobs(deps, tus, app.log);
    app.addHook('onClose', async () => stopSweep());
    // busboy's own size limit only truncates (counted and refused with 413 by receiveMultipartPhoto).
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    // tus bodies are left unread here and streamed by the tus server into its file store, never buffered.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));
    const uploadRateLimit = rateLimit(ctx.database, { key: byAccountOrIp('upload'), ...rules.uploadPerAccount, message: TOO_MANY_UPLOADS });

    /** Runs a request that brings a photo's bytes: one slot of the address and account, closed when idle. */
    async function receiving<T>(request: FastifyRequest, viewer: ReturnType<typeof viewerOf>, work: () => Promise<T>): Promise<T> {
      const release = slots.take(request.ip, viewer);
      const stopWatching = closeWhenIdle(request, options.idleTimeoutMs);
      try {
        return await work();
      } finally {
        stopWatching();
        release();
      }
    }

    async function tusRequest(request: FastifyRequest, reply: FastifyReply) {
      const method = request.method;
      const viewer = method === 'OPTIONS' ? { userId: null, claimHash: null } : viewerOf(request);
      const bringsBytes =
        method === 'PATCH' || (method === 'POST' && request.headers['content-type'] === 'application/offset+octet-stream');
      const run = () => tus.handle(request.raw, reply.raw, viewer);
      const answer = bringsBytes ? await receiving(request, viewer, run) : await run();
      if (answer.error) {
        // Refused before the whole body arrived: close the connection rather than read up to 2 GB for nothing.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw 'status_code' in answer.error ? tusError(answer.error) : answer.error;
      }
      const { response } = answer;
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-type') reply.header(name, value);
      });
      reply.code(response.status);
      const body = await response.text();
      if (!body) return reply.send();
      // A creation that brought the whole photo answers with the photo (JSON); tus's own bodies are plain text.
      const json = response.headers.get('content-type')?.startsWith('application/json');
      return reply.type(json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8').send(body);
    }

    const tusDescription = [
      'Resumable uploads on the tus 1.0.0 protocol (https://tus.io), extensions creation, termination and expiration; `Tus-Max-Size` is 2147483648. Use a tus client (tus-js-client, Uppy, TUSKit…).',
      `Create with \`POST /api/uploads/tus\`, \`Upload-Length\` and \`Upload-Metadata\` (\`filename\`, \`filetype\`), with \`Authorization: Bearer\` or \`X-Upload-Claim\`: 201 with \`Location: /api/uploads/tus/<id>\`, where \`<id>\` is the photo’s own id (\`GET /api/uploads/<id>\` once finished). Over 2 GiB: 413.`,
      '`PATCH` sends bytes from `Upload-Offset` (`Content-Type: application/offset+octet-stream`); `HEAD` says where to resume. The first bytes are checked as they arrive: not a JPEG or TIFF 415, a JPEG whose header size breaks the rules 422. The PATCH that brings the last byte runs the photo’s checks and answers 204 (the photo is then `GET /api/uploads/<id>`) or the error. Unfinished uploads expire after 24 hours (`Upload-Expires`, then 410).',
      'A creation may bring the whole photo (`Content-Type: application/offset+octet-stream`, creation-with-upload): it is checked as the last PATCH is and answers 201 with `Location` and the photo (JSON). An anonymous upload finished by a signed-in request (token and claim) becomes that account’s photo. More bytes than `Upload-Length` answer 413 `UPLOAD_LONGER_THAN_DECLARED`; `Upload-Concat` (parallel uploads) 400.',
      'Someone else’s upload answers 404. A PATCH that receives nothing for 60 s is closed (resume it). 429 when too many uploads from one address or account are open at once, over 120 photos in 10 minutes, or too many unfinished uploads (10 per address and per account or claim, 4 GiB declared per account and 8 GiB per address). An unfinished upload past its expiry answers 410 and its bytes are deleted then, or by the sweep every 30 minutes.',
    ].join('\n\n');
    const tusSchema = { tags: ['uploads'], headers: claimHeaders };
    app.post(
      '/uploads/tus',
      { preHandler: uploadRateLimit, schema: { ...tusSchema, summary: 'Create a resumable upload (tus)', description: tusDescription } },
      tusRequest,
    );
    app.options('/uploads/tus', { schema: { ...tusSchema, summary: 'The tus server’s version, extensions and maximum size' } }, tusRequest);
    app.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/uploads/tus/:id',
      schema: {
        ...tusSchema,
        params: idParams,
        summary: 'A resumable upload: HEAD (offset), PATCH (bytes), DELETE (cancel)',
        description: tusDescription,
      },
      handler: tusRequest,
    });

    app.post(
      '/upload-image',
      {
        // Only this route takes a big body; the file streams to disk with the 2 GiB limit checked as it arrives.
        bodyLimit: options.maxBytes + MULTIPART_OVERHEAD_BYTES,
        preHandler: uploadRateLimit,
        schema: {
          summary: 'Upload a photo in one request (multipart/form-data, one JPEG or TIFF file in the field `image`)',
          description: [
            `${UPLOAD_HINT}`,
            `Send exactly one file in the multipart field \`${IMAGE_FIELD}\` and nothing else. Signed in: \`Authorization: Bearer\`; otherwise the \`X-Upload-Claim\` header is required. For phones and large files, prefer the resumable \`/api/uploads/tus\`: the same checks, and a dropped connection continues where it stopped.`,
            'The format is decided by content; the header is read without decoding; ordinary photos come back `ready` with their rendition (`url`, JPEG, long edge ≤ 2048) and thumbnail. Very large photos (over 100 MP or 200 MB) come back `processing` with null URLs: poll `GET /api/uploads/{id}`.',
            'Errors: 400 malformed request (no file, two files, wrong field, extra fields, missing claim), 413 over 2 GB, 415 not a JPEG or TIFF, 422 dimensions or pixels that do not decode, 429 over 120 photos in 10 minutes per account (per IP address when not signed in) or too many uploads open at once, 503 storage unreachable. A request that receives nothing for 60 s is closed.',
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
          const upload = await receiving(request, viewer, async () => {
            const file = await receiveMultipartPhoto(request, { tmpDir, maxBytes: options.maxBytes });
            return createUpload(deps, file, viewer);
          });
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

    app.post(
      '/uploads/:id/enhance',
      {
        preHandler: rateLimit(ctx.database, { key: byAccountOrIp('enhance'), ...rules.cropPerAccount, message: TOO_MANY_ENHANCES }),
        schema: {
          summary: 'Enhance a photo (auto-enhance, AI upscaling ×2 or ×4, or both): a new upload made from it, which stays unchanged',
          description: [
            '`auto.strength` (0–100; the shop’s slider starts at 70) adjusts levels, white balance, contrast and vividness and sharpens lightly. `upscale` (2 or 4) enlarges the photo with an AI model; it is offered for photos up to 4000 px on the long side and for results up to 64 MP.',
            'The answer (201) has `parentId` and `enhancement`, its final `width` and `height`, and `status` `processing`: follow it with `GET /api/uploads/{id}` (`progress` 0–1) until it is `ready` (with its `url`) or `failed`. Crop it, or enhance a crop: either order works, and an order of it prints the enhanced pixels.',
            'Errors: 404 unknown or someone else’s photo, 409 the photo is still being prepared, 422 a result over the limits (`IMAGE_DIMENSIONS`) or pixels that do not decode, 429 over 120 in 10 minutes per account (per IP address when not signed in) or too many photos waiting.',
          ].join('\n\n'),
          tags: ['uploads'],
          params: idParams,
          headers: claimHeaders,
          body: enhanceBodySchema,
          response: { 201: uploadSchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await enhanceUpload(deps, request.params.id, viewerOf(request), request.body)),
    );
  };
