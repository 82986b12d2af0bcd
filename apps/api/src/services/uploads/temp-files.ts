import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../db/process-alive';

/** Temporary files older than this are left over from a killed server (an upload in flight lasts far less). */
export const ORPHAN_TEMP_AGE_MS = 60 * 60 * 1000;

/** This machine, as it appears in temporary file names (servers on other machines may share DATA_DIR/tmp). */
const HOST =
  os
    .hostname()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 32) || 'host';
const STARTED_AT = Date.now() - process.uptime() * 1000;
const OWNED_TEMP_FILE = /^tmp-([a-z0-9]+)-(\d+)-/;

/**
 * A server-made name for a file in DATA_DIR/tmp: `tmp-<host>-<pid>-<label>-<random><extension>`. The host and pid let
 * the start-up sweep remove what a killed process left at once, without touching the files of live servers
 * (docs/decisions/028-rate-limits-proxies-and-faults.md). Never built from anything a client sent.
 */
export function tempFileName(label: string, extension = ''): string {
  return `tmp-${HOST}-${process.pid}-${label}-${randomUUID()}${extension}`;
}

/** True when a temporary file was made by a process of this machine that is gone (or by this pid before it started). */
function leftByDeadProcess(name: string, mtimeMs: number, isAlive: (pid: number) => boolean): boolean {
  const owner = OWNED_TEMP_FILE.exec(name);
  if (!owner || owner[1] !== HOST) return false;
  const pid = Number(owner[2]);
  return pid === process.pid ? mtimeMs < STARTED_AT : !isAlive(pid);
}

/**
 * Removes what killed servers left in DATA_DIR/tmp mid-upload or mid-rendition: at once when the file's name says a
 * process of this machine made it and that process is gone, otherwise once older than `maxAgeMs` (files named
 * otherwise, or made on another machine sharing the directory).
 */
export async function sweepTempDir(
  tmpDir: string,
  maxAgeMs = ORPHAN_TEMP_AGE_MS,
  now = Date.now(),
  isAlive: (pid: number) => boolean = isProcessAlive,
): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(tmpDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const file = path.join(tmpDir, entry.name);
    const stat = await fs.lstat(file).catch(() => undefined);
    if (!stat) continue;
    if (!leftByDeadProcess(entry.name, stat.mtimeMs, isAlive) && now - stat.mtimeMs < maxAgeMs) continue;
    await fs.rm(file, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
