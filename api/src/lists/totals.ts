import { and, count, eq, getTableName, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { sumOfFils } from '../db/money-sql';
import { onlyRow } from '../db/rows';
import { dashboardFigures, listBlocks } from '../db/schema';
import { LIST_BLOCKS, type OrderBlocks } from './blocks';

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

/** How a list's total may be read from the figures rather than counted (see listTotal). */
export interface CountedByFigures {
  /** Filters that have a figure per value, by query key: the figure's prefix. */
  countedBy?: Record<string, string>;
  /** Prefixes whose values are counted together too, in alphabetical order (figure "kind:<id>,status:<s>"). */
  pairs?: readonly (readonly [string, string])[];
  /** The rows a search that matches nearly every row leaves out (conditions.ts, leftOutBySearch). */
  leftOutBySearch?: SQL;
  /** The list's day blocks (blocks.ts), of the date its `from` and `to` bound: a range alone sums them. */
  days?: OrderBlocks;
}

/**
 * The filters of each list that the figures count, as the migrations keep them (0003_dashboard_figures,
 * 0013_customer_filter_figures): customers by status, kind, nationality or city, and a lookup with a
 * status; invoices by status; payments by type or mode. Invoices and payments by a range of days
 * alone are counted from the days of their list's blocks (0012_list_blocks).
 */
export const LIST_FIGURES = {
  customers: {
    countedBy: { status: 'status', customerKind: 'kind', customerNationality: 'nationality', customerCity: 'city' },
    pairs: [
      ['city', 'status'],
      ['kind', 'status'],
      ['nationality', 'status'],
    ],
  },
  invoices: { countedBy: { status: 'status' }, days: LIST_BLOCKS.invoices },
  payments: { countedBy: { paymentType: 'type', paymentMode: 'mode' }, days: LIST_BLOCKS.payments },
} as const satisfies Record<string, CountedByFigures>;

/**
 * The figures whose sum is a list's total, when the figures count it: a list of `table` with no
 * filter, filtered by one key that `countedBy` names, or by two whose prefixes are one of `pairs`
 * (an array value sums each value's figure). Anything else (a search, another pair, a date range)
 * is undefined: the list counts its rows.
 */
function figuresFor(
  query: object,
  table: string,
  { countedBy = {}, pairs = [] }: CountedByFigures,
): string[] | undefined {
  const filters = filtersOf(query).map(([key, value]) => ({
    prefix: countedBy[key],
    values: [...new Set(Array.isArray(value) ? value : [value])].map(String),
  }));
  if (!filters.length) return [table];
  if (filters.some(({ prefix }) => !prefix)) return undefined;
  filters.sort((a, b) => (a.prefix! < b.prefix! ? -1 : 1));
  const [first, second, ...more] = filters.map(({ prefix }) => prefix);
  if (more.length || (second && !pairs.some(([a, b]) => a === first && b === second))) return undefined;
  // One figure per combination of the values picked, e.g. "customers.kind:<id>,status:high".
  const combinations = filters.reduce<string[][]>(
    (done, { prefix, values }) => done.flatMap((parts) => values.map((value) => [...parts, `${prefix}:${value}`])),
    [[]],
  );
  return combinations.map((parts) => `${table}.${parts.join(',')}`);
}

/**
 * The exact total of a list of `table`'s rows matching `where`: the sum of the table's figures
 * when they count that list (see figuresFor; a table's count figure has the table's name), the
 * sum of its day blocks for a range of days alone, the table's count less the few rows a search
 * leaves out when it is the only filter, else a count of the rows.
 */
export async function listTotal(
  db: Database,
  table: PgTable,
  query: object,
  where: SQL | undefined,
  counted: CountedByFigures = {},
): Promise<number> {
  const name = getTableName(table);
  const keys = filtersOf(query).map(([key]) => key);
  if (counted.days && keys.length && keys.every((key) => key === 'from' || key === 'to')) {
    return daysTotal(db, counted.days, query as DayRange);
  }
  // A search that is the only filter and matches nearly every row: the table's count less the rows it leaves out.
  const leftOut = keys.every((key) => key === 'search') ? counted.leftOutBySearch : undefined;
  // Without a condition (a search that matches every row, say) the list is the whole table.
  const figures = !where || leftOut ? [name] : figuresFor(query, name, counted);
  if (!figures) return onlyRow(await db.select({ n: count() }).from(table).where(where)).n;
  // The figures' names come from the list and its picked filters, a small set: written into the
  // statement, they leave it without parameters, so its plan is kept (db/driver/kept-plans.ts). As a
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

type DayRange = { from?: string; to?: string };

/**
 * The rows of a list whose date is within `from` and `to` (both included, either may be open),
 * summed from the list's day blocks: a block is its day as text ("2026-11-24"), which sorts as
 * the days do. A month of 200,000 invoices was a count of some 8,000 index entries.
 */
async function daysTotal(db: Database, days: OrderBlocks, { from, to }: DayRange): Promise<number> {
  return onlyRow(
    await db
      .select({ n: sql`coalesce(sum(${listBlocks.rows}), 0)`.mapWith(Number) })
      .from(listBlocks)
      .where(
        and(
          eq(listBlocks.list, getTableName(days.column.table)).inlineParams(),
          from ? gte(listBlocks.block, from) : undefined,
          to ? lte(listBlocks.block, to) : undefined,
        ),
      ),
  ).n;
}
