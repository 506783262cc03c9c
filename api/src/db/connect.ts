import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireLock } from './lock';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it: code is written once for both. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL; when absent, PGlite. */
  databaseUrl?: string;
  poolSize?: number;
  /** PGlite's folder; absent means an in-memory database (tests). */
  dataDir?: string;
}

export async function connect(options: ConnectOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const { dataDir } = options;
  let release = () => {};
  let location: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireLock(join(dataDir, 'pglite.lock'), dataDir);
    location = join(dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(location, { extensions: { pg_trgm } });
    // Its planner otherwise prefers a sequential scan over the trigram index for common terms.
    await client.exec('SET random_page_cost = 1.1');
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      async close() {
        try {
          if (location) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
