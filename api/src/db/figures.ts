import { sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from './advisory-locks';
import { onPrimary } from './driver/lanes';
import type { Database } from './connect';
import { onlyRow, rowsOf } from './rows';
import { dashboardFigures } from './schema';

/** Past this many delta rows a read folds them, so reading every figure stays a small scan. */
const COMPACT_AT = 2_000;

/**
 * The dashboard's figures of dashboard_figures (see schema/figures.ts) as one JSON object
 * { figure: amount } (absent means 0), and how many delta rows hold every figure: columns for a
 * select that reads other things in the same statement. Pass the row count to foldWhenPiledUp
 * afterwards. The lists' figures ("customers.kind:<id>", one per lookup value and status) are
 * left out: the dashboard does not show them.
 */
export const figureColumns = {
  figures: sql<Record<string, number> | null>`(select json_object_agg(f.figure, f.amount) from
    (select ${dashboardFigures.figure} as figure, sum(${dashboardFigures.amount}) as amount from ${dashboardFigures}
      where ${dashboardFigures.figure} not like '%.%' group by ${dashboardFigures.figure}) f)`,
  figureRows: sql<number>`(select count(*) from ${dashboardFigures})::int`.mapWith(Number),
};

/** Folds the deltas when a read found them piled up (one instance at a time; the sums do not change). */
export async function foldWhenPiledUp(db: Database, rows: number): Promise<void> {
  if (rows > COMPACT_AT) await compactFigures(db);
}

/** Folds the deltas into one row per figure, unless another instance is doing it now. */
export async function compactFigures(db: Database): Promise<void> {
  // A read folds them: on the primary, even when the read itself is on the replica.
  await onPrimary(() =>
    db.transaction(async (tx) => {
      const { locked } = onlyRow(
        rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.dashboardFigures}) as locked`),
        ),
      );
      if (!locked) return;
      await tx.execute(sql`select compact_dashboard_figures()`);
      await tx.execute(sql`select compact_list_blocks()`);
    }),
  );
}
