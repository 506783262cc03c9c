import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite does not lock its folder, and two processes writing it destroy the data. We take a lock
 * file (created exclusively, holding our pid) before opening; a lock left by a dead process is
 * taken over, a live one stops the start with a message that says what to do.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(lockPath: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => releaseLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      throw new DataDirLockedError(
        `The database in ${dataDir} is already in use by process ${pid}. ` +
          'Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
      );
    }
    // Stale lock from a process that is gone: take it over.
    unlinkSync(lockPath);
  }
  throw new DataDirLockedError(`Could not lock the database in ${dataDir}`);
}

function releaseLock(lockPath: string): void {
  try {
    if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
