import { eq, sql } from 'drizzle-orm';
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

/** One figure, e.g. a list's total: 'invoices' or 'invoices.status:unpaid'. */
export async function readFigure(db: Database, figure: string): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${dashboardFigures.amount}), 0)::int8`.mapWith(Number) })
    .from(dashboardFigures)
    .where(eq(dashboardFigures.figure, figure));
  return row.amount;
}

/** Folds the deltas into one row per figure, unless another instance is doing it now. */
export async function compactFigures(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dashboardFigures}) as locked`));
    if (locked) await tx.execute(sql`select compact_dashboard_figures()`);
  });
}
