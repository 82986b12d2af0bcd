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
import { bodyTimeoutPlugin, DEFAULT_BODY_TIMEOUT_MS } from './plugins/body-timeout';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logging';
import { proxyWarningPlugin } from './plugins/proxy-warning';
import { securityHeadersPlugin } from './plugins/security-headers';
import { appShellSender, hasWebApp, registerWebApp } from './plugins/web-app';
import { accountsRoutes, type AccountRateLimits } from './routes/accounts';
import { addressesRoutes } from './routes/addresses';
import { adminPrintRoutes, adminRoutes } from './routes/admin';
import { cartRoutes } from './routes/cart';
import { couponRoutes } from './routes/coupons';
import { catalogueRoutes } from './routes/catalogue';
import { mediaRoutes } from './routes/media';
import { uploadRoutes } from './routes/uploads';
import { arRoutes } from './routes/ar';
import { healthRoutes } from './routes/health';
import { pincodeRoutes } from './routes/pincode';
import { ordersRoutes } from './routes/orders';
import { paymentsRoutes } from './routes/payments';
import { webhooksRoutes } from './routes/webhooks';
import { siteRoutes } from './routes/site';
import { shippingRoutes } from './routes/shipping';
import { loadAccount } from './services/auth/accounts';
import { seedCatalogue } from './services/catalogue/seed';
import type { Enhancer } from './services/enhance/run';
import { Jobs } from './services/jobs';
import type { ShopRateLimits } from './services/rate-limit';
import { LocalStorage, type Storage } from './services/storage';
import type { UploadOptions } from './services/uploads/service';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to local disk under DATA_DIR/storage. */
  storage?: Storage;
  /** The built web app to serve; false serves the API only. Defaults to apps/web/dist when it exists. */
  webDist?: string | false;
  /** Fastify logger options (default: plugins/logging.ts, secrets redacted); false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Apply migrations and seed the catalogue before returning (default true). */
  prepareDatabase?: boolean;
  /** Close the database pool when the app closes (default true). */
  ownsDatabase?: boolean;
  /** Run job handlers in this process (default true); false only enqueues (an API-only server). */
  workers?: boolean;
  /** Upload limits and the size above which renditions go to a job; defaults in services/uploads/service.ts (tests lower them). */
  uploads?: Partial<UploadOptions>;
  /** Rate limits: sign-in, sign-up and password reset (defaults in routes/accounts.ts), uploads, crops and orders
   * (defaults in services/rate-limit.ts). Tests lower them. */
  rateLimits?: Partial<AccountRateLimits & ShopRateLimits>;
  /** How long a buffered (JSON) request body may take to arrive, in ms (default 30 s; tests lower it). */
  bodyTimeoutMs?: number;
  /** How enhance jobs make their pixels (default: a child process running the AI model; tests give a plain resize). */
  enhancer?: Enhancer;
}

/**
 * Server-wide connection timeouts. The request line and headers must arrive within HEADERS_TIMEOUT_MS; an idle
 * kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS (above the 60 s idle timeout of common load balancers,
 * so the balancer closes first). There is no overall request timeout: a photo upload may take an hour; JSON bodies
 * have their own (plugins/body-timeout.ts) and uploads their idle rules.
 */
export const HEADERS_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the one server: the JSON API under /api, stored media under /media, and the web app everywhere else. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // The AWS SDK (~20 MB) is only loaded when S3 is configured.
  const storage =
    opts.storage ??
    (config.s3 ? new (await import('./services/s3-storage')).S3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'storage')));

  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: 0,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Answers Node and Fastify give before any route runs, in the error catalogue's shape.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A JSON API: plain text bodies are refused with 415 rather than parsed (multipart is added by the upload routes).
  app.removeContentTypeParser('text/plain');

  const webDist = opts.webDist === undefined ? DEFAULT_WEB_DIST : opts.webDist;
  registerErrorHandler(app, { sendAppShell: hasWebApp(webDist) ? appShellSender(webDist) : undefined });
  await app.register(securityHeadersPlugin, { config });
  await app.register(bodyTimeoutPlugin, { timeoutMs: opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS });
  await app.register(proxyWarningPlugin, { config });

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
  await app.register(authPlugin, { jwtSecret: config.auth.jwtSecret, loadAccount: (userId) => loadAccount(database, userId) });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Framewala API',
        version: '0.1.0',
        description: 'The HTTP API of the Framewala shop. Errors are `{message, code, ...details}` with a fitting status.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(siteRoutes(ctx));
      await api.register(catalogueRoutes(ctx));
      await api.register(uploadRoutes(ctx, opts.uploads, opts.rateLimits, opts.enhancer));
      await api.register(arRoutes(ctx, opts.rateLimits));
      await api.register(accountsRoutes(ctx, opts.rateLimits));
      await api.register(addressesRoutes(ctx));
      await api.register(pincodeRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(couponRoutes(ctx));
      await api.register(shippingRoutes(ctx));
      await api.register(ordersRoutes(ctx, opts.rateLimits));
      await api.register(paymentsRoutes(ctx));
      await api.register(webhooksRoutes(ctx));
      await api.register(adminRoutes(ctx));
      await api.register(adminPrintRoutes(ctx));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  if (storage instanceof LocalStorage) {
    // Catalogue art, public and versioned (its content never changes): served straight from disk, cached for a year.
    const frames = path.join(storage.directory, 'frames');
    fs.mkdirSync(frames, { recursive: true });
    await app.register(fastifyStatic, {
      root: frames,
      prefix: '/media/frames/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  }
  // Customers' files (and, from S3 without a public URL, the catalogue art): each request checked (routes/media.ts).
  await app.register(mediaRoutes(ctx));

  if (hasWebApp(webDist)) await registerWebApp(app, webDist);

  return app;
}
