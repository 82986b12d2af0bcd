import fs from 'node:fs';

/**
 * True when a process with this pid exists and is not a zombie. A zombie (exited, not yet reaped by its parent —
 * e.g. a postmaster reparented to a container's init) still answers kill(pid, 0), so /proc is consulted on Linux.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}
