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

/**
 * An image job's child process ran out of memory: killed by the kernel (SIGKILL that the parent did not send) or
 * stopped by an allocation failure. Running it again would fail the same way, so the job is failed without a retry.
 */
export class ResourceFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResourceFailure';
  }
}

/** What libvips, V8 and the C++ runtime say when an allocation fails. */
const OUT_OF_MEMORY = /out of memory|cannot allocate memory|unable to allocate|failed to allocate|bad_alloc|ENOMEM|heap limit/i;

/**
 * Why a child that gave no result stopped, as an error for the job: a ResourceFailure when it was killed without the
 * parent asking (the kernel's out-of-memory killer) or said it ran out of memory; else a plain Error (retried).
 */
export function childStopped(
  what: string,
  stopped: { code: number | null; signal: NodeJS.Signals | null; killedByParent: boolean },
  stderr: string,
): Error {
  const tail = stderr.trim().split('\n').slice(-3).join(' | ');
  const how = stopped.signal ?? `exit ${stopped.code}`;
  if ((stopped.signal === 'SIGKILL' && !stopped.killedByParent) || OUT_OF_MEMORY.test(stderr)) {
    return new ResourceFailure(`${what} ran out of memory (${how})${tail ? `: ${tail}` : ''}`);
  }
  return new Error(`${what} stopped (${how}) without a result: ${tail}`);
}

/** A child's reported error message that means it ran out of memory. */
export function isOutOfMemory(message: string): boolean {
  return OUT_OF_MEMORY.test(message);
}
