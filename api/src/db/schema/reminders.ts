import type { ReminderStep, ReminderTemplate } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, day, updatedAt } from './columns';
import { outbox } from './mail';
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
