import { inArray, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Database } from './connect';
import { dashboardFigures } from './schema';

/** Past this many delta rows a read folds them, so reading every figure stays a small scan. */
const COMPACT_AT = 2_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every figure of dashboard_figures (see schema/figures.ts) by name; absent means 0. Folds the
 * deltas afterwards when they have piled up (one instance at a time; the sums do not change).
 */
export async function readFigures(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ figure: dashboardFigures.figure, amount: sql<number>`sum(${dashboardFigures.amount})::int8`.mapWith(Number), rows: sql<number>`count(*)::int`.mapWith(Number) })
    .from(dashboardFigures)
    .groupBy(dashboardFigures.figure);
  if (rows.reduce((sum, row) => sum + row.rows, 0) > COMPACT_AT) await compactFigures(db);
  return new Map(rows.map((row) => [row.figure, row.amount]));
}

/** Folds the deltas into one row per figure, unless another instance is doing it now. */
export async function compactFigures(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dashboardFigures}) as locked`));
    if (locked) await tx.execute(sql`select compact_dashboard_figures()`);
  });
}

/** Query keys that shape a page, not which rows are in the list. */
const PAGE_KEYS = new Set(['page', 'limit', 'sort', 'order']);

/**
 * The figures whose sum is a list's total, when the figures count it: a list of `table` with no
 * filter, or filtered only by one key that `countedBy` names (its figure prefix; an array value
 * sums each value's figure). Anything else (a search, two filters, a date range) is undefined:
 * the list counts its rows.
 */
export function figuresFor(query: object, table: string, countedBy: Record<string, string> = {}): string[] | undefined {
  const filters = Object.entries(query).filter(
    ([key, value]) => !PAGE_KEYS.has(key) && value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length),
  );
  if (!filters.length) return [table];
  const [[key, value], ...more] = filters;
  const prefix = countedBy[key];
  if (more.length || !prefix) return undefined;
  return [...new Set(Array.isArray(value) ? value : [value])].map((one) => `${table}.${prefix}:${String(one)}`);
}

/** A list's exact total: the sum of `figures` when given (see figuresFor), else `count()`. */
export async function totalOf(db: Database, figures: string[] | undefined, count: () => Promise<number>): Promise<number> {
  if (!figures) return count();
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${dashboardFigures.amount}), 0)::int8`.mapWith(Number) })
    .from(dashboardFigures)
    .where(inArray(dashboardFigures.figure, figures));
  return row.amount;
}
