import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { customers, products } from '../db/schema';
import { badRequest, conflict, notFound, pgErrorOf } from '../http/errors';

/** A column elsewhere that points at a record, and how people call the rows that hold it. */
export interface Reference {
  column: PgColumn;
  one: string;
  many: string;
}

/**
 * What uses each master. A delete of a record that something still uses is refused with a
 * message naming the users; the foreign keys are the final guard. Areas that reference masters
 * (invoice lines, payments…) add their columns here.
 */
export const usedBy = {
  productTypes: [{ column: products.productTypeId, one: 'product', many: 'products' }],
  customerKinds: [{ column: customers.customerKindId, one: 'customer', many: 'customers' }],
  customerNationalities: [{ column: customers.customerNationalityId, one: 'customer', many: 'customers' }],
  customerCities: [{ column: customers.customerCityId, one: 'customer', many: 'customers' }],
  products: [],
  customers: [],
} satisfies Record<string, Reference[]>;

async function usageOf(db: Database, references: Reference[], id: string): Promise<string[]> {
  const counts = await Promise.all(
    references.map(async ({ column, one, many }) => {
      const [{ n }] = await db
        .select({ n: count() })
        .from(column.table as PgTable)
        .where(eq(column, id));
      return n === 0 ? undefined : `${n} ${n === 1 ? `${one} uses` : `${many} use`}`;
    }),
  );
  return counts.filter((text): text is string => !!text);
}

/** Deletes `id` from `table`, or answers 409 'Cannot delete: 3 customers use this city' (404 if absent). */
export async function deleteUnlessUsed(
  db: Database,
  table: PgTable & { id: PgColumn },
  id: string,
  references: Reference[],
  thing: string,
): Promise<void> {
  const refuse = (uses: string[]) =>
    conflict(uses.length ? `Cannot delete: ${uses.join(' and ')} this ${thing}` : `Cannot delete: other records use this ${thing}`);
  const uses = await usageOf(db, references, id);
  if (uses.length) throw refuse(uses);
  try {
    const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (!deleted.length) throw notFound();
  } catch (error) {
    // Something started using it since we counted, or a table not listed above uses it.
    if (pgErrorOf(error)?.code === '23503') throw refuse(await usageOf(db, references, id));
    throw error;
  }
}

/** A field that names another record by id: the record must exist. */
export interface RequiredRecord {
  field: string;
  table: PgTable & { id: PgColumn };
  id: string;
  message: string;
}

/** 400 naming every field whose referenced record does not exist. */
export async function assertRecordsExist(db: Database, records: RequiredRecord[]): Promise<void> {
  const missing = await Promise.all(
    records.map(async ({ table, id }) => (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 0),
  );
  const errors = Object.fromEntries(records.filter((_, i) => missing[i]).map(({ field, message }) => [field, message]));
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]], errors);
}

/**
 * Runs a write that stores references after checking they exist; if one vanished in between,
 * the foreign key refuses the write and the caller still gets the field's 400.
 */
export async function writeWithReferences<T>(db: Database, records: RequiredRecord[], write: () => Promise<T>): Promise<T> {
  await assertRecordsExist(db, records);
  try {
    return await write();
  } catch (error) {
    if (pgErrorOf(error)?.code === '23503') await assertRecordsExist(db, records);
    throw error;
  }
}
