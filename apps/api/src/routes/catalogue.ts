import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getFrameResponseSchema,
  getMotifBorderSizesResponseSchema,
  getPriceAndSizeResponseSchema,
  priceAndSizeBodySchema,
} from '@framewala/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { CatalogueCache, type CachedJson } from '../services/catalogue/cache';
import { listFrameSets, listSizeGroups, listWhiteBorders } from '../services/catalogue/read';

/**
 * Sends a cached catalogue answer as it was serialized (the same bytes the schema's serializer made), with an ETag;
 * a matching If-None-Match gets 304. Browsers and a CDN revalidate every time (no-cache), so an owner's edit is
 * never hidden behind a max-age. docs/decisions/029-catalogue-cache.md.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag).header('cache-control', 'public, no-cache');
  if (request.method === 'GET' && request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

export const catalogueRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function catalogue(app) {
    const cache = new CatalogueCache(ctx.database);
    app.addHook('onClose', async () => cache.dispose());
    app.get(
      '/get-frame',
      {
        schema: {
          summary: 'Frame sets with their finishes and the eight image URLs of each finish',
          description:
            '`framePrice` is rupees per square inch of print; `sizeInInches` is the moulding face width; `padding` is the suggested white border in inches.',
          tags: ['catalogue'],
          response: { 200: getFrameResponseSchema },
        },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await cache.get('get-frame', async () =>
            JSON.stringify(getFrameResponseSchema.parse({ getFrameSize: await listFrameSets(ctx.database.db, ctx.storage) })),
          ),
        ),
    );

    app.post(
      '/get-price-and-size',
      {
        schema: {
          summary: 'Preset sizes grouped by format, oriented for the photo, with starting prices in rupees',
          tags: ['catalogue'],
          body: priceAndSizeBodySchema,
          response: { 200: getPriceAndSizeResponseSchema },
        },
      },
      async (request, reply) => {
        const { imageType } = request.body;
        const cached = await cache.get(`get-price-and-size:${imageType}`, async () =>
          JSON.stringify(getPriceAndSizeResponseSchema.parse({ getSizes: await listSizeGroups(ctx.database.db, imageType) })),
        );
        return sendCached(request, reply, cached);
      },
    );

    app.get(
      '/get-motif-border-sizes',
      {
        schema: {
          summary: 'The seven white-border levels, 0 (no border) first, prices in rupees',
          tags: ['catalogue'],
          response: { 200: getMotifBorderSizesResponseSchema },
        },
      },
      async (request, reply) =>
        sendCached(
          request,
          reply,
          await cache.get('get-motif-border-sizes', async () =>
            JSON.stringify(getMotifBorderSizesResponseSchema.parse({ getMotifBorderSizes: await listWhiteBorders(ctx.database.db) })),
          ),
        ),
    );
  };
