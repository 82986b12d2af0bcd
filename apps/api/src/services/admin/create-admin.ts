import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, emailSchema, NAME_MAX_LENGTH, newPasswordSchema, phoneSchema } from '@framewala/domain';
import { connectDatabase, runMigrations, type Database } from '../../db/client';
import { DataDirInUseError, lockDataDir } from '../../db/data-dir-lock';
import { startEmbeddedPostgres } from '../../db/embedded';
import { isProcessAlive } from '../../db/process-alive';
import { users } from '../../db/schema';
import { isCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';

/**
 * `npm run admin:create -- --email … [--password …] [--first-name …] [--last-name …] [--mobile …]`
 * (apps/api/scripts/admin-create.ts): creates an admin, or promotes an existing account keeping its password.
 * The database is DATABASE_URL, or the embedded one under DATA_DIR: the running server's cluster when a server
 * holds DATA_DIR (its port is read from postmaster.pid), else started for the command and stopped after, with
 * DATA_DIR locked meanwhile so no server starts on it half-way. docs/decisions/022-owners-console.md.
 */

export const USAGE = `Usage: npm run admin:create -- --email someone@example.com [--password <8-128 characters>] [--first-name <name>] [--last-name <name>] [--mobile <phone>]

Creates a shop admin, or makes an existing account an admin (keeping its password).
Without --password a new admin gets a generated password, printed once.
Uses DATABASE_URL, or the embedded database under DATA_DIR (default ./data), whether or not the server is running.`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const nameSchema = (what: string) =>
  z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, `${what}: use at most ${NAME_MAX_LENGTH} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${what}: use one line of plain text`);

export interface AdminInput {
  email: string;
  password?: string | undefined;
  firstName: string;
  lastName: string;
  mobile: string;
}

