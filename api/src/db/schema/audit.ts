import type { AuditAction, AuditEntityType, FieldChange } from '@admin/shared/contract';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per write, appended in the same transaction as the write. The database
 * refuses UPDATE, DELETE and TRUNCATE on it (triggers in the migration), and each row's `hash` is
 * an HMAC, with a key kept outside the database, over its content and the previous row's hash, so
 * an edit made around the triggers breaks the chain at that row. `seq` is gapless and gives the chain's order.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null for the automatic jobs, whose username is 'system'. No foreign key: the trail outlives users. */
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    entityId: uuid('entity_id'),
    label: text('label').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
    /** The key of the entry's HMAC (audit/keys.ts); null for entries chained with plain SHA-256 before keys. */
    keyId: text('key_id'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.seq),
    index('audit_log_actor_idx').on(t.actorUsername, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);
