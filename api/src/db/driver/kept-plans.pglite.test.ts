import { afterEach, describe, expect, it } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import {
  createCustomer,
  createTestApp,
  customerLookups,
  expectFirstPagesKept,
  expectPrefixSearchesKept,
  type TestApp,
} from '../../test';
import { namedByCode } from './kept-plans';
import { rowsOf } from '../rows';
import { customers } from '../schema';

// PGlite's one connection keeps the plans of its selects without parameters (kept-plans.ts), as
// PostgreSQL's report connections do (http/report-lane.postgres.test.ts): planned once, answered
// from the rows of the moment. It keeps those of the statements the code prepares by name too,
// their values bound at each call.

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
    // Still the three first pages and the search page's rows by their ids: nothing kept of the transaction.
    expect(await kept()).toHaveLength(4);
  });

  it("keeps the plans of an invoice search by a piece of the numbers' prefix, once whatever its case, and not of a number", async () => {
    t = await createTestApp();
    const app = t;
    await expectPrefixSearchesKept(t, async () =>
      rowsOf<{ statement: string }>(await app.db.execute(sql`select statement from pg_prepared_statements`)).map(
        (row) => row.statement,
      ),
    );
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

  it('keeps the plans of the statements the code prepares by name, and answers them as with parameters, quotes, backslashes and NULs included', async () => {
    t = await createTestApp();
    const app = t;
    const lookups = await customerLookups(t);
    const names = [`O'Brien & Sons`, `Back\\slash "Trading"`, `''; select 1; --`];
    const created = [];
    for (const customerName of names) created.push(await createCustomer(t, lookups, { customerName }));
    const byName = namedByCode(
      app.db
        .select({ id: customers.id, customerName: customers.customerName })
        .from(customers)
        .where(
          and(
            eq(customers.customerName, sql.placeholder('name')),
            sql`${customers.id} = any(${sql.placeholder('ids')}::uuid[])`,
          ),
        )
        .prepare('customer_by_name'),
    );
    const ids = created.map((customer) => customer._id);
    for (const [i, customerName] of names.entries())
      expect(await byName.execute({ name: customerName, ids })).toEqual([{ id: ids[i], customerName }]);
    expect(await byName.execute({ name: 'Nobody', ids })).toEqual([]);
    // A value no text may hold is refused by the database, as on PostgreSQL.
    const refused = await byName.execute({ name: `O'Brien\0'); select 1; --`, ids }).catch((error: Error) => error);
    expect(String((refused as Error).cause)).toMatch(/invalid byte sequence .* 0x00/);

    // The API's own: the session read of every call, among others.
    expect((await t.request('GET', '/api/invoices?limit=10')).statusCode).toBe(200);
    const kept = rowsOf<{ statement: string }>(
      await app.db.execute(sql`select statement from pg_prepared_statements`),
    ).map((row) => row.statement);
    expect(kept.filter((text) => text.includes('"customer_name" = $1'))).toHaveLength(1);
    expect(kept.filter((text) => text.includes('from "sessions"'))).toHaveLength(1);
  });
});
