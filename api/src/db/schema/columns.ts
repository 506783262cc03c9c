import { dayToUtcMidnight, toDay, type Day } from '@admin/shared/dates';
import type { Fils } from '@admin/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, customType, index, timestamp, uuid, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** Primary key: a random uuid, exposed on the wire as `_id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A point in time (timestamptz), set by the database unless given. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Money in fils (thousandths of a KD). Values stay below MAX_FILS, far inside 2^53. Rows read it
 * as Fils and writes take Fils: the column is where SQL's amounts get their brand.
 */
export const money = (name: string) => bigint(name, { mode: 'number' }).$type<Fils>();

/**
 * A calendar day stored as `date`, read and written as its UTC-midnight ISO string
 * ('2026-11-21T00:00:00.000Z'), the form the wire uses, so no code converts by hand.
 */
export const day = customType<{ data: Day; driverData: string }>({
  dataType: () => 'date',
  fromDriver: (value) => dayToUtcMidnight(value),
  toDriver: (value) => toDay(value),
});

/** Bytes (bytea): node-postgres answers a Buffer, PGlite a Uint8Array; both are read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A pg_trgm search index (ILIKE '%term%'). New entries go straight into the index instead of a
 * pending list: PGlite has no autovacuum to merge that list, and until it is merged every search
 * reads it whole and the planner stops using the index.
 */
export function trigramIndex(name: string, column: ExtraConfigColumn) {
  return index(name).using('gin', column.op('gin_trgm_ops')).with({ fastupdate: false });
}

/** A constant SQL list ('a', 'b') for a CHECK: constraints cannot take parameters. */
export const listSql = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
