import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
  storage: z.enum(['ok', 'error']),
  message: z.string().optional(),
  code: z.string().optional(),
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

export const healthRoutes = (ctx: AppContext): FastifyPluginAsyncZod =>
  async function health(app) {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Liveness and dependency check',
          tags: ['system'],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const [db, storage] = await Promise.all([
          withTimeout(ctx.database.pool.query('SELECT 1'), 2_000).then(
            () => 'ok' as const,
            (err: unknown) => (request.log.warn({ err }, 'health: database check failed'), 'error' as const),
          ),
          withTimeout(ctx.storage.check(), 2_000).then(
            () => 'ok' as const,
            (err: unknown) => (request.log.warn({ err }, 'health: storage check failed'), 'error' as const),
          ),
        ]);
        if (db === 'ok' && storage === 'ok') return { status: 'ok' as const, db, storage };
        const down = [db === 'error' ? 'database' : null, storage === 'error' ? 'storage' : null].filter(Boolean).join(' and ');
        return reply
          .status(503)
          .send({ status: 'error', db, storage, message: `The ${down} is not reachable right now.`, code: 'SERVICE_UNAVAILABLE' });
      },
    );
  };
