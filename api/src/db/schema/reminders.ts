import type { ReminderStep, ReminderTemplate } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, day, money, updatedAt } from './columns';
import { outbox } from './mail';
import { customers } from './masters';
import { invoices } from './sales';

/**
 * The payment reminders an admin sets: one row, id 1, made by the first save (migration
 * 0028_reminders); until then the contract's defaults apply.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull(),
    steps: jsonb('steps').$type<ReminderStep[]>().notNull(),
    templates: jsonb('templates').$type<{ en: ReminderTemplate; ar: ReminderTemplate }>().notNull(),
    monthlyStatements: boolean('monthly_statements').notNull().default(false),
    /** The admin who turned the monthly statements on: their PDFs are drawn with this user's reading rights. */
    statementsSentAs: uuid('statements_sent_as').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('reminder_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Each reminder step sent for an invoice, written in the transaction of its outbox message: the
 * key (invoice, step's offset) makes each step go once, whichever API instance gets there first.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    /** The business day it was sent on. */
    sentOn: day('sent_on').notNull(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
);

/**
 * Each customer's month the statements job has looked at: its statement sent (written in the
 * transaction of its outbox message) or, with no message, nothing owed at the month's end. The key
 * (customer, month's first day) makes a month's statement go once per customer, whichever API
 * instance gets there first, and a customer who owes nothing is not read again that month.
 */
export const sentStatements = pgTable(
  'sent_statements',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    periodFrom: day('period_from').notNull(),
    periodTo: day('period_to').notNull(),
    /** What the customer owed at the period's end, as the statement says. */
    closingBalance: money('closing_balance').notNull(),
    sentOn: day('sent_on').notNull(),
    /** The message; none when nothing was owed. */
    outboxId: uuid('outbox_id').references(() => outbox.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.periodFrom] })],
);
