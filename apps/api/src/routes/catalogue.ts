import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getFrameResponseSchema,
  getMotifBorderSizesResponseSchema,
  getPriceAndSizeResponseSchema,
  priceAndSizeBodySchema,
} from '@framewala/domain';
import type { AppContext } from '../context';
import { listFrameSets, listSizeGroups, listWhiteBorders } from '../services/catalogue/read';

export const catalogueRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function catalogue(app) {
    app.get(
      '/get-frame',
      {
        schema: {
          summary: 'Frame sets with their finishes and the eight image URLs of each finish',
          description: '`framePrice` is rupees per square inch of print; `sizeInInches` is the moulding face width; `padding` is the suggested white border in inches.',
          tags: ['catalogue'],
          response: { 200: getFrameResponseSchema },
        },
      },
      async () => ({ getFrameSize: await listFrameSets(ctx.database.db, ctx.storage) }),
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
      async (request) => ({ getSizes: await listSizeGroups(ctx.database.db, request.body.imageType) }),
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
      async () => ({ getMotifBorderSizes: await listWhiteBorders(ctx.database.db) }),
    );
  };
