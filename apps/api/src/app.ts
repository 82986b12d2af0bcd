import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { AppContext } from './context';
import { runMigrations, type Database } from './db/client';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { catalogueRoutes } from './routes/catalogue';
import { healthRoutes } from './routes/health';
import { siteRoutes } from './routes/site';
import { seedCatalogue } from './services/catalogue/seed';
import { Jobs } from './services/jobs';
import { LocalStorage, type Storage } from './services/storage';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to local disk under DATA_DIR/storage. */
  storage?: Storage;
  /** The built web app to serve; false serves the API only. Defaults to apps/web/dist when it exists. */
  webDist?: string | false;
  /** Fastify logger options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Apply migrations and seed the catalogue before returning (default true). */
  prepareDatabase?: boolean;
  /** Close the database pool when the app closes (default true). */
  ownsDatabase?: boolean;
  /** Run job handlers in this process (default true); false only enqueues (an API-only server). */
  workers?: boolean;
}

export const LOG_REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-razorpay-signature"]', 'res.headers["set-cookie"]'];

/** Builds the one server: the JSON API under /api, stored media under /media, and the web app everywhere else. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const storage = opts.storage ?? new LocalStorage(path.join(config.dataDir, 'storage'));

  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } },
    trustProxy: config.nodeEnv === 'production',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A JSON API: plain text bodies are refused with 415 rather than parsed (multipart is added by the upload routes).
  app.removeContentTypeParser('text/plain');

  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  const hasWeb = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  registerErrorHandler(app, {
    sendAppShell: hasWeb && webDist ? (reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', webDist) : undefined,
  });

  if (opts.prepareDatabase !== false) {
    await runMigrations(database);
    await seedCatalogue(database, storage, app.log);
  }
  const jobs = await Jobs.start(database, app.log, { workers: opts.workers ?? true });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (opts.ownsDatabase !== false) await database.close();
  });
  const ctx: AppContext = { config, database, storage, jobs };
  await app.register(authPlugin, { jwtSecret: config.auth.jwtSecret });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Framewala API',
        version: '0.1.0',
        description: 'The HTTP API of the Framewala shop. Errors are `{message, code, ...details}` with a fitting status.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(siteRoutes(ctx));
      await api.register(catalogueRoutes(ctx));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  if (storage instanceof LocalStorage) {
    fs.mkdirSync(storage.directory, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.directory,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Keys are versioned or unguessable, so their content never changes.
      immutable: true,
      maxAge: '365d',
    });
  }

  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
