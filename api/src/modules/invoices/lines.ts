import type { Line, LineInput } from '@admin/shared/contract';
import { lineAmounts } from '@admin/shared/contract';
import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { preparedPerDatabase } from '../../db/prepared';
import {
  creditNoteLines,
  customers,
  invoiceLines,
  products,
  scheduledInvoiceLines,
  type LineTable,
} from '../../db/schema';
import type { RequiredRecord } from '../references';
import { discountColumns, discountField } from './stored-discounts';

/**
 * Product lines, the same for invoices, schedules and credit notes (tables of one shape). Prices are the
 * ones sent with the lines: an invoice keeps the price it was made at when the product's changes. A
 * line's total is after its own discount, computed here and never taken from the request.
 */

/**
 * The customer and the product of each line must exist: what writeWithReferences checks before
 * a write that stores them, naming the field of each one that does not.
 */
export function partiesOf(input: { customer: string; products: LineInput[] }): RequiredRecord[] {
  return [
    { field: 'customer', table: customers, id: input.customer, message: 'Customer not found' },
    ...input.products.map((line, i) => ({
      field: `products.${i}.product`,
      table: products,
      id: line.product,
      message: 'Product not found',
    })),
  ];
}

/** Replaces the lines of `parentId` with `lines` (checked by the contract), in the order given. */
export async function writeLines(tx: Database, table: LineTable, parentId: string, lines: LineInput[]): Promise<void> {
  await tx.delete(table).where(eq(table.parentId, parentId));
  await tx.insert(table).values(
    lines.map((line, position) => ({
      parentId,
      position,
      productId: line.product,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      ...discountColumns(line.discount),
      lineTotal: lineAmounts(line)!.total,
    })),
  );
}

/** Copies the lines of one parent onto another (a schedule's lines onto its generated invoice). */
export async function copyLines(
  tx: Database,
  from: LineTable,
  fromId: string,
  to: LineTable,
  toId: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${to} (${sql.identifier(to.parentId.name)}, position, product_id, quantity, unit_price, discount_kind, discount_value, line_total)
    select ${toId}, position, product_id, quantity, unit_price, discount_kind, discount_value, line_total
    from ${from} where ${sql.identifier(from.parentId.name)} = ${fromId}`);
}

/**
 * The lines of some parents, with their products, as one statement per table prepared once per
 * database: every page of invoices reads them, and PostgreSQL took longer to plan this read than
 * to run it (0.7 ms against 0.1 ms for a page of ten).
 */
const linesOfParents = (table: LineTable) =>
  preparedPerDatabase((db) =>
    db
      .select({
        parentId: table.parentId,
        product: { _id: products.id, productName: products.productName },
        quantity: table.quantity,
        unitPrice: table.unitPrice,
        discountKind: table.discountKind,
        discountValue: table.discountValue,
        lineTotal: table.lineTotal,
      })
      .from(table)
      .innerJoin(products, eq(products.id, table.productId))
      .where(sql`${table.parentId} = any(${sql.placeholder('parentIds')}::uuid[])`)
      .orderBy(asc(table.parentId), asc(table.position))
      .prepare(`lines_of_${getTableName(table)}`),
  );
const LINE_READS = new Map(
  [invoiceLines, scheduledInvoiceLines, creditNoteLines].map((table) => [table, linesOfParents(table)]),
);

/** The lines of several parents, each in its order, with the product populated. */
export async function readLines(db: Database, table: LineTable, parentIds: string[]): Promise<Map<string, Line[]>> {
  const byParent = new Map<string, Line[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return byParent;
  const rows = await LINE_READS.get(table)!(db).execute({ parentIds });
  for (const { parentId, product, quantity, unitPrice, lineTotal, ...discount } of rows) {
    byParent.get(parentId)!.push({ product, quantity, unitPrice, ...discountField(discount), lineTotal });
  }
  return byParent;
}
