/**
 * `npm run lint` refuses import cycles in the API and the domain, type-only imports included (oxlint's
 * import/no-cycle, .oxlintrc.json): a cycle is written into a temporary copy of each workspace's sources, which the
 * repository's lint configuration then fails, naming both files of the cycle.
 */
import { execFile as execFileCb } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers';

const execFile = promisify(execFileCb);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const oxlint = path.join(repo, 'node_modules/.bin/oxlint');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));

/** Copies `workspace/src` to a temporary folder; returns the copy's src folder. */
async function copyOf(workspace: string): Promise<string> {
  const dir = await tempDir('framewala-lint-cycle-');
  dirs.push(dir);
  const src = path.join(dir, workspace, 'src');
  await fs.cp(path.join(repo, workspace, 'src'), src, { recursive: true });
  return src;
}

/** The cycle problems the repository's lint configuration reports in `dir`, as "file: rule" (relative to `dir`). */
async function cycles(dir: string): Promise<string[]> {
  const { stdout, code } = await execFile(oxlint, ['-c', path.join(repo, '.oxlintrc.json'), '-f', 'unix', '.'], { cwd: dir }).then(
    (r) => ({ ...r, code: 0 }),
    (error: { stdout: string; code: number }) => error,
  );
  const found = stdout
    .split('\n')
    .filter((line) => line.includes('import(no-cycle)'))
    .map((line) => `${line.split(':')[0]}: no-cycle`);
  expect(code === 0).toBe(found.length === 0);
  return found;
}

/**
 * Makes `module` (an existing file of the copy) and a new probe file import each other: the probe imports the module's
 * values, the module imports a type from the probe, as the cycles found in the shop looked.
 */
async function writeCycle(src: string, module: string): Promise<{ module: string; probe: string }> {
  const probe = path.join(path.dirname(module), 'lint-probe.ts');
  await fs.writeFile(
    path.join(src, probe),
    `import * as real from './${path.basename(module, '.ts')}';\nexport type Probe = typeof real;\n`,
  );
  const text = await fs.readFile(path.join(src, module), 'utf8');
  await fs.writeFile(path.join(src, module), `import type { Probe } from './lint-probe';\nexport type ProbeToo = Probe;\n${text}`);
  return { module, probe };
}

describe('lint refuses import cycles', { timeout: 60_000 }, () => {
  for (const [workspace, module] of [
    ['apps/api', 'services/storage.ts'],
    ['packages/domain', 'money.ts'],
  ] as const) {
    it(`in ${workspace}`, async () => {
      const src = await copyOf(workspace);
      const before = await cycles(src);
      const cycle = await writeCycle(src, module);
      const after = await cycles(src);
      expect(after.filter((p) => !before.includes(p)).sort()).toEqual([`${cycle.module}: no-cycle`, `${cycle.probe}: no-cycle`].sort());
    });
  }
});
