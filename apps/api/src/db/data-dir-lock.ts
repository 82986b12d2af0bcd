import fs from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive } from './process-alive';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is already used by another Framewala server (pid ${pid}). ` +
        'Stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * One server per DATA_DIR: an exclusive lock file holding the owner's pid. A lock whose owner is dead (a killed
 * server) is stale and taken over; a live owner gets a clear error instead of two servers sharing one cluster.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await fs.open(file, 'wx', 0o644);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          const owner = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
          if (owner === process.pid) await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isProcessAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      // Stale: its server died without cleaning up. Remove and try again (another starter may race us: loop).
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
