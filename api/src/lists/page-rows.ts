import { PAGE_SIZES } from '@admin/shared/contract';
import { getTableName, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { namedByCode, planName } from '../db/driver/kept-plans';
import { rowsOf } from '../db/rows';
import { blockHolding, type OrderBlocks } from './blocks';
import type { ListOrder, ListSort, DefaultOrder } from './order';

/**
 * The rows of one page of a list. `select` is the list's query with its joins, made `$dynamic()`.
 * Unless the order needs those joins (a sort by a joined name), the page's ids are read first from
 * the list's table alone, in the list's order, so a deep OFFSET walks an index (the order's, ending
 * on the id) instead of building every skipped row with its joins and subqueries; the rows of those
 * ids only are then read, in the same order. `where` may use only `id`'s table.
 *
 * In the list's default order without a condition, at the screens' page sizes, the first page and
 * the deep pages are statements prepared once per database, list, direction and page size: the
 * pages staff open most are then neither written out again nor planned again at each call. A deep
 * page starts its walk at the block holding its first row (see blocks.ts), in the same
 * statement, so the blocks and the rows are read from one snapshot.
 */
export async function pageRows<T extends PgSelect>(
  db: Database,
  select: T,
  page: {
    id: PgColumn;
    where: SQL | undefined;
    sort: ListSort;
    offset: number;
    limit: number;
    orderNeedsJoins?: boolean;
    /** A search's total, as the list's `rows` are given it. */
    searchTotal?: Promise<number>;
  },
): Promise<Awaited<T>> {
  const { id, where, sort, offset, limit } = page;
  if (page.orderNeedsJoins)
    return await select
      .where(where)
      .orderBy(...sort.by)
      .limit(limit)
      .offset(offset);
  const inDefaultOrder = where ? undefined : sort.inDefaultOrder;
  if (inDefaultOrder) {
    const { blocks } = inDefaultOrder.list;
    const atScreenSize = (PAGE_SIZES as readonly number[]).includes(limit);
    if (offset === 0 && atScreenSize)
      return (await preparedPage(db, inDefaultOrder, `first ${limit}`, () =>
        firstPage(db, select, { id, where, order: sort.by, limit }),
      ).execute()) as Awaited<T>;
    if (blocks && offset >= WALK_BLOCKS_FROM) {
      const walk = { id, order: sort.by, blocks, descending: inDefaultOrder.descending, limit };
      if (!atScreenSize) return await pageFromBlock(select, { ...walk, offset });
      return (await preparedPage(db, inDefaultOrder, `from its block ${limit}`, () =>
        pageFromBlock(select, { ...walk, offset: sql.placeholder('offset') }),
      ).execute({ offset })) as Awaited<T>;
    }
  }
  // A condition with parameters (a search's pattern, a range of days, a customer) makes the
  // statement planned at each call: the page's ids are read alone, then their rows by a statement
  // prepared once per list and direction, whose joins are not planned again (a search's page:
  // 0.9 ms of planning as one statement, 0.3 for its ids).
  if (where && sort.inDefaultOrder && hasParameters(where)) {
    const ids =
      page.searchTotal === undefined
        ? (await idsInOrder(db, id, where, sort.by).limit(limit).offset(offset)).map((row) => row.id)
        : await idsOfSearch(db, { id, where, order: sort.by, offset, limit }, await page.searchTotal);
    if (!ids.length) return [] as unknown as Awaited<T>;
    return (await preparedPage(db, sort.inDefaultOrder, 'by ids', () =>
      select.where(sql`${id} = any(${sql.placeholder('ids')})`).orderBy(...sort.by),
    ).execute({ ids })) as Awaited<T>;
  }
  if (offset === 0) return await firstPage(db, select, { id, where, order: sort.by, limit });
  const pageIds = idsInOrder(db, id, where, sort.by).limit(limit).offset(offset);
  return await select.where(inArray(id, pageIds)).orderBy(...sort.by);
}

const dialect = new PgDialect();

/** Whether a condition has parameters, which make PostgreSQL plan its statement at each call. */
const hasParameters = (where: SQL) => dialect.sqlToQuery(where).params.length > 0;

const idsInOrder = (db: Database, id: PgColumn, where: SQL | undefined, order: SQL[]) =>
  db
    .select({ id })
    .from(id.table as PgTable)
    .where(where)
    .orderBy(...order);

/**
 * Up to this many matches, a search's page reads them all by the search's own indexes and sorts
 * them (idsOfMatchesSorted), rather than walking the list's order for the page's rows.
 */
const FEW_MATCHES = 1_000;

/**
 * How many rows of the list's order, past the page's end, a search's page walks before it reads
 * every match and sorts them instead (about 0.5 ms on PostgreSQL).
 */
const WALK_BEFORE_SORTING = 2_000;

interface PageOfIds {
  id: PgColumn;
  where: SQL;
  order: SQL[];
  offset: number;
  limit: number;
}

/**
 * The ids of a page of a search that matches `total` rows. Walking the list's order stops at the
 * page's last match, which is quick where the matches are spread along the order, but walks far
 * where they sit together down it: numbers are given out in date order, so a number's matches
 * do (the 100 payments of "PAY-0199" of 200,000: 38,288 payments walked, 17 ms, where reading the
 * 100 and sorting them took 0.5), and so do old customers' names ("Customer 1" at 100,000
 * customers: 80,002 walked, 28 ms, against 5 ms to read its 10,000 matches and sort them). A few
 * matches are read and sorted at once; more are walked for at most WALK_BEFORE_SORTING rows past
 * the page's end, and read and sorted if that did not find the page.
 */
async function idsOfSearch(db: Database, page: PageOfIds, total: number): Promise<unknown[]> {
  if (total <= FEW_MATCHES) return await idsOfMatchesSorted(db, page);
  const walked = await idsWalkingBriefly(db, page);
  const complete = walked.length === page.limit || page.offset + walked.length >= total;
  return complete ? walked : await idsOfMatchesSorted(db, page);
}

/**
 * The page's ids, in the list's order, among `rows` (a select of the id's table) that pass
 * `condition`. The rows take the table's name, so the list's order and id, written for the table,
 * read their columns.
 */
async function pageIdsAmong(
  db: Database,
  rows: SQL,
  { id, order, offset, limit }: PageOfIds,
  condition?: SQL,
): Promise<unknown[]> {
  const asTheTable = sql`(${rows}) as ${sql.identifier(getTableName(id.table as PgTable))}`;
  const page = await db.execute(
    sql`select ${id} as id from ${asTheTable} ${condition ? sql`where ${condition}` : sql``}
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  );
  return rowsOf<{ id: unknown }>(page).map((row) => row.id);
}

/**
 * The page's ids among the first rows of the list's order, up to WALK_BEFORE_SORTING past the
 * page's end: all of them when those rows hold the page, fewer otherwise.
 */
function idsWalkingBriefly(db: Database, page: PageOfIds): Promise<unknown[]> {
  const { id, where, order, offset, limit } = page;
  const first = sql`select *, (${where}) as matches_search from ${id.table}
    order by ${sql.join(order, sql`, `)} limit ${offset + limit + WALK_BEFORE_SORTING}`;
  return pageIdsAmong(db, first, page, sql`matches_search`);
}

/**
 * The page's ids among every match, read through the search's indexes (the subquery, kept apart by
 * OFFSET 0, cannot walk the list's order) and sorted.
 */
function idsOfMatchesSorted(db: Database, page: PageOfIds): Promise<unknown[]> {
  return pageIdsAmong(db, sql`select * from ${page.id.table} where ${page.where} offset 0`, page);
}

/**
 * A list's first page, the one staff open most, with its size written in the statement: without a
 * filter the statement then has no parameters, and each connection plans it once
 * (db/driver/kept-plans.ts). With a parameter for LIMIT, PostgreSQL plans it at every execution.
 */
function firstPage<T extends PgSelect>(
  db: Database,
  select: T,
  { id, where, order, limit }: { id: PgColumn; where: SQL | undefined; order: SQL[]; limit: number },
) {
  return select
    .where(inArray(id, sql`(${idsInOrder(db, id, where, order)} limit ${sql.raw(String(limit))})`))
    .orderBy(...order);
}

/**
 * From this offset on a page starts at its block: before it, walking the rows costs less than
 * summing the blocks (about 0.1 ms a thousand rows against 0.2-0.5 ms for a year of days).
 */
const WALK_BLOCKS_FROM = 2_000;

/**
 * A page read from the start of the block holding its first row. Its size is written in the
 * statement and its offset is seen by the plan only through the block (an InitPlan), so one plan
 * serves every page (planning it cost 1.3-1.8 ms, running it 0.3).
 */
function pageFromBlock<T extends PgSelect>(
  select: T,
  {
    id,
    order,
    blocks,
    descending,
    offset,
    limit,
  }: {
    id: PgColumn;
    order: SQL[];
    blocks: OrderBlocks;
    descending: boolean;
    offset: number | Placeholder;
    limit: number;
  },
) {
  const anchor = blockHolding(blocks, offset, descending);
  const block = sql`anchor.block`;
  const fromBlock = descending
    ? sql`${blocks.column} < (select ${blocks.end(block)} from anchor)`
    : sql`${blocks.column} >= (select ${blocks.start(block)} from anchor)`;
  const pageIds = sql`(with anchor as (${anchor})
    select ${id} from ${id.table} where ${fromBlock} order by ${sql.join(order, sql`, `)}
    limit ${sql.raw(String(limit))} offset (select (${offset} - anchor.before)::bigint from anchor))`;
  return select.where(inArray(id, pageIds)).orderBy(...order);
}

/** A statement of a page, prepared: its offset or ids, where it has them, are given at each execute. */
interface PreparedPage {
  execute(values?: { offset: number } | { ids: unknown[] }): Promise<unknown>;
}

/**
 * The page statements of lists in their default order, per database and list: at most two (the
 * first page, a deep page) per direction and screen page size, and the rows by their ids per
 * direction, each named after its text so that PostgreSQL keeps its plan per connection.
 */
const preparedPages = new WeakMap<Database, Map<ListOrder<string>, Map<string, PreparedPage>>>();

function preparedPage(
  db: Database,
  { list, descending }: DefaultOrder,
  kind: `first ${number}` | `from its block ${number}` | 'by ids',
  build: () => PgSelect,
): PreparedPage {
  let lists = preparedPages.get(db);
  if (!lists) preparedPages.set(db, (lists = new Map()));
  let statements = lists.get(list);
  if (!statements) lists.set(list, (statements = new Map()));
  const key = `${kind} ${descending ? 'desc' : 'asc'}`;
  let statement = statements.get(key);
  if (!statement) {
    const query = build();
    statements.set(key, (statement = namedByCode(query.prepare(planName(query.toSQL().sql, 'page')))));
  }
  return statement;
}
