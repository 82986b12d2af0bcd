/**
 * Child-process entry of the print renderer: `node --import tsx render-child.ts '<RenderSpec JSON>'`. Renders, then
 * prints one line `PRINT-RESULT <json>` with the result (or the error) and the process's own peak RSS (VmHWM), so the
 * parent (the job, the benchmark) knows exactly what making the file cost.
 */
import fs from 'node:fs';
import { ShopError } from '@framewala/domain';
import { renderPrintFile, type RenderSpec } from './render';

function peakRssMB(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '') as RenderSpec;
  const started = performance.now();
  try {
    const result = await renderPrintFile(spec);
    const seconds = Math.round(performance.now() - started) / 1000;
    process.stdout.write(`PRINT-RESULT ${JSON.stringify({ ok: true, result, seconds, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 0;
  } catch (error) {
    const body =
      error instanceof ShopError
        ? { code: error.code, message: error.message, details: error.details }
        : { code: null, message: error instanceof Error ? error.message : String(error) };
    process.stdout.write(`PRINT-RESULT ${JSON.stringify({ ok: false, error: body, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 1;
  }
}

await main();
