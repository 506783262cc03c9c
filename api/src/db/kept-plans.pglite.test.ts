import { afterEach, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { createTestApp, expectFirstPagesKept, type TestApp } from '../test';
import { rowsOf } from './rows';

// PGlite's one connection keeps the plans of its selects without parameters (kept-plans.ts), as
// PostgreSQL's report connections do (http/report-lane.postgres.test.ts): planned once, answered
// from the rows of the moment.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('kept plans on PGlite', () => {
  it('keeps the plan of a first page, a picked status included, answers from the rows of the moment, and leaves searches and transactions alone', async () => {
    t = await createTestApp();
    const app = t;
    const kept = async () =>
      rowsOf<{ statement: string }>(await app.db.execute(sql`select statement from pg_prepared_statements`))
        .map((row) => row.statement)
        .filter((text) => text.includes('from "customers"'));
    await expectFirstPagesKept(t, kept);

    // A select in a transaction runs as written, whatever its text.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from "customers" where "status" = 'high'`);
    });
    expect(await kept()).toHaveLength(3);
  });

  it('answers a select that does not prepare with its own error, and keeps at most 200 plans', async () => {
    t = await createTestApp();
    const app = t;
    await expect(app.db.execute(sql.raw('select no_such_column from customers'))).rejects.toThrow(/no_such_column/);
    for (let i = 0; i < 210; i++) {
      const [row] = rowsOf<{ n: number }>(await app.db.execute(sql.raw(`select ${i} as n`)));
      expect(row?.n).toBe(i);
    }
    const { length } = rowsOf(await app.db.execute(sql`select name from pg_prepared_statements`));
    expect(length).toBe(200);
  });
});
