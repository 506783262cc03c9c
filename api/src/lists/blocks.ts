import { eq, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customers, invoices, listBlocks, payments } from '../db/schema';

/**
 * The blocks a list's default order is cut into (schema listBlocks, kept by migration
 * 0012_list_blocks's triggers): the order's first column, and the values a block (a text) starts
 * at and ends before. The list is the column's table.
 */
export interface OrderBlocks {
  column: PgColumn;
  start(block: SQL): SQL;
  end(block: SQL): SQL;
}

/** Blocks of one day of a date column ("2026-11-24"). */
function dayBlocks(column: PgColumn): OrderBlocks {
  return { column, start: (block) => sql`${block}::date`, end: (block) => sql`(${block}::date + 1)` };
}

/** Blocks of one hour of a timestamp column, in UTC ("2026-11-24 09"). */
function hourBlocks(column: PgColumn): OrderBlocks {
  const start = (block: SQL) => sql`((${block} || ':00:00')::timestamp at time zone 'UTC')`;
  return { column, start, end: (block) => sql`(${start(block)} + interval '1 hour')` };
}

/** Each list's blocks, as the triggers of migration 0012_list_blocks cut them. */
export const LIST_BLOCKS = {
  customers: hourBlocks(customers.createdAt),
  invoices: dayBlocks(invoices.dateOfCreation),
  payments: dayBlocks(payments.paymentDate),
};

/**
 * A query of one row (block, before): the block that holds the row at `offset` of the list in
 * its default order, descending or not, and how many rows come before that block. No row when
 * the list is shorter than that. The list is written into the statement, so its plan is that
 * list's own whatever the offset (page-rows.ts prepares it).
 */
export function blockHolding(blocks: OrderBlocks, offset: number | Placeholder, descending: boolean): SQL {
  const direction = sql.raw(descending ? 'desc' : 'asc');
  return sql`select block, before from (
      select block, n, sum(n) over (order by block ${direction}) - n as before
      from (select ${listBlocks.block} as block, sum(${listBlocks.rows}) as n from ${listBlocks}
        where ${eq(listBlocks.list, getTableName(blocks.column.table)).inlineParams()} group by ${listBlocks.block}) totals
    ) running
    where before + n > ${offset}
    order by block ${direction}
    limit 1`;
}
