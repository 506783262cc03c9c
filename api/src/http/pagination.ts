import {
  MAX_PAGE_LIMIT,
  PAGE_SIZES,
  paginationOf,
  type ListResponse,
  type SortDirection,
} from '@admin/shared/contract';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type Column,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { planName } from '../db/kept-plans';
import { blockHolding, type OrderBlocks } from '../db/list-blocks';

/**
 * One list as asked for (search, filters, sort): readable as a page, the rows at the page's offset
 * and the exact total, or as every matching row for an export. Both read the same two queries, so
 * a CSV holds exactly the rows the list counts.
 */
export interface Listing<T> {
  page(): Promise<ListResponse<T>>;
  everyRow(): AsyncIterable<T>;
}

/**
 * Rows an export reads per query. Each batch is the list's query at an offset, so an order without
 * an index sorts the matching rows once per batch: fewer, larger batches cost less (50,000 invoices
 * sorted by customer, on a loaded machine: 15-22 s in batches of 1000, 4-5 s in batches of 5000 on
 * PGlite; 9-14 s and 6.5-7.5 s on PostgreSQL).
 */
export const EXPORT_BATCH = 5 * MAX_PAGE_LIMIT;

export function listing<T>(
  query: { page: number; limit: number },
  count: () => Promise<number>,
  rows: (offset: number, limit: number) => Promise<T[]>,
): Listing<T> {
  return {
    page: () => pageOf(query, count, rows),
    // Batches in the list's order, which ends on the id, so no row is read twice or skipped.
    async *everyRow() {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await rows(offset, EXPORT_BATCH);
        yield* batch;
        if (batch.length < EXPORT_BATCH) return;
      }
    },
  };
}

/**
 * One page of a list: the rows at the page's offset and the exact total, in the shape every list
 * answers. On PostgreSQL the two queries run side by side on separate connections.
 */
export async function pageOf<T>(
  query: { page: number; limit: number },
  count: () => Promise<number>,
  rows: (offset: number, limit: number) => Promise<T[]>,
): Promise<ListResponse<T>> {
  const { page, limit } = query;
  const [total, data] = await Promise.all([count(), rows((page - 1) * limit, limit)]);
  return { data, pagination: paginationOf(page, limit, total) };
}

/**
 * The rows of one page of a list. `select` is the list's query with its joins, made `$dynamic()`.
 * Unless the order needs those joins (a sort by a joined name), the page's ids are read first from
 * the list's table alone, in the list's order, so a deep OFFSET walks an index (the order's, ending
 * on the id) instead of building every skipped row with its joins and subqueries; the rows of those
 * ids only are then read, in the same order. `where` may use only `id`'s table.
 *
 * A deep page of a list in its default order, without a condition, starts that walk at the block
 * holding its first row (`blocks`, see db/list-blocks.ts), in the same statement, so the blocks and
 * the rows are read from one snapshot.
 */
export async function pageRows<T extends PgSelect>(
  db: Database,
  select: T,
  page: {
    id: PgColumn;
    where: SQL | undefined;
    order: SQL[];
    offset: number;
    limit: number;
    orderNeedsJoins?: boolean;
    blocks?: BlockWalk;
  },
): Promise<Awaited<T>> {
  const { id, where, order, offset, limit, blocks } = page;
  if (page.orderNeedsJoins)
    return await select
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  if (blocks && !where && offset >= WALK_BLOCKS_FROM) return pageFromBlock(select, page, blocks);
  const ordered = db
    .select({ id })
    .from(id.table as PgTable)
    .where(where)
    .orderBy(...order);
  // A list's first page, the one staff open most, has its size written in the statement: without
  // a filter the statement then has no parameters, and each connection plans it once
  // (db/kept-plans.ts). With a parameter for LIMIT, PostgreSQL plans it at every execution.
  const pageIds =
    offset === 0 && Number.isSafeInteger(limit)
      ? sql`(${ordered} limit ${sql.raw(String(limit))})`
      : ordered.limit(limit).offset(offset);
  return await select.where(inArray(id, pageIds)).orderBy(...order);
}

/**
 * From this offset on a page starts at its block: before it, walking the rows costs less than
 * summing the blocks (about 0.1 ms a thousand rows against 0.2-0.5 ms for a year of days).
 */
const WALK_BLOCKS_FROM = 2_000;

/** A list's default order as blocks, and which way it runs. */
export interface BlockWalk {
  blocks: OrderBlocks;
  descending: boolean;
}

/**
 * A page read from the start of the block holding its first row. Its size is written in the
 * statement and its offset is seen by the plan only through the block (an InitPlan), so one plan
 * serves every page: at the screens' page sizes the statement is prepared under a name, and
 * PostgreSQL keeps its plan per connection (planning it cost 1.3-1.8 ms, running it 0.3).
 */
async function pageFromBlock<T extends PgSelect>(
  select: T,
  { id, order, offset, limit }: { id: PgColumn; order: SQL[]; offset: number; limit: number },
  { blocks, descending }: BlockWalk,
): Promise<Awaited<T>> {
  const rowsFrom = (offsetValue: number | Placeholder) => {
    const anchor = blockHolding(blocks, offsetValue, descending);
    const block = sql`anchor.block`;
    const fromBlock = descending
      ? sql`${blocks.column} < (select ${blocks.end(block)} from anchor)`
      : sql`${blocks.column} >= (select ${blocks.start(block)} from anchor)`;
    const pageIds = sql`(with anchor as (${anchor})
      select ${id} from ${id.table} where ${fromBlock} order by ${sql.join(order, sql`, `)}
      limit ${sql.raw(String(limit))} offset (select (${offsetValue} - anchor.before)::bigint from anchor))`;
    return select.where(inArray(id, pageIds)).orderBy(...order);
  };
  if (!(PAGE_SIZES as readonly number[]).includes(limit)) return await rowsFrom(offset);
  const query = rowsFrom(sql.placeholder('offset'));
  return (await query.prepare(planName(query.toSQL().sql)).execute({ offset })) as Awaited<T>;
}

