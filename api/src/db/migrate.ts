import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../config';
import type { DbHandle } from './connect';
import { ADVISORY_LOCKS } from './advisory-locks';
import { grantRuntimeRole, type RuntimeRole } from './runtime-role';

/**
 * Brings the schema up to date. pg_trgm comes first because drizzle-kit does not emit
 * CREATE EXTENSION and the search indexes need it. On PostgreSQL `runtimeRole`, the role the API
 * then serves as, is granted the tables (runtime-role.ts); PGlite has one user.
 */
export async function migrate({ db, kind }: DbHandle, runtimeRole?: RuntimeRole): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (kind === 'pglite') {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Several API instances may start at once: a session advisory lock runs the migrations once.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migratePg(drizzlePg(client), { migrationsFolder });
    if (runtimeRole) await grantRuntimeRole(client, runtimeRole);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => {});
    client.release();
  }
}
