import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, createdAt, id } from './columns';

/**
 * A document shared by link (migration 0026_document_links): the PDF as it was when shared, found
 * by the SHA-256 of the link's secret, which only the link holds, until it expires.
 */
export const documentLinks = pgTable(
  'document_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['invoice', 'credit-note', 'receipt', 'statement'] }).notNull(),
    recordId: uuid('record_id').notNull(),
    filename: text('filename').notNull(),
    pdf: bytea('pdf').notNull(),
    /** The SHA-256 of the PDF, also in the audit entry of its sharing. */
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('document_links_expires_idx').on(t.expiresAt),
    check('document_links_kind_check', sql`${t.kind} in ('invoice', 'credit-note', 'receipt', 'statement')`),
  ],
);
