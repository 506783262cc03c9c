import { count, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ADVISORY_LOCKS } from './advisory-locks';
import { sumOfFils } from './money-sql';
import type { Database } from './connect';
import { onlyRow, rowsOf } from './rows';
import { dashboardFigures } from './schema';

/** Past this many delta rows a read folds them, so reading every figure stays a small scan. */
const COMPACT_AT = 2_000;

/**
 * Every figure of dashboard_figures (see schema/figures.ts) as one JSON object { figure: amount }
 * (absent means 0), and how many delta rows hold them: columns for a select that reads other
 * things in the same statement. Pass the row count to foldWhenPiledUp afterwards.
 */
export const figureColumns = {
  figures: sql<Record<string, number> | null>`(select json_object_agg(f.figure, f.amount) from
    (select ${dashboardFigures.figure} as figure, sum(${dashboardFigures.amount}) as amount from ${dashboardFigures} group by ${dashboardFigures.figure}) f)`,
  figureRows: sql<number>`(select count(*) from ${dashboardFigures})::int`.mapWith(Number),
};

/** Folds the deltas when a read found them piled up (one instance at a time; the sums do not change). */
export async function foldWhenPiledUp(db: Database, rows: number): Promise<void> {
  if (rows > COMPACT_AT) await compactFigures(db);
}

/** Folds the deltas into one row per figure, unless another instance is doing it now. */
export async function compactFigures(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const { locked } = onlyRow(
      rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dashboardFigures}) as locked`),
      ),
    );
    if (!locked) return;
    await tx.execute(sql`select compact_dashboard_figures()`);
    await tx.execute(sql`select compact_list_blocks()`);
  });
}

/** Query keys that shape a page, not which rows are in the list. */
const PAGE_KEYS = new Set(['page', 'limit', 'sort', 'order']);

/** The keys of `query` that choose which rows are in the list, with their values. */
function filtersOf(query: object): [string, unknown][] {
  return Object.entries(query).filter(
    ([key, value]) =>
      !PAGE_KEYS.has(key) &&
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !(Array.isArray(value) && !value.length),
  );
}

/**
 * The figures whose sum is a list's total, when the figures count it: a list of `table` with no
 * filter, or filtered only by one key that `countedBy` names (its figure prefix; an array value
 * sums each value's figure). Anything else (a search, two filters, a date range) is undefined:
 * the list counts its rows.
 */
function figuresFor(query: object, table: string, countedBy: Record<string, string> = {}): string[] | undefined {
  const [first, ...more] = filtersOf(query);
  if (!first) return [table];
  const [key, value] = first;
  const prefix = countedBy[key];
  if (more.length || !prefix) return undefined;
  return [...new Set(Array.isArray(value) ? value : [value])].map((one) => `${table}.${prefix}:${String(one)}`);
}

/** How a list's total may be read from the figures rather than counted (see listTotal). */
export interface CountedByFigures {
  /** Filters that have a figure per value, by query key: the figure's prefix. */
  countedBy?: Record<string, string>;
  /** The rows a search that matches nearly every row leaves out (http/pagination.ts, leftOutBySearch). */
  leftOutBySearch?: SQL;
}

/**
 * The exact total of a list of `table`'s rows matching `where`: the sum of the table's figures
 * when they count that list (see figuresFor; a table's count figure has the table's name), the
 * table's count less the few rows a search leaves out when it is the only filter, else a count of
 * the rows.
 */
export async function listTotal(
  db: Database,
  table: PgTable,
  query: object,
  where: SQL | undefined,
  { countedBy = {}, leftOutBySearch }: CountedByFigures = {},
): Promise<number> {
  const name = getTableName(table);
  // A search that is the only filter and matches nearly every row: the table's count less the rows it leaves out.
  const leftOut = leftOutBySearch && filtersOf(query).every(([key]) => key === 'search') ? leftOutBySearch : undefined;
  // Without a condition (a search that matches every row, say) the list is the whole table.
  const figures = !where || leftOut ? [name] : figuresFor(query, name, countedBy);
  if (!figures) return onlyRow(await db.select({ n: count() }).from(table).where(where)).n;
  // The figures' names come from the list and its picked filter, a small set: written into the
  // statement, they leave it without parameters, so its plan is kept (kept-plans.ts). As a
  // parameter, PostgreSQL planned the sum for each list's names at every call (0.2-0.4 ms).
  const sum = sumOfFils(dashboardFigures.amount);
  return onlyRow(
    await db
      .select({
        amount: leftOut ? sql`${sum} - (select count(*) from ${table} where ${leftOut})`.mapWith(Number) : sum,
      })
      .from(dashboardFigures)
      .where(inArray(dashboardFigures.figure, figures).inlineParams()),
  ).amount;
}
