import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types, in a leaf of their own: the driver code that connect.ts assembles can name
// them without importing connect.ts back.
export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it: code is written once for both. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';
