import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isErrorCode, ShopError } from '@framewala/domain';
import { childStopped, isOutOfMemory, ResourceFailure } from '../child-result';
import type { RenderResult, RenderSpec } from './render';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(HERE, 'render-child.ts');
/** The repository root: `--import tsx` is resolved from here. */
const ROOT = path.resolve(HERE, '../../../../..');

export interface ChildRender {
  result: RenderResult;
  /** Seconds spent rendering inside the child, and the child's peak RSS (null where /proc is missing). */
  seconds: number;
  peakRssMB: number | null;
  pid: number;
}

export interface RunOptions {
  /** Kill the child after this long (default 25 minutes, under the job's expiry). */
  timeoutMs?: number;
  /** Called once the child has started (the benchmark samples its memory). */
  onSpawn?: (pid: number) => void;
  /**
   * The child's scheduling priority (nice value, default 10): a print file is batch work and yields the CPU to the
   * server's requests (a burst of paid orders must not slow checkout down). The benchmark runs it at 0.
   */
  niceness?: number;
  /** Kills the child (the server is closing): the job fails and is retried elsewhere or later. */
  signal?: AbortSignal;
}

/**
 * Renders in a child process: libvips' memory (and any crash) stays out of the server, the server's own heap does not
 * count against the render, and the child's peak RSS is measured honestly by the kernel (VmHWM). Errors with a
 * catalogue code come back as ShopError; anything else as Error.
 */
export function renderInChild(spec: RenderSpec, options: RunOptions = {}): Promise<ChildRender> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new Error('The print renderer was stopped: the server is closing.'));
      return;
    }
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(spec)], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    let killedByParent = false;
    const kill = () => {
      killedByParent = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, options.timeoutMs ?? 25 * 60 * 1000);
    const abort = kill;
    options.signal?.addEventListener('abort', abort, { once: true });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, options.niceness ?? 10);
      } catch {
        // Not allowed here (some containers): it runs at the server's priority.
      }
      options.onSpawn?.(child.pid);
    }
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      const line = stdout.split('\n').find((l) => l.startsWith('PRINT-RESULT '));
      if (!line) {
        reject(childStopped('The print renderer', { code, signal, killedByParent }, stderr));
        return;
      }
      const message = JSON.parse(line.slice('PRINT-RESULT '.length)) as
        | { ok: true; result: RenderResult; seconds: number; peakRssMB: number | null }
        | { ok: false; error: { code: string | null; message: string; details?: Record<string, unknown> } };
      if (message.ok) {
        resolve({ result: message.result, seconds: message.seconds, peakRssMB: message.peakRssMB, pid: child.pid ?? 0 });
      } else if (message.error.code && isErrorCode(message.error.code)) {
        reject(new ShopError(message.error.code, message.error.message, message.error.details));
      } else if (isOutOfMemory(message.error.message)) {
        reject(new ResourceFailure(`The print renderer ran out of memory: ${message.error.message}`));
      } else {
        reject(new Error(message.error.message));
      }
    });
  });
}
