import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { connectDatabase, type Database } from './db/client';
import { lockDataDir, DataDirInUseError, type DataDirLock } from './db/data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';

/** The entry that listens: configuration, the embedded database when DATABASE_URL is unset, and a clean shutdown. */
async function main(): Promise<void> {
  const envFile = path.resolve('.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const started = Date.now();

  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      await step().catch((error: unknown) => console.error('shutdown step failed:', error instanceof Error ? error.message : error));
    }
  };

  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received: closing the server…`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 20 s; exiting.');
      process.exit(1);
    }, 20_000);
    force.unref();
    void cleanup().then(() => {
      console.log('Stopped cleanly.');
      process.exit(0);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const lock: DataDirLock = await lockDataDir(config.dataDir);
      cleanups.push(() => lock.release());
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(config.dataDir, (msg) => console.log(msg));
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const database: Database = connectDatabase(databaseUrl);
    cleanups.push(() => database.close());
    // Roles (docs/decisions/031-process-roles.md): all = web + API + job workers; api = HTTP only, jobs are queued
    // for the workers; worker = job handlers and schedules, with only the health check on PORT.
    const { role } = config;
    if (role !== 'all' && !config.s3) {
      console.warn(`SERVER_ROLE=${role} without S3_BUCKET: every server and worker must share ${path.join(config.dataDir, 'storage')}.`);
    }
    const app = await buildApp({
      config,
      database,
      ownsDatabase: false,
      workers: role !== 'api',
      ...(role === 'worker' ? { webDist: false as const } : {}),
    });
    cleanups.push(() => app.close());
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const where = `http://localhost:${config.port}`;
    if (role === 'worker') {
      await app.ready();
      const health = await listenHealthOnly(app, config.port, config.host);
      cleanups.push(() => new Promise<void>((resolve) => health.close(() => resolve())));
      console.log(`Framewala is ready: job worker (started in ${seconds} s; health check at ${where}/api/health)`);
    } else {
      await app.listen({ port: config.port, host: config.host });
      console.log(
        `Framewala is ready at ${where} (${role === 'api' ? 'API server, jobs run by the workers; ' : ''}started in ${seconds} s; API docs at ${where}/api/docs)`,
      );
    }
  } catch (error) {
    if (error instanceof DataDirInUseError) console.error(error.message);
    else console.error('Framewala could not start:', error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanup();
    process.exit(1);
  }
}

/**
 * A worker's only HTTP endpoint: GET /api/health (the same check as the API servers', answered through the app
 * without exposing its routes), so an orchestrator can watch workers like servers. Everything else is 404.
 */
function listenHealthOnly(app: FastifyInstance, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && url === '/api/health') {
      app
        .inject({ method: 'GET', url: '/api/health' })
        .then((answer) => {
          res.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : answer.body);
        })
        .catch(() => {
          res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ message: 'The worker cannot check its health right now.', code: 'SERVICE_UNAVAILABLE' }));
        });
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'This process is a job worker: it serves only GET /api/health.', code: 'ROUTE_NOT_FOUND' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

void main();
