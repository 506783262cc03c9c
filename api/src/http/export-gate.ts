import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXPORTS_BUSY, serviceUnavailable } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many CSV exports this instance streams at once; the others wait their turn. */
    exportGate: ExportGate;
  }
}

/** Seconds a refused export is told to wait before asking again. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;
/** The longest an export waits for its turn: well inside the server's idle limit on a silent socket. */
export const EXPORT_WAIT_MS = 30_000;

/**
 * At most `atOnce` whole-list exports read at a time per instance, the rest waiting in the order
 * they came; past `waiting` more, 503 with Retry-After. An export reads every matching row, so
 * eight of them side by side would hold the database (on PGlite, the API's own thread) between
 * money writes; one after the other, a write waits behind one export's turn at most. An export
 * that has waited `maxWaitMs` is refused the same way.
 */
export class ExportGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly atOnce: number,
    readonly waiting: number,
    readonly maxWaitMs = EXPORT_WAIT_MS,
  ) {}

  /**
   * Waits for a turn and answers how to give it back (once the export ends, however it ends).
   * Throws 503 when too many wait already or it has waited too long; a caller that goes away
   * while waiting leaves the queue.
   */
  async enter(reply: FastifyReply): Promise<() => void> {
    if (this.running < this.atOnce) {
      this.running++;
      return this.leave();
    }
    const refuse = () => {
      void reply.header('retry-after', String(EXPORT_RETRY_AFTER_SECONDS));
      return serviceUnavailable(EXPORTS_BUSY);
    };
    if (this.queue.length >= this.waiting) throw refuse();
    await new Promise<void>((resolve, reject) => {
      const leaveQueue = () => {
        clearTimeout(tooLong);
        reply.raw.off('close', leaveQueue);
        const at = this.queue.indexOf(turn);
        if (at >= 0) this.queue.splice(at, 1);
      };
      const turn = () => {
        leaveQueue();
        resolve();
      };
      const tooLong = setTimeout(() => {
        leaveQueue();
        reject(refuse());
      }, this.maxWaitMs);
      this.queue.push(turn);
      reply.raw.once('close', leaveQueue);
    });
    return this.leave();
  }

  private leave(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    };
  }
}

export function registerExportGate(app: FastifyInstance, atOnce: number, waiting: number): void {
  app.decorate('exportGate', new ExportGate(atOnce, waiting));
}
