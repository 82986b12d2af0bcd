#!/usr/bin/env node
// The browser tests' build step (`npm run test:e2e`): `npm run build` (vite build + prerender), unless apps/web/dist is
// already the build of the current sources. What the build reads — the files of apps/web and packages/domain that git
// tracks or would track, the root package files and lock file, and VITE_* variables — is hashed; after a build the
// hash is kept in e2e/.tmp/web-build.json with a fingerprint of the dist it made. The next run skips the build when
// both still match (dist not rebuilt or removed in between). Outside a git checkout it always builds.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(root, 'e2e/.tmp/web-build.json');
const INPUTS = ['apps/web', 'packages/domain', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

function sourcesHash() {
  let files;
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...INPUTS], { cwd: root });
    files = [...new Set(listed.toString().split('\0').filter(Boolean))].sort();
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    // A tracked file deleted in the working tree counts as missing.
    hash.update(fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file)) : '(missing)');
    hash.update('\0');
  }
  for (const [name, value] of Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

/** The build's own record of what it made (Vite's manifest, the prerendered pages' lists, the shell), or null. */
function distFingerprint() {
  const hash = createHash('sha256');
  for (const file of ['.vite/manifest.json', 'prerendered.json', 'prerendered.hi.json', 'app-shell.html', 'index.html']) {
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) return null;
    hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

const sources = sourcesHash();
const stamp = fs.existsSync(stampFile) ? JSON.parse(fs.readFileSync(stampFile, 'utf8')) : null;
if (sources && stamp?.sources === sources && stamp.dist === distFingerprint()) {
  console.log('apps/web/dist is the build of the current sources: not built again.');
  process.exit(0);
}
fs.rmSync(stampFile, { force: true });
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
if (sources) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${JSON.stringify({ sources, dist: distFingerprint() }, null, 2)}\n`);
}
