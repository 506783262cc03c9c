import type { Language, OutboxStatus } from '@admin/shared/contract';
import { OUTBOX_STATUSES } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, listSql, updatedAt } from './columns';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The mail server an admin configures: one row, id 1, made by the first save (migration 0025).
 * The password is sealed with AES-256-GCM under a key kept outside the database (modules/mail/secret.ts).
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: integer('id').primaryKey().default(1),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    secure: boolean('secure').notNull(),
    username: text('username'),
    passwordSealed: bytea('password_sealed'),
    fromAddress: text('from_address').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('mail_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Every message the product sends, written in the transaction of what caused it and delivered by
 * the mail worker (modules/mail/delivery.ts). Due: queued with next_attempt_at passed, or sending
 * with its claim's lease (claimed_until) run out.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    language: text('language').$type<Language>().notNull(),
    relatesToKind: text('relates_to_kind'),
    relatesToId: text('relates_to_id'),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    claimedUntil: at('claimed_until'),
    /** Names the claim that holds it: only that claim may record its outcome. */
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    /** The Message-ID it carries: chosen at its first attempt, the same at every later one. */
    messageId: text('message_id'),
    resendOf: uuid('resend_of'),
    createdBy: uuid('created_by').references(() => users.id),
    createdByUsername: text('created_by_username').notNull(),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ${listSql(OUTBOX_STATUSES)}`),
    index('outbox_list_idx').on(t.createdAt, t.id),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/** A message's attachments, in order. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.outboxId, t.position] })],
);

/** Each attempt to hand a message to the mail server, with what came of it. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: id(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    outcome: text('outcome').$type<'sent' | 'failed' | 'lost'>().notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [index('outbox_attempts_message_idx').on(t.outboxId, t.at)],
);
