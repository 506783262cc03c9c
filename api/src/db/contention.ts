import { setTimeout as sleep } from 'node:timers/promises';
import { isContention } from '../http/errors';
import type { Database, Transaction } from './connect';

/** Attempts of one write before its caller is told to come back (503, Retry-After). */
export const WRITE_ATTEMPTS = 4;

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL ends it as a deadlock's victim
 * or for a serialization failure: both roll everything back (an Idempotency-Key's claim too), so
 * the next attempt is the request as if it came again and money is never recorded twice. The
 * ledger's one lock order keeps this rare; a short random pause lets the other side finish.
 * Past WRITE_ATTEMPTS the error goes on to the error handler, which answers 503 with Retry-After.
 * `work` must do nothing outside the transaction, as it may run more than once.
 */
export async function writeTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isContention(error)) throw error;
      await sleep(attempt * (10 + Math.random() * 40));
    }
  }
}
