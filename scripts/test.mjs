#!/usr/bin/env node
// `npm test`: every layer of the shop's tests, keeping both cores busy.
//   1. the unit tests (domain + web, two vitest workers) beside the typecheck (single-threaded).
//   2. the browser tests beside the API tests (real PostgreSQL), lint and the format check: the browser and API tests
//      wait on I/O much of the time. Lint and the format check run here, not beside the unit tests, because a web unit
//      test writes probe files into apps/web/src that a concurrent `eslint .` or `prettier --check .` would read.
// One layer of each phase streams its output; the others print theirs, whole, when they end. A failing phase stops
// the run. At the end: each layer's time, the ten slowest test files (from the runners' JSON reports) and one summary
// line, "tests: N passed, N failed".
//
// TEST_LAYERS=unit,api (names from LAYERS below) runs only those layers, in the same phases.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'framewala-test-reports-'));
const started = Date.now();
const totals = { passed: 0, failed: 0 };
/** Per layer: its seconds, and for test layers where its JSON report is. */
const layers = [];

const vitestArgs = (name, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];

/** Every layer: a command, and for test layers the kind of JSON report it leaves in `reports`. */
const LAYERS = {
  typecheck: { command: 'npm', args: ['run', 'typecheck'] },
  lint: { command: 'npm', args: ['run', 'lint'] },
  format: { command: 'npm', args: ['run', 'format:check'] },
  unit: { command: 'npx', args: vitestArgs('unit', ['domain', 'web', 'web-node']), report: 'vitest' },
  api: { command: 'npx', args: vitestArgs('api', ['api']), report: 'vitest' },
  browser: {
    command: 'npm',
    args: ['run', 'test:e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'browser.json') },
    report: 'playwright',
  },
};

/** Phases run one after the other; the layers of a phase side by side, the first one streaming its output. */
const PHASES = [
  ['unit', 'typecheck'],
  ['browser', 'api', 'lint', 'format'],
];

const only = process.env.TEST_LAYERS?.split(',').map((s) => s.trim());
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs one layer; `live` streams its output, otherwise it is kept and printed whole when the layer ends. */
function runLayer(name, live) {
  const { command, args, env = {} } = LAYERS[name];
  const layerStarted = Date.now();
  const title = `━━ ${name} ━━ ${[command, ...args].join(' ')}`;
  if (live) console.log(`\n${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const layer = { name, seconds: (Date.now() - layerStarted) / 1000, ok: code === 0, code: code ?? signal };
      layers.push(layer);
      if (!live) console.log(`\n${title} (${seconds(Date.now() - layerStarted)} s)\n${output.trimEnd()}`);
      else console.log(`━━ ${name} done (${seconds(Date.now() - layerStarted)} s) ━━`);
      resolve(layer);
    });
  });
}

async function runPhase(names) {
  const chosen = names.filter((name) => !only || only.includes(name));
  if (chosen.length === 0) return true;
  if (chosen.length > 1) console.log(`\n━━ ${chosen.join(' + ')} side by side: ${chosen[0]} streams, the others print when they end ━━`);
  const [first, ...rest] = chosen;
  // The buffered layers print only after the streaming one, so their output never cuts into it.
  const buffered = rest.map((name) => runLayer(name, false));
  const results = [await runLayer(first, true), ...(await Promise.all(buffered))];
  return results.every((r) => r.ok);
}

/** Test files and their seconds from a vitest JSON report. */
function vitestFiles(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  // A file that failed outside any test (an import or a hook) counts once.
  totals.failed += (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && !r.assertionResults?.some((a) => a.status === 'failed'),
  ).length;
  return (report.testResults ?? []).map((r) => ({ file: path.relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000 }));
}

/** Test files and their seconds from a Playwright JSON report: every run of every test in the file, all projects. */
function playwrightFiles(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms / 1000);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const testDir = report.config?.rootDir ? path.relative(root, report.config.rootDir) : 'e2e/tests';
  return [...perFile].map(([name, s]) => ({ file: path.join(testDir, name), seconds: s }));
}

function finish(ok) {
  const files = [];
  for (const layer of layers) {
    const kind = LAYERS[layer.name].report;
    if (!kind) continue;
    const file = path.join(reports, `${layer.name}.json`);
    if (!fs.existsSync(file)) {
      // The runner stopped before it could report (a global set-up that failed, a crash): say so, count it.
      console.log(`\n${layer.name}: no report, the runner stopped (exit ${layer.code}) before any test result; its output above says why.`);
      totals.failed += 1;
      continue;
    }
    try {
      const found = kind === 'vitest' ? vitestFiles(file) : playwrightFiles(file);
      files.push(...found.map((f) => ({ ...f, layer: layer.name })));
    } catch (error) {
      console.log(`\n${layer.name}: its report ${file} could not be read: ${error.message}`);
      totals.failed += 1;
    }
    if (!layer.ok && totals.failed === 0) totals.failed += 1;
  }
  const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowest.length > 0) {
    console.log('\nThe ten slowest test files:');
    for (const f of slowest) console.log(`${f.seconds.toFixed(1).padStart(8)} s  ${f.layer.padEnd(8)} ${f.file}`);
  }
  console.log(`\n${layers.map((l) => `${l.name} ${l.seconds.toFixed(1)} s${l.ok ? '' : ' (failed)'}`).join(' · ')}`);
  console.log(`all ${seconds(Date.now() - started)} s`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  fs.rmSync(reports, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

for (const phase of PHASES) if (!(await runPhase(phase))) finish(false);
finish(true);
