import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { arLinkResponseSchema, errorBodySchema, framedModelQuerySchema, textIdSchema, type FramedModelQuery } from '@framewala/domain';
import type { AppContext } from '../context';
import { accessibleUpload, framedModelForUpload } from '../services/ar/framed-model';
import { viewerOf } from '../services/uploads/access';
import { checkMediaSignature, signedMediaUrl } from '../services/media-access';
import { byAccountOrIp, DEFAULT_SHOP_RATE_LIMITS, rateLimit, type ShopRateLimits } from '../services/rate-limit';

const idParams = z.object({ id: textIdSchema(200).describe('The upload id') });
const claimHeaders = z
  .object({ 'x-upload-claim': z.string().optional().describe('The browser’s anonymous upload claim (when not signed in)') })
  .loose();
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const TOO_MANY_MODELS = 'Too many 3D views in a short time. Please wait a few minutes and try again.';

/** What a signed link stands for: one photo, size, finish and border. */
const linkKey = (id: string, q: Pick<FramedModelQuery, 'width' | 'height' | 'frameId' | 'border'>) =>
  `ar/${id}/${q.width}x${q.height}/${q.frameId}/${q.border}`;

/**
 * The framed piece as a glTF model for augmented reality (docs/decisions/062-ar-model.md). The photo's owner (bearer
 * token or upload claim) gets the .glb directly, or asks for a signed link that works without headers, which Android's
 * Scene Viewer needs because it fetches the model itself.
 */
export const arRoutes = (ctx: AppContext, limits: Partial<ShopRateLimits> = {}): FastifyPluginAsyncZod =>
  async function ar(app) {
    const rules = { ...DEFAULT_SHOP_RATE_LIMITS, ...limits };
    app.get(
      '/uploads/:id/framed.glb',
      {
        // Each model is built for the request, from the photo: limited like crops (a signed link, by its address).
        preHandler: rateLimit(ctx.database, { key: byAccountOrIp('ar-model'), ...rules.arModelPerAccount, message: TOO_MANY_MODELS }),
        schema: {
          summary: 'The framed print as a .glb at true size (metres), for AR',
          description:
            'Back on the wall plane (z = 0), face towards +z; moulding depth, white border and the photo as a texture. For the photo’s owner, or with `exp` and `sig` from POST /api/uploads/:id/ar-link. Other people’s photos answer 404. 429 over 120 models in 10 minutes per account (per IP address when not signed in, signed links included).',
          tags: ['uploads'],
          params: idParams,
          headers: claimHeaders,
          querystring: framedModelQuerySchema,
          response: { 200: z.any().describe('model/gltf-binary'), ...errors, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const signed = q.exp !== undefined || q.sig !== undefined;
        if (signed && checkMediaSignature(ctx.config.auth.jwtSecret, linkKey(request.params.id, q), q.exp, q.sig) === null) {
          return reply
            .code(404)
            .send({ message: 'This link has expired or is not valid. Please open the AR view again.', code: 'NOT_FOUND' });
        }
        const model = await framedModelForUpload(ctx, request.params.id, signed ? null : viewerOf(request), q);
        return reply
          .type('model/gltf-binary')
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline; filename="framed-print.glb"')
          .send(Buffer.from(model.glb.buffer, model.glb.byteOffset, model.glb.byteLength));
      },
    );

    app.post(
      '/uploads/:id/ar-link',
      {
        schema: {
          summary: 'A signed, expiring link to the framed print’s .glb (for Android’s Scene Viewer, which sends no headers)',
          tags: ['uploads'],
          params: idParams,
          headers: claimHeaders,
          body: framedModelQuerySchema.omit({ exp: true, sig: true }),
          response: { 200: arLinkResponseSchema, ...errors },
        },
      },
      async (request) => {
        const b = request.body;
        await accessibleUpload(ctx, request.params.id, viewerOf(request));
        const signed = signedMediaUrl(ctx.config.auth.jwtSecret, linkKey(request.params.id, b));
        const query = new URL(signed, 'http://x').search.slice(1);
        const params = new URLSearchParams({
          width: String(b.width),
          height: String(b.height),
          frameId: b.frameId,
          border: String(b.border),
        });
        return { glbUrl: `/api/uploads/${encodeURIComponent(request.params.id)}/framed.glb?${params.toString()}&${query}` };
      },
    );
  };
