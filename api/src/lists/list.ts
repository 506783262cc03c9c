import { paginationOf, type ListResponse, type SortDirection } from '@admin/shared/contract';
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { onlyRow } from '../db/rows';
import { exportBatches } from './export-batches';
import { sortOf, type ListOrder } from './order';
import { pageRows } from './page-rows';
import { listTotal, type CountedByFigures } from './totals';

/**
 * One list as asked for (search, filters, sort): readable as a page, the rows at the page's offset
 * and the exact total, or as every matching row for an export (the CSV stream). Both read the same
 * two queries, so a CSV holds exactly the rows the list counts.
 */
export interface Listing<T> {
  page(): Promise<ListResponse<T>>;
  everyRow(): AsyncIterable<T>;
}

/** What every list's query holds: the page asked for, a search, and a sort where the list has one. */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
  order?: SortDirection;
}

/** The names a list's query may sort by (none for a list in one order). */
export type SortOf<Q> = Q extends { sort?: infer K } ? Extract<NonNullable<K>, string> : never;

/**
 * A list, declared once: its rows, what its query's search and filters keep, its sorts, where its
 * total comes from and the rows it answers. `read` gives one query's page and every row.
 */
export interface ListDeclaration<Q extends ListQuery, S extends PgSelect, T, K extends string> {
  /** The id of the list's table: the last key of every order, and what a page's rows are read by. */
  id: PgColumn;
  /** The rows' query with their joins, made `$dynamic()`: read for one page's rows at a time. */
  select(db: Database): S;
  /** The rows the query's search and filters keep; columns of `id`'s table only, unless every page reads the joins. */
  where(query: Q): SQL | undefined;
  /** Its sorts: every name the query may sort by, and the columns of its default order (K). */
  order: ListOrder<SortOf<Q> | K>;
  /**
   * The sorts whose pages are read with the joins, by OFFSET over the whole query (a sort by a
   * joined name). 'every page': a short list, where reading the page's ids first gains nothing,
   * or one whose filter reads a joined table. Otherwise a page's ids come first (page-rows.ts).
   */
  readWithJoins?: readonly SortOf<Q>[] | 'every page';
  /** The figures that may give the total instead of a count (totals.ts); without them, the rows are counted. */
  figures?: (query: Q) => CountedByFigures;
  /** A table the count joins for this query's filter (a customer's name searched). */
  countJoins?: (query: Q) => { table: PgTable; on: SQL } | undefined;
  /** The answer's rows, from the query's. */
  rows(found: Awaited<S>, db: Database): T[] | Promise<T[]>;
}

export interface List<Q extends ListQuery, T> {
  read(db: Database, query: Q): Listing<T>;
}

/** A list read the one way every list is: page and total side by side, every row in paced batches. */
export function defineList<Q extends ListQuery, S extends PgSelect, T, K extends string = never>(
  list: ListDeclaration<Q, S, T, K>,
): List<Q, T> {
  const table = list.id.table as PgTable;
  const total = async (db: Database, query: Q, where: SQL | undefined) => {
    if (list.figures) return listTotal(db, table, query, where, list.figures(query));
    const joined = list.countJoins?.(query);
    const counting = db.select({ n: count() }).from(table).$dynamic();
    return onlyRow(await (joined ? counting.innerJoin(joined.table, joined.on) : counting).where(where)).n;
  };
  return {
    read(db, query) {
      const where = list.where(query);
      const sort = sortOf(list.order, query as { sort?: SortOf<Q>; order?: SortDirection });
      const { readWithJoins = [] } = list;
      const orderNeedsJoins =
        readWithJoins === 'every page' || (query.sort !== undefined && readWithJoins.some((key) => key === query.sort));
      return listing(
        query,
        () => total(db, query, where),
        async (offset, limit, searchTotal) =>
          list.rows(
            await pageRows(db, list.select(db), {
              id: list.id,
              where,
              sort,
              offset,
              limit,
              searchTotal,
              orderNeedsJoins,
            }),
            db,
          ),
      );
    },
  };
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
async function pageOf<T>(
  query: { page: number; limit: number; search?: string },
  count: () => Promise<number>,
  rows: RowsAt<T>,
): Promise<ListResponse<T>> {
  const { page, limit } = query;
  const total = count();
  const [counted, data] = await Promise.all([total, rows((page - 1) * limit, limit, query.search ? total : undefined)]);
  return { data, pagination: paginationOf(page, limit, counted) };
}
