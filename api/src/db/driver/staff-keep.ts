import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../database';

/** Past this many rows the keep starts again empty: only the sessions in use stay in it. */
const MOST_ROWS = 10_000;

/**
 * Rows read from the staff tables (users, sessions), kept in memory by a key until a committed
 * transaction changes either table. Migration 0014's triggers notify staff_changed with every
 * such commit, from any writer; PGlite hands the notification to the listener before the commit's
 * caller goes on, so nothing that follows a sign-out, a revoked session or a deactivated user
 * reads the row as it was. Only PGlite has one: it is the one connection to its folder, so it
 * sees every commit. PostgreSQL instances each read the database, as another instance's
 * notification would come later than its commit.
 */
export class StaffKeep<Row> {
  private readonly rows = new Map<string, Row>();
  /** Counts the changes, so a read that began before one is not kept after it. */
  private changes = 0;

  /** Forgets every row: the staff tables have changed. */
  changed(): void {
    this.rows.clear();
    this.changes++;
  }

  /** The row kept under `key`, or `load`'s, kept when it exists and nothing changed meanwhile. */
  async read(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const kept = this.rows.get(key);
    if (kept !== undefined) return kept;
    const changesBefore = this.changes;
    const row = await load();
    if (row !== undefined && this.changes === changesBefore) {
      if (this.rows.size >= MOST_ROWS) this.rows.clear();
      this.rows.set(key, row);
    }
    return row;
  }
}

const keeps = new WeakMap<Database, StaffKeep<unknown>>();

/** Starts `db`'s keep of staff rows, emptied by the notifications `client` (its PGlite) receives. */
export async function keepStaffRows(client: PGlite, db: Database): Promise<void> {
  const keep = new StaffKeep<unknown>();
  await client.listen('staff_changed', () => keep.changed());
  keeps.set(db, keep);
}

/** `db`'s keep of staff rows; undefined on PostgreSQL, which reads them each time. */
export function staffKeepOf<Row>(db: Database): StaffKeep<Row> | undefined {
  return keeps.get(db) as StaffKeep<Row> | undefined;
}
