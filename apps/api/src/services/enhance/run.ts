import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isErrorCode, ShopError } from '@framewala/domain';
import { childStopped, isOutOfMemory, ResourceFailure } from '../child-result';
import type { EnhanceResult, EnhanceSpec } from './pixels';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(HERE, 'enhance-child.ts');
/** The repository root: `--import tsx` is resolved from here. */
const ROOT = path.resolve(HERE, '../../../../..');

export interface ChildEnhance {
  result: EnhanceResult;
  seconds: number;
  peakRssMB: number | null;
}

export interface EnhanceRunOptions {
  /** Share of the work done (0–1), as the child reports it. */
  onProgress?: (done: number) => void;
  /** Kill the child after this long (default 50 minutes, under the job's expiry). */
  timeoutMs?: number;
  /** Nice value of the child (default 10: batch work yields the CPU to the server's requests). */
  niceness?: number;
  onSpawn?: (pid: number) => void;
}

/**
 * Enhances in a child process, as print files are made: the model's memory and CPU stay out of the server (the
 * WebAssembly inference would otherwise hold the event loop for a second per tile), and a crash stays in the child.
 * Errors with a catalogue code come back as ShopError; anything else as Error.
 */
export function enhanceInChild(spec: EnhanceSpec, options: EnhanceRunOptions = {}): Promise<ChildEnhance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(spec)], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    let resultLine: string | undefined;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('ENHANCE-PROGRESS ')) options.onProgress?.(Number(line.slice('ENHANCE-PROGRESS '.length)));
        else if (line.startsWith('ENHANCE-RESULT ')) resultLine = line;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
    });
    let killedByParent = false;
    const timer = setTimeout(
      () => {
        killedByParent = true;
        child.kill('SIGKILL');
      },
      options.timeoutMs ?? 50 * 60 * 1000,
    );
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
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = resultLine ?? (pending.startsWith('ENHANCE-RESULT ') ? pending : undefined);
      if (!line) {
        reject(childStopped('The enhancer', { code, signal, killedByParent }, stderr));
        return;
      }
      const message = JSON.parse(line.slice('ENHANCE-RESULT '.length)) as
        | { ok: true; result: EnhanceResult; seconds: number; peakRssMB: number | null }
        | { ok: false; error: { code: string | null; message: string; details?: Record<string, unknown> } };
      if (message.ok) resolve({ result: message.result, seconds: message.seconds, peakRssMB: message.peakRssMB });
      else if (message.error.code && isErrorCode(message.error.code))
        reject(new ShopError(message.error.code, message.error.message, message.error.details));
      else if (isOutOfMemory(message.error.message))
        reject(new ResourceFailure(`The enhancer ran out of memory: ${message.error.message}`));
      else reject(new Error(message.error.message));
    });
  });
}

/** How an enhance job makes its pixels: in a child process (the shop), or in this process with another upscaler. */
export type Enhancer = (spec: EnhanceSpec, onProgress: (done: number) => void) => Promise<ChildEnhance>;
