import fs from 'node:fs';
import path from 'node:path';
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
    const app = await buildApp({ config, database, ownsDatabase: false });
    cleanups.push(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    const where = `http://localhost:${config.port}`;
    console.log(`Framewala is ready at ${where} (started in ${((Date.now() - started) / 1000).toFixed(1)} s; API docs at ${where}/api/docs)`);
  } catch (error) {
    if (error instanceof DataDirInUseError) console.error(error.message);
    else console.error('Framewala could not start:', error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanup();
    process.exit(1);
  }
}

void main();
