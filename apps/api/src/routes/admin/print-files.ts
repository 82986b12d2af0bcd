import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderLineQuerySchema,
  adminPrintParamsSchema,
  printFileRebuildBodySchema,
  printFileResponseSchema,
  ShopError,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { and, eq } from 'drizzle-orm';
import { orders, printFiles } from '../../db/schema';
import { requireAdmin } from '../../plugins/auth';
import { printFileInfo } from '../../services/admin/orders';
import { orderLineAt } from '../../services/orders/line-output';
import { orderMockup } from '../../services/print/mockup';
import { PRINT_CONTENT_TYPES, type PrintFormat } from '../../services/print/render';
import { printFileName, queuePrintFile, startPrintFileJobs } from '../../services/print/service';
import { StoredFileNotFoundError } from '../../services/storage';
import { errors, SECURITY, TAGS } from './common';

const params = adminPrintParamsSchema;

/**
 * Each line's framed mock-up and print-ready file (docs/admin-api.md, docs/decisions/021-print-ready-files.md and
 * 024-server-mockup.md); `line` (1-based, 1 by default) names the line. Also starts the `print-file` job's worker,
 * which the payment paths feed.
 */
export const adminPrintRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function adminPrintPlugin(app) {
    const closing = new AbortController();
    app.addHook('onClose', async () => closing.abort());
    await startPrintFileJobs({ ctx, tmpDir: path.join(ctx.config.dataDir, 'tmp'), log: app.log, signal: closing.signal });
    app.addHook('onRequest', requireAdmin);

    app.get(
      '/admin/orders/:id/mockup',
      {
        schema: {
          summary: 'The framed mock-up of a line of the order (JPEG), drawn by the server from the same geometry as the browser preview',
          description:
            '`line` (1 = the first, the default) picks the framed photo of an order with several; 404 for a line the order does not have.',
          tags: TAGS,
          security: SECURITY,
          params,
          querystring: adminOrderLineQuerySchema,
          response: { 200: z.any().describe('image/jpeg'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { key } = await orderMockup(ctx, request.params.id, (request.query.line ?? 1) - 1);
        const stream = await ctx.storage.read(key);
        return reply.type('image/jpeg').header('cache-control', 'private, max-age=300').send(stream);
      },
    );

    app.get(
      '/admin/orders/:id/print-file',
      {
        schema: {
          summary: 'Download the print-ready file (TIFF LZW or JPEG quality 100) as an attachment',
          description:
            '`line` (1 = the first, the default) picks the framed photo of an order with several; 404 for a line the order does not have. 409 PRINT_FILE_NOT_READY while the file is queued, being made, failed, or the order is not paid.',
          tags: TAGS,
          security: SECURITY,
          params,
          querystring: adminOrderLineQuerySchema,
          response: { 200: z.any().describe('image/tiff or image/jpeg'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const orderId = request.params.id;
        const lineIndex = (request.query.line ?? 1) - 1;
        const [row] = await ctx.database.db
          .select()
          .from(printFiles)
          .where(and(eq(printFiles.orderId, orderId), eq(printFiles.lineIndex, lineIndex)));
        if (!row) {
          await assertLineExists(ctx, orderId, lineIndex);
          throw new ShopError('PRINT_FILE_NOT_READY', 'This order has no print file yet: it is made once the order is paid.', {
            status: null,
          });
        }
        if (row.status !== 'ready' || !row.storageKey) {
          throw new ShopError(
            'PRINT_FILE_NOT_READY',
            row.status === 'failed'
              ? `The print file could not be made: ${row.error ?? 'unknown error'}. Rebuild it to try again.`
              : undefined,
            { status: row.status },
          );
        }
        const format = row.format as PrintFormat;
        let stream;
        try {
          stream = await ctx.storage.read(row.storageKey);
        } catch (error) {
          if (error instanceof StoredFileNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
            throw new ShopError('PRINT_FILE_NOT_READY', 'The stored print file is missing. Rebuild it to make it again.', {
              status: 'missing',
            });
          }
          throw error;
        }
        reply
          .type(PRINT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${printFileName(orderId, format, lineIndex)}"`)
          .header('cache-control', 'private, no-store');
        if (row.bytes) reply.header('content-length', row.bytes);
        return reply.send(stream);
      },
    );

    app.post(
      '/admin/orders/:id/print-file',
      {
        schema: {
          summary: 'Queue a rebuild of the print-ready file of a line of the order',
          description:
            '`line` (1 = the first, the default) picks the framed photo of an order with several; 404 for a line the order does not have. `format` changes the file’s format. Answers 202 with that line’s file state (queued). Only paid orders (paid, in production, shipped, delivered) have one: 409 otherwise.',
          tags: TAGS,
          security: SECURITY,
          params,
          body: printFileRebuildBodySchema,
          response: { 202: printFileResponseSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const row = await queuePrintFile(ctx, request.params.id, {
          rebuild: true,
          format: request.body?.format,
          lineIndex: (request.body?.line ?? 1) - 1,
        });
        return reply.code(202).send({ printFile: printFileInfo(row) });
      },
    );
  };

/** 404 for an unknown order, or a line the order does not have. */
async function assertLineExists(ctx: AppContext, orderId: string, lineIndex: number): Promise<void> {
  const [order] = await ctx.database.db.select({ lines: orders.lines }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ShopError('NOT_FOUND', 'There is no such order.');
  orderLineAt(order, lineIndex);
}
