import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const run = promisify(execFile);

/** The e2e server's DATA_DIR: serve.mjs writes it to e2e/.tmp/data-dir-<port>. */
function serverDataDir(): string {
  const port = process.env.E2E_PORT ?? '3210';
  return fs.readFileSync(path.join(here, '..', '.tmp', `data-dir-${port}`), 'utf8').trim();
}

/** `npm run admin:create` against the running e2e server's embedded database; returns what the command printed. */
export async function createAdmin(email: string, password: string): Promise<string> {
  const { stdout, stderr } = await run(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', email, '--password', password, '--first-name', 'Meera', '--last-name', 'Shah'],
    { cwd: root, env: { ...process.env, DATA_DIR: serverDataDir(), DATABASE_URL: '' }, timeout: 60_000 },
  );
  return `${stdout}${stderr}`;
}
