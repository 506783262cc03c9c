import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, listSql, money } from './columns';
import { customers } from './masters';

/**
 * Money writes above the company's approval amounts, held until another staff member decides
 * (modules/approvals): the validated request as its maker sent it, and, once approved, the record
 * its write made. Nothing here moves money; approving runs the write itself.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: id(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending_approval'),
    amount: money('amount').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The invoice of a credit note or write-off, the cheque of a bounce; none for a refund. */
    targetId: uuid('target_id'),
    input: jsonb('input').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    resultId: uuid('result_id'),
  },
  (t) => [
    check('approvals_kind_check', sql`${t.kind} in ${listSql(APPROVAL_KINDS)}`),
    check('approvals_status_check', sql`${t.status} in ${listSql(APPROVAL_STATUSES)}`),
    check('approvals_amount_check', sql`${t.amount} > 0`),
    index('approvals_requested_at_idx').on(t.requestedAt, t.id),
    index('approvals_status_idx').on(t.status),
  ],
);
