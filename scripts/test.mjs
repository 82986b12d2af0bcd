#!/usr/bin/env node
// `npm test`: typecheck and lint side by side, then unit (domain + web), API (real PostgreSQL) and browser tests.
// Stops at the first failing layer and ends with one summary line: "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-test-reports-'));
const totals = { passed: 0, failed: 0 };
const timings = [];

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** Runs several layers at once (each is one process on one core), printing each one's output when it ends. */
async function runTogether(layers) {
  const started = Date.now();
  console.log(`\n━━ ${layers.map((l) => l.name).join(' + ')} (side by side) ━━`);
  const results = await Promise.all(
    layers.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n━━ ${name} ━━ ${[command, ...args].join(' ')} (${seconds} s)\n${output}`);
            timings.push(`${name} ${seconds} s`);
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numTotalTestSuites && report.success === false && !report.numFailedTests ? 1 : 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
}

function finish(ok) {
  console.log(`\n${timings.join(' · ')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  fs.rmSync(reports, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

const vitest = (name, projects) => {
  const out = path.join(reports, `${name}.json`);
  const ok = run(name, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  countVitest(out);
  return ok;
};

const steps = [
  // Both are single-threaded: on two cores they take the time of the longer one.
  () =>
    runTogether([
      { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
      { name: 'lint', command: 'npm', args: ['run', 'lint'] },
    ]),
  () => vitest('unit', ['domain', 'web']),
  () => vitest('api', ['api']),
  () => {
    const out = path.join(reports, 'e2e.json');
    const ok = run('browser', 'npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out);
    return ok;
  },
];
for (const step of steps) if (!(await step())) finish(false);
finish(true);
