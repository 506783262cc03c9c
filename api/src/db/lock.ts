import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite does not lock its folder, and two processes writing it destroy the data. We take a lock
 * file holding our pid before opening; a lock left by a dead process is taken over, a live one
 * stops the start with a message that says what to do.
 *
 * Every step is atomic, so two processes starting at the same moment never both own the folder:
 * - The lock file is written whole beside its final name and then hard-linked to it: link() fails
 *   when the name exists, and nobody ever reads a lock that has a name but no pid yet.
 * - A stale lock (its process is gone) is replaced by rename() over it, so the name never
 *   disappears: a process arriving meanwhile still finds a lock and goes the takeover way.
 * - Takeovers queue on a second, short-lived file (`<lock>.takeover`, created exclusively):
 *   the holder reads the lock again, and only if it is still the dead one replaces it.
 */
export class DataDirLockedError extends Error {}

/** A takeover step lasts microseconds; a takeover file this old belongs to a process that died in it. */
const STALE_TAKEOVER_MS = 10_000;

interface Holder {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot), when known; tells a reused pid apart. */
  start?: string;
}

/** Lock paths this process holds, so a lock naming our own pid is known to be ours or stale. */
const held = new Set<string>();

function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may hold spaces, so count from its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): Holder | undefined {
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, start } : undefined;
}

function isAlive(holder: Holder, lockPath: string): boolean {
  // Our own pid: ours if we took it in this process; otherwise a lock from an earlier life of this
  // pid (a container restarts its server as pid 1 every time).
  if (holder.pid === process.pid) return held.has(lockPath);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid runs; if it started at another time than the lock says, it is another process.
  const start = holder.start && processStart(holder.pid);
  return !(holder.start && start && start !== holder.start);
}

function readHolder(path: string): { holder?: Holder; text: string } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return { holder: parseHolder(text), text };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A new file beside `path` holding `content`, written and flushed before anyone can see it under `path`. */
function writeBeside(path: string, content: string): string {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return temporary;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function lockedError(dataDir: string, pid: number): DataDirLockedError {
  return new DataDirLockedError(
    `The database in ${dataDir} is already in use by process ${pid}. ` +
      'Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
  );
}

/**
 * Takes the takeover file, or returns false when another process holds it (the caller retries).
 * A takeover file left by a process that died inside the step is moved aside after
 * STALE_TAKEOVER_MS, checking that what was moved is that old file and not a new one.
 */
function enterTakeover(takeoverPath: string): boolean {
  try {
    closeSync(openSync(takeoverPath, 'wx', 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let age: number;
  try {
    age = Date.now() - statSync(takeoverPath).mtimeMs;
  } catch {
    return false;
  }
  if (age > STALE_TAKEOVER_MS) {
    const aside = `${takeoverPath}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
    try {
      renameSync(takeoverPath, aside);
      // Moved a fresh one by mistake (it was replaced between stat and rename): put it back.
      if (Date.now() - statSync(aside).mtimeMs <= STALE_TAKEOVER_MS) linkSync(aside, takeoverPath);
    } catch {
      // Someone else cleaned it up, or put theirs back first.
    }
    removeQuietly(aside);
  }
  return false;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function acquireLock(lockPath: string, dataDir: string): () => void {
  const start = processStart(process.pid);
  const content = start ? `${process.pid} ${start}\n` : `${process.pid}\n`;
  const takeoverPath = `${lockPath}.takeover`;
  const deadline = Date.now() + 5_000;
  const mine = writeBeside(lockPath, content);
  try {
    for (;;) {
      try {
        linkSync(mine, lockPath);
        held.add(lockPath);
        return () => releaseLock(lockPath, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = readHolder(lockPath);
      if (!seen) continue; // Released meanwhile: try to create it again.
      if (seen.holder && isAlive(seen.holder, lockPath)) throw lockedError(dataDir, seen.holder.pid);

      // Stale (or unreadable): replace it, one process at a time.
      if (enterTakeover(takeoverPath)) {
        try {
          const now = readHolder(lockPath);
          if (!now) continue; // Gone: the plain create above takes it.
          if (now.holder && isAlive(now.holder, lockPath)) throw lockedError(dataDir, now.holder.pid);
          if (now.text !== seen.text) continue; // Replaced meanwhile: look again.
          renameSync(mine, lockPath);
          held.add(lockPath);
          return () => releaseLock(lockPath, content);
        } finally {
          removeQuietly(takeoverPath);
        }
      }
      if (Date.now() > deadline)
        throw new DataDirLockedError(`Could not lock the database in ${dataDir}: ${takeoverPath} stays in the way`);
      pause(2);
    }
  } finally {
    // After a link the lock keeps its own name; after a rename this name is already gone.
    removeQuietly(mine);
  }
}

function releaseLock(lockPath: string, content: string): void {
  held.delete(lockPath);
  try {
    if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