function check<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`${flag}: ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  return parsed.data;
}

/** Reads and checks the command line; throws UsageError with a sentence for people. */
export function parseAdminArgs(argv: string[]): AdminInput | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        mobile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[\w+\]: /, ''));
  }
  if (values.help) return 'help';
  if (typeof values.email !== 'string') throw new UsageError('--email is required.');
  const email = check(emailSchema, values.email, '--email');
  const password = values.password === undefined ? undefined : check(newPasswordSchema, values.password, '--password');
  if (password !== undefined && isCommonPassword(password)) throw new UsageError(`--password: ${COMMON_PASSWORD_MESSAGE}`);
  const firstName = check(nameSchema('--first-name'), values['first-name'] ?? 'Admin', '--first-name') || 'Admin';
  const lastName = check(nameSchema('--last-name'), values['last-name'] ?? '', '--last-name');
  const mobile = values.mobile === undefined || values.mobile === '' ? '' : check(phoneSchema, values.mobile, '--mobile');
  return { email, password, firstName, lastName, mobile };
}

export type AdminResult =
  | { outcome: 'created'; userId: string; email: string; generatedPassword: string | undefined }
  | { outcome: 'promoted' | 'already-admin'; userId: string; email: string };

/** Creates the admin or promotes the account with this e-mail (any letter case). */
export async function createOrPromoteAdmin(database: Database, input: AdminInput): Promise<AdminResult> {
  const { db } = database;
  const find = async () => {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .limit(1);
    return row;
  };
  const existing = await find();
  if (existing) {
    if (input.password !== undefined) {
      throw new UsageError(
        `${existing.email} already has an account and keeps its password; run again without --password (the account can reset its password from the sign-in page).`,
      );
    }
    if (existing.role === 'admin') return { outcome: 'already-admin', userId: existing.id, email: existing.email };
    await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
    return { outcome: 'promoted', userId: existing.id, email: existing.email };
  }
  const generatedPassword = input.password === undefined ? randomBytes(12).toString('base64url') : undefined;
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);
  const id = randomUUID();
  const inserted = await db
    .insert(users)
    .values({
      id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      mobile: input.mobile,
      passwordHash,
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    // Someone registered this e-mail a moment ago: promote that account instead.
    return createOrPromoteAdmin(database, { ...input, password: undefined });
  }
  return { outcome: 'created', userId: id, email: input.email, generatedPassword };
}

export interface OpenedDatabase {
  database: Database;
  /** Where it came from, for the message. */
  source: string;
  close(): Promise<void>;
}

async function readPostmaster(pgdata: string): Promise<{ pid: number; port: number } | undefined> {
  const text = await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isProcessAlive(pid)) return undefined;
  return { pid, port };
}

async function liveServerPid(dataDir: string): Promise<number | undefined> {
  const owner = Number((await fs.readFile(path.join(dataDir, 'server.lock'), 'utf8').catch(() => '')).trim());
  return Number.isInteger(owner) && owner > 0 && isProcessAlive(owner) ? owner : undefined;
}

/** The running server's cluster: its port from postmaster.pid, the password from db-credentials.json. */
async function connectToRunningServer(dataDir: string, serverPid: number, waitMs: number): Promise<OpenedDatabase> {
  const until = Date.now() + waitMs;
  let lastError: unknown;
  for (;;) {
    const postmaster = await readPostmaster(path.join(dataDir, 'db'));
    const credentials = await fs
      .readFile(path.join(dataDir, 'db-credentials.json'), 'utf8')
      .then((t) => JSON.parse(t) as { user: string; password: string })
      .catch(() => undefined);
    if (postmaster && credentials) {
      const url = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${postmaster.port}/framewala`;
      const database = connectDatabase(url, { max: 2 });
      try {
        await database.pool.query('SELECT 1');
        return {
          database,
          source: `the embedded database of the running server (pid ${serverPid}) in ${dataDir}`,
          close: () => database.close(),
        };
      } catch (error) {
        lastError = error;
        await database.close();
      }
    }
    if (!(await liveServerPid(dataDir)))
      throw new Error(`The server (pid ${serverPid}) stopped while this command waited for its database.`);
    if (Date.now() > until) {
      throw new Error(
        `The server (pid ${serverPid}) holds ${dataDir} but its database did not answer within ${Math.round(waitMs / 1000)} s${lastError ? ` (${(lastError as Error).message})` : ''}.`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface OpenOptions {
  log?: (message: string) => void;
  /** How long to wait for a starting server's database (default 60 s). */
  waitMs?: number;
}

/** DATABASE_URL, or the embedded database under DATA_DIR (the running server's, or started for this command). */
export async function openShopDatabase(
  env: { DATABASE_URL?: string | undefined; DATA_DIR?: string | undefined },
  options: OpenOptions = {},
): Promise<OpenedDatabase> {
  const log = options.log ?? (() => {});
  const waitMs = options.waitMs ?? 60_000;
  if (env.DATABASE_URL) {
    const database = connectDatabase(env.DATABASE_URL, { max: 2 });
    return { database, source: 'DATABASE_URL', close: () => database.close() };
  }
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const running = await liveServerPid(dataDir);
  if (running) return connectToRunningServer(dataDir, running, waitMs);
  let lock;
  try {
    lock = await lockDataDir(dataDir);
  } catch (error) {
    // A server took DATA_DIR between our look and our lock: use its database.
    if (error instanceof DataDirInUseError) return connectToRunningServer(dataDir, error.pid, waitMs);
    throw error;
  }
  try {
    const embedded = await startEmbeddedPostgres(dataDir, log);
    const database = connectDatabase(embedded.url, { max: 2 });
    return {
      database,
      source: `the embedded database in ${dataDir} (started for this command)`,
      async close() {
        await database.close();
        try {
          await embedded.stop();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The whole command; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function runAdminCreate(
  argv: string[],
  env: { DATABASE_URL?: string | undefined; DATA_DIR?: string | undefined },
  io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) },
  options: OpenOptions = {},
): Promise<number> {
  let input: AdminInput | 'help';
  try {
    input = parseAdminArgs(argv);
  } catch (error) {
    io.err(`admin:create: ${(error as Error).message}`);
    io.err(USAGE);
    return 2;
  }
  if (input === 'help') {
    io.out(USAGE);
    return 0;
  }
  let opened: OpenedDatabase | undefined;
  try {
    opened = await openShopDatabase(env, { log: options.log ?? ((m) => io.out(m)), waitMs: options.waitMs });
    await runMigrations(opened.database);
    const result = await createOrPromoteAdmin(opened.database, input);
    if (result.outcome === 'created') {
      io.out(`Created the admin ${result.email} in ${opened.source}.`);
      if (result.generatedPassword) io.out(`Password (shown only now; keep it safe): ${result.generatedPassword}`);
    } else if (result.outcome === 'promoted') {
      io.out(`${result.email} is now an admin (their password is unchanged), in ${opened.source}.`);
    } else {
      io.out(`${result.email} is already an admin; nothing changed.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`admin:create: ${error.message}`);
      return 2;
    }
    io.err(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close().catch((error: unknown) => io.err(`admin:create: closing the database failed: ${(error as Error).message}`));
  }
}
