import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root and the server entry the children run. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER = path.join(ROOT, 'apps/api/src/server.ts');

export { freePort } from '../src/db/embedded';

/** A child process of the tests, with what it printed. */
export interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  hasExited(): boolean;
}

/**
 * `node --import tsx …args` (the server, a script) with `env` over this process's. DATABASE_URL is cleared unless `env`
 * sets it, so a server or script left to itself uses its embedded PostgreSQL under DATA_DIR.
 */
export function startNode(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return { child, output: () => out, exited, hasExited: () => done };
}

/** The API server (src/server.ts) as a child process. */
export const startServer = (env: Record<string, string>): Running => startNode([SERVER], env);

/** Waits until `server` prints that it is ready; throws with its output when it exits first or takes over `ms`. */
export async function waitForReady(server: Running, ms: number, what = 'the server'): Promise<void> {
  const until = Date.now() + ms;
  while (!server.output().includes('Framewala is ready')) {
    if (server.hasExited()) throw new Error(`${what} exited before it was ready; output:\n${server.output()}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pid in DATA_DIR/db/postmaster.pid (the embedded PostgreSQL's), if any. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text ? Number(text.split('\n')[0]) : undefined;
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
