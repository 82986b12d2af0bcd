#!/usr/bin/env node
// The real server for the browser tests: a fresh DATA_DIR with its own embedded PostgreSQL, removed afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-e2e-'));
// Tests that read what the server wrote (the mail outbox) find its DATA_DIR here; one file per port, so servers
// started side by side on other ports do not collide (see tests/accounts.e2e.ts).
const port = process.env.PORT ?? '3000';
const pointer = path.join(root, 'e2e', '.tmp', `data-dir-${port}`);
fs.mkdirSync(path.dirname(pointer), { recursive: true });
fs.writeFileSync(pointer, dataDir);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each test is its own visitor with its own X-Forwarded-For (tests/fixtures.ts), believed from this machine only:
    // the per-address rate limits then count tests apart, as they count customers apart behind a proxy.
    TRUST_PROXY: 'loopback',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(pointer, { force: true });
  process.exit(code ?? 0);
});