/** How a list sorts: the SQL of each whitelisted `sort` name, its default order and the row's id. */
export interface ListOrder<K extends string> {
  columns: Record<K, SQLWrapper>;
  /** The order without `sort`: these columns, in this direction. */
  byDefault: { sort: readonly K[]; order: SortDirection };
  /** Unique, the last key, so rows with equal values keep one order from page to page. */
  id: SQLWrapper;
  /** The blocks the default order is counted in, where the list has them (db/list-blocks.ts). */
  blocks?: OrderBlocks;
}

/**
 * ORDER BY for a list query. `sort` (already checked against the whitelist by the contract) in
 * `order` (asc unless given), then the id the same way; without `sort`, the default columns, in
 * `order` if given, so ?order=asc alone reverses the default. Sorting by the default's first
 * column keeps its next ones (date, then number), so that header turns the default order around.
 */
export function orderOf<K extends string>(spec: ListOrder<K>, query: { sort?: K; order?: SortDirection }): SQL[] {
  const direction = descending(spec, query) ? desc : asc;
  return [...orderKeys(spec, query).map((key) => direction(spec.columns[key])), direction(spec.id)];
}

function orderKeys<K extends string>(spec: ListOrder<K>, query: { sort?: K }): readonly K[] {
  const { sort: defaults } = spec.byDefault;
  return !query.sort || query.sort === defaults[0] ? defaults : [query.sort];
}

function descending<K extends string>(spec: ListOrder<K>, query: { sort?: K; order?: SortDirection }): boolean {
  return (query.order ?? (query.sort ? 'asc' : spec.byDefault.order)) === 'desc';
}

/** The blocks a page of this order can start at: the list's own, when it is in its default order. */
export function blockWalkOf<K extends string>(
  spec: ListOrder<K>,
  query: { sort?: K; order?: SortDirection },
): BlockWalk | undefined {
  if (!spec.blocks || orderKeys(spec, query) !== spec.byDefault.sort) return undefined;
  return { blocks: spec.blocks, descending: descending(spec, query) };
}

/**
 * A number the API gives out, searched as text. Where `issued` holds (on every row without it) the
 * column is `prefix` and digits (PAY-000042), as a CHECK keeps it; on the other rows it equals
 * another column the search reads (an invoice's manual number), which finds them.
 */
export interface IssuedNumber {
  issuedNumber: Column;
  prefix: string;
  issued?: SQL;
}

type SearchTarget = Column | ((pattern: string) => SQL) | IssuedNumber;

/** The search matches every row: it is no condition. */
const EVERY_ROW = Symbol('every row');

/**
 * Rows where one of `targets` contains the search term, or no condition without a term: a column
 * is matched with ILIKE, a function is given the pattern (the user's % _ \\ taken literally), an
 * issued number as issuedNumberHolding says.
 */
export function searchAcross(term: string | undefined, targets: SearchTarget[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [];
  for (const target of targets) {
    const condition =
      typeof target === 'function'
        ? target(pattern)
        : 'issuedNumber' in target
          ? issuedNumberHolding(target, term, pattern)
          : ilike(target, pattern);
    if (condition === EVERY_ROW) return undefined;
    if (condition) conditions.push(condition);
  }
  return conditions.length ? or(...conditions) : sql`false`;
}

/**
 * The rows whose issued number holds `term` anywhere (ILIKE), read without the trigram index where
 * the number's form allows: that index holds the prefix's trigrams for every row, and a term
 * with them read all of those. PAY-000042 holds a term only as a piece of the prefix (every number
 * does), as the prefix's end and digits ("PAY-0199", "Y-0199": the numbers starting PAY-0199, a
 * range of the number's C-ordered index, which also holds only for rows whose number holds the
 * term), or as digits (anywhere, through the trigram index); any other term, in no issued number.
 * A term with other characters than ASCII letters, digits and "-" is matched with ILIKE as it is.
 */
function issuedNumberHolding(
  { issuedNumber: column, prefix, issued }: IssuedNumber,
  term: string,
  pattern: string,
): SQL | typeof EVERY_ROW | undefined {
  if (!/^[A-Za-z0-9-]+$/.test(term) || /^\d+$/.test(term)) return ilike(column, pattern);
  const upper = term.toUpperCase();
  if (prefix.includes(upper)) return issued ?? EVERY_ROW;
  for (let end = Math.min(prefix.length, upper.length); end > 0; end--) {
    const digits = upper.slice(end);
    if (prefix.endsWith(upper.slice(0, end)) && /^\d+$/.test(digits))
      return sql`(${column} collate "C") like ${`${prefix}${digits}%`}`;
  }
  return undefined;
}

/**
 * Rows whose `column` is the value picked (or one of the values), or no condition without one. The
 * values come from a small set the contract has checked (a status, a payment type, a lookup's id)
 * and are written into the statement as literals: a list filtered on them alone then has no
 * parameters, so its plan is kept (db/kept-plans.ts), and each value still gets a plan of its
 * own, as PostgreSQL estimates 'paid' and 'draft' differently.
 */
export function picked(column: Column, value: string | readonly string[] | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  return (typeof value === 'string' ? eq(column, value) : inArray(column, [...value])).inlineParams();
}

/** The `from`/`to` days of a list's query (both included) on its date column. */
export function withinDays(column: SQLWrapper, query: { from?: string; to?: string }): SQL | undefined {
  return and(query.from ? gte(column, query.from) : undefined, query.to ? lte(column, query.to) : undefined);
}
