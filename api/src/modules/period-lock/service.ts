import {
  PERIOD_LOCK_MESSAGES,
  type PeriodLock,
  type PeriodLockInput,
  type PeriodReopenInput,
  type PeriodReopenReject,
  type PeriodReopenRequest,
} from '@admin/shared/contract';
import { formatDay, toDay, type CalendarDay } from '@admin/shared/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { periodLock, periodReopenRequests } from '../../db/schema';
import { onlyRow } from '../../db/rows';
import { badRequest, conflict, HttpError, notFound, pgErrorOf } from '../../http/errors';

const ROW = eq(periodLock.id, 1);
const LABEL = 'Closed period';

type RequestRow = typeof periodReopenRequests.$inferSelect;

function toRequest(row: RequestRow): PeriodReopenRequest {
  return {
    _id: row.id,
    lockedThrough: row.lockedThrough,
    reason: row.reason,
    status: row.status,
    requestedBy: { _id: row.requestedBy, name: row.requestedByName },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedByName ? { _id: row.decidedBy, name: row.decidedByName } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

const fill = (template: string, day: CalendarDay) => template.replace('{{day}}', formatDay(day));

/** The closed period and the reopen waiting for approval. */
export async function readPeriodLock(db: Database | Transaction): Promise<PeriodLock> {
  const row = onlyRow(await db.select().from(periodLock).where(ROW), 'the period lock row its migration made');
  const [pending] = await db
    .select()
    .from(periodReopenRequests)
    .where(eq(periodReopenRequests.status, 'pending'))
    .orderBy(desc(periodReopenRequests.requestedAt))
    .limit(1);
  return { lockedThrough: row.lockedThrough, pendingReopen: pending ? toRequest(pending) : null };
}

/**
 * The closed day under the period's lock taken exclusive: closes and reopens one at a time, and
 * the dated writes, which take it shared, wait (guard.ts says why).
 */
async function lockedDay(tx: Transaction): Promise<CalendarDay | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.periodLock})`);
  const [row] = await tx.select({ day: periodLock.lockedThrough }).from(periodLock).where(ROW);
  return row?.day ? toDay(row.day) : null;
}

async function setDay(tx: Transaction, day: string | null) {
  await tx
    .update(periodLock)
    .set({ lockedThrough: day as never, updatedAt: new Date() })
    .where(ROW);
}

/**
 * Closes the books through `input.lockedThrough`. The day only moves forward here (moving it back
 * is a reopen, which a second admin approves); the same day again changes nothing.
 */
export function closePeriod(db: Database, actor: Actor, input: PeriodLockInput, today: CalendarDay) {
  return db.transaction(async (tx) => {
    const day = toDay(input.lockedThrough);
    if (day > today) throw badRequest(PERIOD_LOCK_MESSAGES.future, { lockedThrough: PERIOD_LOCK_MESSAGES.future });
    const before = await lockedDay(tx);
    if (before && day < before) {
      const message = fill(PERIOD_LOCK_MESSAGES.backwards, before);
      throw conflict(message, { lockedThrough: message });
    }
    if (day !== before) {
      await setDay(tx, input.lockedThrough);
      await appendAudit(tx, actor, [
        {
          action: 'close',
          entityType: 'period-lock',
          entityId: null,
          label: LABEL,
          changes: [{ field: 'lockedThrough', before, after: day }],
        },
      ]);
    }
    return readPeriodLock(tx);
  });
}

/** Asks for the closed period to move back to `input.lockedThrough` (null: open it all), with a reason. */
export function requestReopen(db: Database, actor: Actor, input: PeriodReopenInput) {
  return db.transaction(async (tx) => {
    const current = await lockedDay(tx);
    if (!current) throw conflict(PERIOD_LOCK_MESSAGES.nothingClosed);
    const to = input.lockedThrough ? toDay(input.lockedThrough) : null;
    if (to && to >= current) {
      const message = fill(PERIOD_LOCK_MESSAGES.notEarlier, current);
      throw badRequest(message, { lockedThrough: message });
    }
    let inserted: RequestRow;
    try {
      [inserted] = (await tx
        .insert(periodReopenRequests)
        .values({
          lockedThrough: input.lockedThrough,
          reason: input.reason,
          requestedBy: actor.id,
          requestedByName: actor.username,
        })
        .returning()) as [RequestRow];
    } catch (error) {
      // The period's lock above makes requests take turns; the index is the last word all the same.
      if (pgErrorOf(error)?.code === '23505') throw conflict(PERIOD_LOCK_MESSAGES.pending);
      throw error;
    }
    await appendAudit(tx, actor, [
      {
        action: 'reopen-request',
        entityType: 'period-lock',
        entityId: inserted.id,
        label: LABEL,
        changes: [
          { field: 'lockedThrough', before: current, after: to },
          { field: 'reason', before: null, after: input.reason },
        ],
      },
    ]);
    return readPeriodLock(tx);
  });
}

/**
 * Decides a pending reopen: approved, the closed day moves back to the request's; rejected, it
 * stays. The period's lock is taken first, then the request only while still pending, so
 * of two admins deciding at once exactly one does it and the other is told it was decided.
 */
export function decideReopen(
  db: Database,
  actor: Actor,
  id: string,
  decision: { approve: true } | ({ approve: false } & PeriodReopenReject),
) {
  return db.transaction(async (tx) => {
    const current = await lockedDay(tx);
    const [request] = await tx.select().from(periodReopenRequests).where(eq(periodReopenRequests.id, id));
    if (!request) throw notFound(PERIOD_LOCK_MESSAGES.notFound);
    if (request.status !== 'pending') throw conflict(PERIOD_LOCK_MESSAGES.decided);
    if (decision.approve && request.requestedBy === actor.id) throw new HttpError(403, PERIOD_LOCK_MESSAGES.ownRequest);
    const reason = decision.approve ? null : decision.reason;
    const [decided] = await tx
      .update(periodReopenRequests)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        decidedBy: actor.id,
        decidedByName: actor.username,
        decidedAt: new Date(),
        decisionReason: reason,
      })
      .where(and(eq(periodReopenRequests.id, id), eq(periodReopenRequests.status, 'pending')))
      .returning({ id: periodReopenRequests.id });
    if (!decided) throw conflict(PERIOD_LOCK_MESSAGES.decided);
    const to = request.lockedThrough ? toDay(request.lockedThrough) : null;
    // The day only ever moved forward since the request, so the request's day is still a move back.
    if (decision.approve) await setDay(tx, request.lockedThrough);
    await appendAudit(tx, actor, [
      {
        action: decision.approve ? 'reopen-approve' : 'reopen-reject',
        entityType: 'period-lock',
        entityId: id,
        label: LABEL,
        changes: decision.approve
          ? [
              { field: 'lockedThrough', before: current, after: to },
              { field: 'reason', before: null, after: request.reason },
            ]
          : [{ field: 'reason', before: null, after: reason }],
      },
    ]);
    return readPeriodLock(tx);
  });
}
