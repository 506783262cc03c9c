import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { desc } from 'drizzle-orm';
import type { AuditAnchor } from '@admin/shared/contract';
import type { Database } from '../db/connect';
import { auditLog } from '../db/schema';

/**
 * The chain's head written outside the database, one JSON line a time to a file that is only
 * ever appended to: entries deleted from the end of the trail, or the trail rewritten up to an
 * anchored entry, no longer match the last line.
 */
export type Anchor = AuditAnchor;

/** The newest entry's position and hash; undefined while the trail is empty. */
export async function chainHead(db: Database): Promise<Pick<Anchor, 'seq' | 'hash'> | undefined> {
  const [head] = await db
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return head;
}

/** Appends `head` as a line of `file` (created 0600) and flushes it to disk before returning. */
export function appendAnchor(file: string, head: Pick<Anchor, 'seq' | 'hash'>, at = new Date()): Anchor {
  const anchor = { seq: head.seq, hash: head.hash, at: at.toISOString() };
  const fd = openSync(file, 'a+', 0o600);
  try {
    // After a line cut short by a crash, start a line of our own rather than finish that one.
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    const afterCutLine = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    writeSync(fd, `${afterCutLine ? '\n' : ''}${JSON.stringify(anchor)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return anchor;
}

const isAnchor = (value: unknown): value is Anchor => {
  const { seq, hash, at } = (value ?? {}) as Partial<Anchor>;
  return Number.isSafeInteger(seq) && typeof hash === 'string' && typeof at === 'string';
};

/** Enough of the file's end to hold its last lines (an anchor line is about 120 bytes). */
const TAIL_BYTES = 4096;

/**
 * The last anchor in `file`, read from its end (the file grows by a line a minute while entries
 * are written); undefined when there is no file yet. A last line cut short by a crash is skipped.
 */
export function lastAnchor(file: string): Anchor | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    const lines = tail.toString('utf8').split('\n').reverse();
    for (const line of lines) {
      try {
        const value: unknown = JSON.parse(line);
        if (isAnchor(value)) return value;
      } catch {
        // An empty or partial line: look at the one before.
      }
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export interface Anchoring {
  /** Writes the head one last time (when it moved) and stops. */
  stop(): Promise<void>;
}

/**
 * Writes the chain's head to `file` now, then every `everyMs`, and on stop(), each time only when
 * it is not the file's last line already.
 * Each anchor is also logged, so a log shipped off the machine carries it too. Once started, a
 * failed write is logged and tried again at the next tick: anchoring never stops the server.
 */
export function startAnchoring(options: {
  db: Database;
  file: string;
  everyMs: number;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}): Anchoring {
  const { db, file, everyMs, log } = options;
  // A file that cannot be written (a missing folder, no permission) stops the start, not a tick.
  closeSync(openSync(file, 'a', 0o600));
  const previous = lastAnchor(file);
  // A restart with no new entry adds no line.
  let written = previous && `${previous.seq}:${previous.hash}`;
  let running = Promise.resolve();
  const anchor = async () => {
    try {
      const head = await chainHead(db);
      if (!head || `${head.seq}:${head.hash}` === written) return;
      log.info({ auditAnchor: appendAnchor(file, head) }, 'audit anchor');
      written = `${head.seq}:${head.hash}`;
    } catch (error) {
      log.error({ err: error, file }, 'Could not write the audit anchor');
    }
  };
  // One write at a time, in order: a tick never overlaps the last write at shutdown.
  const queue = () => (running = running.then(anchor));
  void queue();
  const timer = setInterval(() => void queue(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await queue();
    },
  };
}
