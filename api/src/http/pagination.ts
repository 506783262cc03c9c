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
  not,
  or,
  sql,
  type Column,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  getTableName,
} from 'drizzle-orm';
import { setImmediate } from 'node:timers/promises';
import { PgDialect, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { namedByCode, planName } from '../db/driver/kept-plans';
import { blockHolding, type OrderBlocks } from '../db/list-blocks';
import { rowsOf } from '../db/rows';

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
 * How an export reads: in turns of about EXPORT_TURN_MS each, the batch size following what the
 * last turn took (between EXPORT_BATCH_MIN and EXPORT_BATCH_MAX rows, at most doubling per turn),
 * with the event loop let go between turns. A money write that arrives during an export then waits
 * one short turn at most; on PGlite, which runs in the API's own thread, one batch of 5,000 rows
 * held it for hundreds of milliseconds. An order without an index sorts the matching rows once per
 * batch, so such an export grows its batches back up to EXPORT_BATCH_MAX while each turn stays long.
 */
export const EXPORT_TURN_MS = 25;
export const EXPORT_BATCH_MIN = 200;
export const EXPORT_BATCH_MAX = 5 * MAX_PAGE_LIMIT;
const EXPORT_BATCH_FIRST = 500;

/** The next batch's size, from the last one's and how long it took. */
export function nextExportBatch(size: number, tookMs: number): number {
  const aimed = tookMs > 0 ? Math.round((size * EXPORT_TURN_MS) / tookMs) : size * 2;
  // A turn that cannot get shorter (a sort per batch) is better read in fewer, larger turns.
  const floor = tookMs > 4 * EXPORT_TURN_MS && size <= EXPORT_BATCH_MIN ? size * 2 : EXPORT_BATCH_MIN;
  return Math.min(EXPORT_BATCH_MAX, size * 2, Math.max(floor, aimed));
}

/**
 * Every row `read` gives, batch after batch at growing offsets, in paced turns. `fixedSize` keeps
 * every batch that size (a report read by pages).
 */
export async function* exportBatches<T>(
  read: (offset: number, limit: number) => Promise<T[]>,
  fixedSize?: number,
): AsyncGenerator<T> {
  let size = fixedSize ?? EXPORT_BATCH_FIRST;
  for (let offset = 0; ;) {
    const started = performance.now();
    const batch = await read(offset, size);
    yield* batch;
    if (batch.length < size) return;
    offset += size;
    if (!fixedSize) size = nextExportBatch(size, performance.now() - started);
    // Let what waits (a write's next statement, other requests) run before the next turn.
    await setImmediate();
  }
}

/**
 * The rows at `offset`: `searchTotal`, given for a search's page, is the search's total, which the
 * rows may wait for to choose how to read the page (pageRows).
 */
type RowsAt<T> = (offset: number, limit: number, searchTotal?: Promise<number>) => Promise<T[]>;

export function listing<T>(
  query: { page: number; limit: number; search?: string },
  count: () => Promise<number>,
  rows: RowsAt<T>,
): Listing<T> {
  return {
    page: () => pageOf(query, count, rows),
    // Batches in the list's order, which ends on the id, so no row is read twice or skipped.
    everyRow: () => exportBatches((offset, limit) => rows(offset, limit)),
  };
}

/**
 * One page of a list: the rows at the page's offset and the exact total, in the shape every list
 * answers. On PostgreSQL the two queries run side by side on separate connections, except that a
 * search's rows may wait for its total (pageRows).
 */
export async function pageOf<T>(
  query: { page: number; limit: number; search?: string },
  count: () => Promise<number>,
  rows: RowsAt<T>,
): Promise<ListResponse<T>> {
  const { page, limit } = query;
  const total = count();
  const [counted, data] = await Promise.all([total, rows((page - 1) * limit, limit, query.search ? total : undefined)]);
  return { data, pagination: paginationOf(page, limit, counted) };
}

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
 * page starts its walk at the block holding its first row (see db/list-blocks.ts), in the same
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

/**
 * How a list sorts: the SQL of each whitelisted `sort` name, its default order and the row's id.
 * A list order belongs to one list query: pages of that query in its default order are prepared
 * once for it (pageRows).
 */
export interface ListOrder<K extends string> {
  columns: Record<K, SQLWrapper>;
  /** The order without `sort`: these columns, in this direction. */
  byDefault: { sort: readonly K[]; order: SortDirection };
  /** Unique, the last key, so rows with equal values keep one order from page to page. */
  id: SQLWrapper;
  /** The blocks the default order is counted in, where the list has them (db/list-blocks.ts). */
  blocks?: OrderBlocks;
}

/** A list in its default order, and which way that runs. */
interface DefaultOrder {
  list: ListOrder<string>;
  descending: boolean;
}

/** A list's order as asked for: its ORDER BY, and whether that is the list's default order. */
export interface ListSort {
  by: SQL[];
  inDefaultOrder?: DefaultOrder;
}

/**
 * A list's order as asked for. `sort` (already checked against the whitelist by the contract) in
 * `order` (asc unless given), then the id the same way; without `sort`, the default columns, in
 * `order` if given, so ?order=asc alone reverses the default. Sorting by the default's first
 * column keeps its next ones (date, then number), so that header turns the default order around.
 */
export function sortOf<K extends string>(spec: ListOrder<K>, query: { sort?: K; order?: SortDirection }): ListSort {
  const descending = (query.order ?? (query.sort ? 'asc' : spec.byDefault.order)) === 'desc';
  const direction = descending ? desc : asc;
  const { sort: defaults } = spec.byDefault;
  const keys = !query.sort || query.sort === defaults[0] ? defaults : [query.sort];
  return {
    by: [...keys.map((key) => direction(spec.columns[key])), direction(spec.id)],
    inDefaultOrder: keys === defaults ? { list: spec, descending } : undefined,
  };
}

/** ORDER BY for a list query, as sortOf says. */
export function orderOf<K extends string>(spec: ListOrder<K>, query: { sort?: K; order?: SortDirection }): SQL[] {
  return sortOf(spec, query).by;
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

/**
 * A search target for a text the database keeps lowered (a stored `lower()` of it): the rows whose
 * lowered text holds the pattern lowered. On a multibyte encoding ILIKE lowers both sides and then
 * matches as LIKE, so these are the rows ILIKE finds in the text, without lowering every row checked.
 */
export const lowered =
  (loweredText: Column) =>
  (pattern: string): SQL =>
    sql`${loweredText} like lower(${pattern})`;

/** The search matches every row: it is no condition. */
const EVERY_ROW = Symbol('every row');

/**
 * Rows where one of `targets` contains the search term, or no condition without a term: a column
 * is matched with ILIKE, a function is given the pattern (the user's % _ \\ taken literally), an
 * issued number as issuedNumberHolding says.
 */
export function searchAcross(term: string | undefined, targets: SearchTarget[]): SQL | undefined {
  if (!term) return undefined;
  const piece = pieceOfPrefix(term, targets);
  const conditions = conditionsOf(piece ?? term, targets);
  if (conditions === EVERY_ROW) return undefined;
  const condition = conditions.length ? or(...conditions)! : sql`false`;
  return piece ? condition.inlineParams() : condition;
}

/**
 * A term that is a piece of the issued numbers' prefix ("INV", "inv-"), upper-cased, or undefined.
 * Such terms are few, so a search by one is written into its statements as a literal: they then
 * have no parameters and a connection keeps their plans (db/driver/kept-plans.ts), as for a picked
 * filter; planning them cost several times running them. Upper case is the same for ILIKE and
 * keeps one plan per piece. Other terms stay parameters: each would be a plan of its own.
 */
function pieceOfPrefix(term: string, targets: SearchTarget[]): string | undefined {
  const number = issuedNumberOf(targets);
  return number && inEveryIssuedNumber(number, term) ? term.toUpperCase() : undefined;
}

const issuedNumberOf = (targets: SearchTarget[]) =>
  targets.find((target): target is IssuedNumber => typeof target === 'object' && 'issuedNumber' in target);

/**
 * The rows searchAcross leaves out when the term is in every issued number ("INV") but some rows
 * have another number (an invoice's manual one): those of them whose other searched fields do not
 * hold it. They are few and read from the other numbers' index, so the list's exact total is the
 * table's count less them (db/figures.ts, listTotal) instead of a count of nearly every row.
 * Undefined for any other search.
 */
export function leftOutBySearch(term: string | undefined, targets: SearchTarget[]): SQL | undefined {
  const number = issuedNumberOf(targets);
  const piece = term && pieceOfPrefix(term, targets);
  if (!piece || !number?.issued) return undefined;
  const others = conditionsOf(
    piece,
    targets.filter((target) => target !== number),
  );
  if (others === EVERY_ROW) return sql`false`;
  // A field without a value (a null reference) makes its condition null, which the search leaves out too.
  return and(not(number.issued), others.length ? sql`(${or(...others)}) is not true` : undefined)!.inlineParams();
}

function conditionsOf(term: string, targets: SearchTarget[]): SQL[] | typeof EVERY_ROW {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [];
  for (const target of targets) {
    const condition =
      typeof target === 'function'
        ? target(pattern)
        : 'issuedNumber' in target
          ? issuedNumberHolding(target, term, pattern)
          : ilike(target, pattern);
    if (condition === EVERY_ROW) return EVERY_ROW;
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Terms of ASCII letters, digits and "-", not digits alone, are read by the issued numbers' form. */
const readByForm = (term: string) => /^[A-Za-z0-9-]+$/.test(term) && !/^\d+$/.test(term);

/** The term is a piece of the prefix, so every issued number holds it. */
const inEveryIssuedNumber = ({ prefix }: IssuedNumber, term: string) =>
  readByForm(term) && prefix.includes(term.toUpperCase());

/**
 * The rows whose issued number holds `term` anywhere (ILIKE), read without the trigram index where
 * the number's form allows: that index holds the prefix's trigrams for every row, and a term
 * with them read all of those. PAY-000042 holds a term only as a piece of the prefix (every number
 * does), as the prefix's end and digits ("PAY-0199", "Y-0199": the numbers starting PAY-0199, a
 * range of the number's C-ordered index, which also holds only for rows whose number holds the
 * term), or as digits (anywhere, through the trigram index); any other term, in no issued number.
 * A term with other characters than ASCII letters, digits and "-" is matched with ILIKE as it is.
 */
function issuedNumberHolding(number: IssuedNumber, term: string, pattern: string): SQL | typeof EVERY_ROW | undefined {
  const { issuedNumber: column, prefix, issued } = number;
  if (!readByForm(term)) return ilike(column, pattern);
  if (inEveryIssuedNumber(number, term)) return issued ?? EVERY_ROW;
  const upper = term.toUpperCase();
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
 * parameters, so its plan is kept (db/driver/kept-plans.ts), and each value still gets a plan of its
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
