import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/connect';
import { recordEvent, type AuditedKind } from './changes';
import { appendAudit, type Actor } from './trail';

/**
 * Create, edit and delete of one table's records, each in one transaction that ends with its
 * audit entry. The record's wire form is read before the write (under its row lock, so it is
 * the version this write replaces) and after it, in the same transaction.
 */
export class AuditedWrites<T extends { _id: string }> {
  constructor(
    private readonly db: Database,
    private readonly table: PgTable & { id: PgColumn },
    private readonly kind: AuditedKind<T>,
    /** The record's wire form, read with `db` (the transaction); a 404 when there is none. */
    private readonly read: (id: string, db: Database) => Promise<T>,
  ) {}

  /** `write` inserts the record and returns its id. */
  create(actor: Actor, write: (tx: Transaction) => Promise<string>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const after = await this.read(await write(tx), tx);
      await appendAudit(tx, actor, [recordEvent(this.kind, 'create', null, after)]);
      return after;
    });
  }

  update(actor: Actor, id: string, write: (tx: Transaction) => Promise<unknown>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      await write(tx);
      const after = await this.read(id, tx);
      await appendAudit(tx, actor, [recordEvent(this.kind, 'update', before, after)]);
      return after;
    });
  }

  remove(actor: Actor, id: string, write: (tx: Transaction) => Promise<unknown>): Promise<void> {
    return this.db.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      await write(tx);
      await appendAudit(tx, actor, [recordEvent(this.kind, 'delete', before, null)]);
    });
  }

  private async lock(tx: Transaction, id: string): Promise<T> {
    await tx.select({ id: this.table.id }).from(this.table).where(eq(this.table.id, id)).for('update');
    return this.read(id, tx);
  }
}
