import { count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/connect';
import {
  cheques,
  creditNoteLines,
  creditNotes,
  customers,
  invoiceLines,
  invoices,
  payments,
  products,
  scheduledInvoiceLines,
  scheduledInvoices,
} from '../db/schema';
import { badRequest, conflict, pgErrorOf } from '../http/errors';
import { onlyRow } from '../db/rows';

/** A column elsewhere that points at a record, and how people call the rows that hold it. */
export interface Reference {
  column: PgColumn;
  one: string;
  many: string;
  /** Count distinct values of this column instead of rows: lines are counted as the invoices holding them. */
  distinct?: PgColumn;
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
  banks: [{ column: cheques.bankId, one: 'cheque', many: 'cheques' }],
  products: [
    { column: invoiceLines.productId, distinct: invoiceLines.parentId, one: 'invoice', many: 'invoices' },
    {
      column: scheduledInvoiceLines.productId,
      distinct: scheduledInvoiceLines.parentId,
      one: 'scheduled invoice',
      many: 'scheduled invoices',
    },
    { column: creditNoteLines.productId, distinct: creditNoteLines.parentId, one: 'credit note', many: 'credit notes' },
  ],
  customers: [
    { column: invoices.customerId, one: 'invoice', many: 'invoices' },
    { column: scheduledInvoices.customerId, one: 'scheduled invoice', many: 'scheduled invoices' },
    { column: payments.customerId, one: 'payment', many: 'payments' },
    { column: cheques.customerId, one: 'cheque', many: 'cheques' },
    { column: creditNotes.customerId, one: 'credit note', many: 'credit notes' },
  ],
} satisfies Record<string, Reference[]>;

/**
 * '3 customers', '1 invoice': what still uses the record, one phrase per kind of user. The queries
 * run one after another, as everything here does: the caller's transaction is one connection.
 */
async function usageOf(db: Database, references: Reference[], id: string): Promise<{ n: number; text: string }[]> {
  const uses: { n: number; text: string }[] = [];
  for (const { column, one, many, distinct } of references) {
    const { n } = onlyRow(
      await db
        .select({ n: distinct ? countDistinct(distinct) : count() })
        .from(column.table as PgTable)
        .where(eq(column, id)),
    );
    if (n > 0) uses.push({ n, text: `${n} ${n === 1 ? one : many}` });
  }
  return uses;
}

/** 'Cannot delete: 3 customers use this city', 'Cannot delete: 2 invoices and 1 payment use this customer'. */
function refusal(uses: { n: number; text: string }[], thing: string) {
  const last = uses.at(-1);
  if (!last) return conflict(`Cannot delete: other records use this ${thing}`);
  const verb = uses.length === 1 && last.n === 1 ? 'uses' : 'use';
  const before = uses.slice(0, -1).map((u) => u.text);
  const list = before.length ? `${before.join(', ')} and ${last.text}` : last.text;
  return conflict(`Cannot delete: ${list} ${verb} this ${thing}`);
}

/**
 * Deletes `id` from `table` in the caller's transaction, or answers 409 'Cannot delete: 3 customers
 * use this city'. The caller has read the record under its row lock, so it is there.
 */
export async function deleteUnlessUsed(
  tx: Transaction,
  table: PgTable & { id: PgColumn },
  id: string,
  references: Reference[],
  thing: string,
): Promise<void> {
  const uses = await usageOf(tx, references, id);
  if (uses.length) throw refusal(uses, thing);
  try {
    // A savepoint, so that a refused delete leaves the transaction usable for counting the users.
    await tx.transaction((sp) => sp.delete(table).where(eq(table.id, id)));
  } catch (error) {
    // Something started using it since we counted, or a table not listed above uses it.
    if (pgErrorOf(error)?.code === '23503') throw refusal(await usageOf(tx, references, id), thing);
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

/** 400 naming every field whose referenced record does not exist; one query per table. */
export async function assertRecordsExist(db: Database, records: RequiredRecord[]): Promise<void> {
  const existing = new Map<RequiredRecord['table'], Set<string>>();
  for (const table of new Set(records.map((record) => record.table))) {
    const ids = [...new Set(records.filter((record) => record.table === table).map((record) => record.id))];
    // One after the other: `db` may be the caller's transaction, one connection.
    const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    existing.set(table, new Set(rows.map((row) => String(row.id))));
  }
  const errors: Record<string, string> = {};
  // The database writes uuids in lower case; an id may have been sent in upper case.
  for (const { field, table, id, message } of records) {
    if (!existing.get(table)!.has(id.toLowerCase())) errors[field] = message;
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw badRequest(first, errors);
}

/**
 * Runs a write that stores references, in the caller's transaction, after checking they exist;
 * if one vanished in between, the foreign key refuses the write and the caller still gets the
 * field's 400. The write runs in a savepoint so that the transaction stays usable for that check.
 */
export async function writeWithReferences<T>(
  tx: Transaction,
  records: RequiredRecord[],
  write: (sp: Transaction) => Promise<T>,
): Promise<T> {
  await assertRecordsExist(tx, records);
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (pgErrorOf(error)?.code === '23503') await assertRecordsExist(tx, records);
    throw error;
  }
}
