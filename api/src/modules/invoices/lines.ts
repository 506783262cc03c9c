import type { Line, LineInput } from '@admin/shared/contract';
import { lineTotal } from '@admin/shared/money';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers, products, type LineTable } from '../../db/schema';
import { badRequest, pgErrorOf } from '../../http/errors';

/**
 * Product lines, the same for invoices and schedules (two tables of one shape). Prices are the
 * ones sent with the lines: an invoice keeps the price it was made at when the product's changes.
 */

/** 400 naming the customer and each line whose record does not exist. */
export async function assertPartiesExist(db: Database, input: { customer: string; products: LineInput[] }): Promise<void> {
  const productIds = [...new Set(input.products.map((line) => line.product))];
  // One after the other: `db` may be the caller's transaction, one connection.
  const customer = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customer));
  const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
  const known = new Set(found.map((row) => row.id));
  const errors: Record<string, string> = {};
  if (!customer.length) errors.customer = 'Customer not found';
  input.products.forEach((line, i) => {
    if (!known.has(line.product)) errors[`products.${i}.product`] = 'Product not found';
  });
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]], errors);
}

/**
 * Runs a write that stores the customer and products after checking they exist; if one was
 * deleted in between, the foreign key refuses the write and the caller still gets the 400.
 */
export async function withParties<T>(db: Database, input: { customer: string; products: LineInput[] }, write: () => Promise<T>): Promise<T> {
  await assertPartiesExist(db, input);
  try {
    return await write();
  } catch (error) {
    if (pgErrorOf(error)?.code === '23503') await assertPartiesExist(db, input);
    throw error;
  }
}

/** Replaces the lines of `parentId` with `lines`, in the order given. */
export async function writeLines(tx: Database, table: LineTable, parentId: string, lines: LineInput[]): Promise<void> {
  await tx.delete(table).where(eq(table.parentId, parentId));
  await tx.insert(table).values(
    lines.map((line, position) => ({
      parentId,
      position,
      productId: line.product,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: lineTotal(line.quantity, line.unitPrice),
    })),
  );
}

/** Copies the lines of one parent onto another (a schedule's lines onto its generated invoice). */
export async function copyLines(tx: Database, from: LineTable, fromId: string, to: LineTable, toId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${to} (${sql.identifier(to.parentId.name)}, position, product_id, quantity, unit_price, line_total)
    select ${toId}, position, product_id, quantity, unit_price, line_total
    from ${from} where ${sql.identifier(from.parentId.name)} = ${fromId}`);
}

/** The lines of several parents, each in its order, with the product populated. */
export async function readLines(db: Database, table: LineTable, parentIds: string[]): Promise<Map<string, Line[]>> {
  const byParent = new Map<string, Line[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return byParent;
  const rows = await db
    .select({
      parentId: table.parentId,
      product: { _id: products.id, productName: products.productName },
      quantity: table.quantity,
      unitPrice: table.unitPrice,
      lineTotal: table.lineTotal,
    })
    .from(table)
    .innerJoin(products, eq(products.id, table.productId))
    .where(inArray(table.parentId, parentIds))
    .orderBy(asc(table.parentId), asc(table.position));
  for (const { parentId, ...line } of rows) byParent.get(parentId)!.push(line);
  return byParent;
}
