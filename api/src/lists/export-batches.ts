import { MAX_PAGE_LIMIT } from '@admin/shared/contract';
import { setImmediate } from 'node:timers/promises';

/**
 * How an export reads: in turns of about EXPORT_TURN_MS each, the batch size following what the
 * last turn took (between EXPORT_BATCH_MIN and EXPORT_BATCH_MAX rows, at most doubling per turn),
 * with the event loop let go between turns. A money write that arrives during an export then waits
 * one short turn at most; on PGlite, which runs in the API's own thread, one batch of 5,000 rows
 * held it for hundreds of milliseconds. An order without an index sorts the matching rows once per
 * batch, so such an export grows its batches back up to EXPORT_BATCH_MAX while each turn stays long.
 */
export const EXPORT_TURN_MS = 25;
export const EXPORT_BATCH_MIN = 200;
export const EXPORT_BATCH_MAX = 5 * MAX_PAGE_LIMIT;
const EXPORT_BATCH_FIRST = 500;

/** The next batch's size, from the last one's and how long it took. */
export function nextExportBatch(size: number, tookMs: number): number {
  const aimed = tookMs > 0 ? Math.round((size * EXPORT_TURN_MS) / tookMs) : size * 2;
  // A turn that cannot get shorter (a sort per batch) is better read in fewer, larger turns.
  const floor = tookMs > 4 * EXPORT_TURN_MS && size <= EXPORT_BATCH_MIN ? size * 2 : EXPORT_BATCH_MIN;
  return Math.min(EXPORT_BATCH_MAX, size * 2, Math.max(floor, aimed));
}

/**
 * Every row `read` gives, batch after batch at growing offsets, in paced turns. `fixedSize` keeps
 * every batch that size (a report read by pages).
 */
export async function* exportBatches<T>(
  read: (offset: number, limit: number) => Promise<T[]>,
  fixedSize?: number,
): AsyncGenerator<T> {
  let size = fixedSize ?? EXPORT_BATCH_FIRST;
  for (let offset = 0; ;) {
    const started = performance.now();
    const batch = await read(offset, size);
    yield* batch;
    if (batch.length < size) return;
    offset += size;
    if (!fixedSize) size = nextExportBatch(size, performance.now() - started);
    // Let what waits (a write's next statement, other requests) run before the next turn.
    await setImmediate();
  }
}
