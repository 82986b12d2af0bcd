/** What the tests reach of the running e2e server beyond HTTP: its DATA_DIR (the mail outbox) and its database. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const run = promisify(execFile);

/** The e2e server's DATA_DIR: serve.mjs writes it to e2e/.tmp/data-dir-<port>. */
export function serverDataDir(): string {
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

/** Decodes the quoted-printable and base64 parts of an .eml well enough to find a link in it. */
function readableEmail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...base64Parts].join('\n');
}

/**
 * Waits for a new e-mail to `to` in the server's outbox (the newest, or the newest that contains `containing`) and
 * returns it decoded. Tests running side by side share the outbox: each looks only at mail to its own address.
 */
export async function waitForEmail(to: string, since: number, containing?: string): Promise<string> {
  const outbox = path.join(serverDataDir(), 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
        const fresh = files
          .map((f) => path.join(outbox, f))
          .filter((f) => fs.statSync(f).mtimeMs >= since)
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
          .map((f) => readableEmail(fs.readFileSync(f, 'utf8')))
          .filter((text) => text.includes(to) && (containing === undefined || text.includes(containing)));
        found = fresh[0];
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${to}${containing ? ` saying '${containing}'` : ''} in the outbox` },
    )
    .toBe(true);
  return found!;
}
