/**
 * The child-process side of the image jobs (print files, enhancements): run the work, then print one line
 * `<TAG> <json>` with the result or the error, the seconds it took and the process's own peak RSS (VmHWM), so the parent
 * (the job, the benchmark) knows what the work cost.
 */
import fs from 'node:fs';
import { ShopError } from '@framewala/domain';

function peakRssMB(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export async function runAndReport<T>(tag: string, work: () => Promise<T>): Promise<void> {
  const started = performance.now();
  try {
    const result = await work();
    const seconds = Math.round(performance.now() - started) / 1000;
    process.stdout.write(`${tag} ${JSON.stringify({ ok: true, result, seconds, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 0;
  } catch (error) {
    const body =
      error instanceof ShopError
        ? { code: error.code, message: error.message, details: error.details }
        : { code: null, message: error instanceof Error ? error.message : String(error) };
    process.stdout.write(`${tag} ${JSON.stringify({ ok: false, error: body, peakRssMB: peakRssMB() })}\n`);
    process.exitCode = 1;
  }
}
