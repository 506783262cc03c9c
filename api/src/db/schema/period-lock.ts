import { PERIOD_REOPEN_STATUSES } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { day, id, listSql, updatedAt } from './columns';

/**
 * The day the books are closed through (null: none): a single row, id 1, made by its migration
 * (0030_period_lock). Every dated write reads it in its transaction under the period's advisory
 * lock taken shared; a close or an approved reopen change it under that lock taken exclusive
 * (modules/period-lock/guard.ts says why).
 */
export const periodLock = pgTable(
  'period_lock',
  {
    id: integer('id').primaryKey().default(1),
    lockedThrough: day('locked_through'),
    updatedAt: updatedAt(),
  },
  (t) => [check('period_lock_single_row', sql`${t.id} = 1`)],
);

/** A reopen of the closed period: asked by one admin with a reason, approved or rejected by another. */
export const periodReopenRequests = pgTable(
  'period_reopen_requests',
  {
    id: id(),
    /** The day the books would stay closed through once approved; null opens them all. */
    lockedThrough: day('locked_through'),
    reason: text('reason').notNull(),
    status: text('status', { enum: PERIOD_REOPEN_STATUSES }).notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check('period_reopen_requests_status_check', sql`${t.status} in ${listSql(PERIOD_REOPEN_STATUSES)}`),
    // One reopen waits at a time.
    uniqueIndex('period_reopen_requests_one_pending')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
  ],
);
