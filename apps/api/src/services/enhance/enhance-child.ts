/**
 * Child-process entry of the enhancer: `node --import tsx enhance-child.ts '<EnhanceSpec JSON>'`. Prints
 * `ENHANCE-PROGRESS <0–1>` lines as the model's tiles are done, then one line `ENHANCE-RESULT <json>` with the result
 * (or the error) and the process's own peak RSS (VmHWM).
 */
import fs from 'node:fs';
import { ShopError } from '@framewala/domain';
import { makeEnhanced, type EnhanceSpec } from './pixels';

function peakRssMB(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as EnhanceSpec;
  const started = performance.now();
  let last = -1;
  try {
    const result = await makeEnhanced(spec, (done) => {
      // At most one line per percent.
      const percent = Math.floor(done * 100);
      if (percent === last) return;
      last = percent;
      process.stdout.write(`ENHANCE-PROGRESS ${done.toFixed(4)}\n`);
    });
    const seconds = Math.round(performance.now() - started) / 1000;
    process.stdout.write(`ENHANCE-RESULT ${JSON.stringify({ ok: true, result, seconds, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 0;
  } catch (error) {
    const body =
      error instanceof ShopError
        ? { code: error.code, message: error.message, details: error.details }
        : { code: null, message: error instanceof Error ? error.message : String(error) };
    process.stdout.write(`ENHANCE-RESULT ${JSON.stringify({ ok: false, error: body, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 1;
  }
}

await main();
