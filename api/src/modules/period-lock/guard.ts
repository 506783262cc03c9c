import { closedPeriodMessage } from '@admin/shared/contract';
import { addDays, dayToUtcMidnight, toDay, type CalendarDay, type Day } from '@admin/shared/dates';
import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database, Transaction } from '../../db/connect';
import { periodLock } from '../../db/schema';
import { conflict } from '../../http/errors';

/**
 * The closed period as one dated write sees it: the day the books are closed through (null: none).
 *
 * Why it cannot race a close: the write first takes the period's advisory lock shared, held to its
 * commit, and only then reads the day (a statement of its own, so under READ COMMITTED it sees
 * every close committed before the lock was granted). A close, and an approved reopen, take the
 * same lock exclusive before they change the day (service.ts). So a close waits for the writes
 * already checked to commit, and a write that comes after it waits for the close and reads the new
 * day: no record can pass the check against the old day and commit inside the period closed
 * meanwhile. Shared holders never wait for each other; a waiting close is queued ahead of the
 * writes that arrive after it, so a steady stream of writes cannot keep it waiting for ever (a row
 * read FOR SHARE would let each new write join the holders ahead of the close), and the lock
 * writes nothing to a table. It is a write's first lock (before the customer's account or the
 * record's row) and a close takes no other lock before the audit trail's, so the orders cannot
 * cross into a deadlock.
 */
export async function closedThrough(tx: Database | Transaction): Promise<CalendarDay | null> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.periodLock})`);
  const [row] = await tx
    .select({ lockedThrough: periodLock.lockedThrough })
    .from(periodLock)
    .where(eq(periodLock.id, 1));
  return row?.lockedThrough ? toDay(row.lockedThrough) : null;
}

type DayLike = string | Date | null | undefined;

/** Whether `day` falls on or before the closed day. */
export function isClosed(lockedThrough: CalendarDay | null, day: DayLike): boolean {
  return Boolean(lockedThrough && day && toDay(day) <= lockedThrough);
}

/**
 * 409 'The books are closed through 31/10/2026' when any of `days` is in the closed period. A day
 * given by `field` names that field in `errors`, so a form shows the message under it.
 */
export function refuseClosed(lockedThrough: CalendarDay | null, days: Record<string, DayLike> | DayLike[]): void {
  if (!lockedThrough) return;
  const entries = Array.isArray(days) ? days.map((day) => [undefined, day] as const) : Object.entries(days);
  const closed = entries.filter(([, day]) => isClosed(lockedThrough, day));
  if (!closed.length) return;
  const message = closedPeriodMessage(lockedThrough);
  const fields = closed.filter(([field]) => field !== undefined);
  throw conflict(message, fields.length ? Object.fromEntries(fields.map(([field]) => [field, message])) : undefined);
}

/** Reads the closed period (under its lock taken shared, see closedThrough) and refuses `days` inside it. */
export async function assertPeriodOpen(
  tx: Database | Transaction,
  days: Record<string, DayLike> | DayLike[],
): Promise<CalendarDay | null> {
  const lockedThrough = await closedThrough(tx);
  refuseClosed(lockedThrough, days);
  return lockedThrough;
}

/** `day`, or the first day after the closed period when `day` is in it (a generated invoice's date). */
export function firstOpenDay(lockedThrough: CalendarDay | null, day: Day): Day {
  return lockedThrough && isClosed(lockedThrough, day) ? dayToUtcMidnight(addDays(lockedThrough, 1)) : day;
}
