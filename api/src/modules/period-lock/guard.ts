import { closedPeriodMessage } from '@admin/shared/contract';
import { addDays, dayToUtcMidnight, toDay, type CalendarDay, type Day } from '@admin/shared/dates';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/connect';
import { periodLock } from '../../db/schema';
import { conflict } from '../../http/errors';

/**
 * The closed period as one dated write sees it: the day the books are closed through (null: none).
 *
 * Why FOR SHARE: a close (PUT /settings/period-lock) and an approved reopen take this same row FOR
 * UPDATE before they change it. A write that has read it here holds its share until it commits,
 * so a close waits for the writes already checked to finish, and a write that comes after the
 * close's lock waits for the close to commit and then reads the new day (READ COMMITTED reads the
 * row again once the lock is granted). No write can pass the check against the old day and commit
 * inside the period closed meanwhile. Shares do not wait for each other, so writes never queue on
 * it. It is a write's first lock (before the customer's account or the record's row), and a close
 * takes no other lock before the audit trail's, so the two orders cannot cross into a deadlock.
 */
export async function closedThrough(tx: Database | Transaction): Promise<CalendarDay | null> {
  const [row] = await tx
    .select({ lockedThrough: periodLock.lockedThrough })
    .from(periodLock)
    .where(eq(periodLock.id, 1))
    .for('share');
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

/** Reads the closed period (FOR SHARE, see closedThrough) and refuses `days` inside it. */
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
