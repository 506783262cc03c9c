import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { readDriverTextTypes } from './pglite-parsers';

// Drizzle's PGlite driver reads dates, times, intervals and their arrays as PostgreSQL's text and
// maps them itself. The client reads them so on its own (pglite-parsers.ts): what Drizzle and any
// other caller get must not change.

const asText = (value: string) => value;
const DRIVER_OPTIONS: QueryOptions = {
  rowMode: 'array',
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      asText,
    ]),
  ),
};

const VALUES = `select timestamptz '2026-11-25 04:05:06.789+00' as at, timestamp '2026-11-25 04:05:06' as local,
  date '2026-02-28' as day, interval '1 day 02:00' as span, array[1.5, 2.25]::numeric[] as amounts,
  array[timestamptz '2026-01-01 00:00+00', null]::timestamptz[] as ats, array[date '2026-01-01']::date[] as days,
  array[interval '1 hour']::interval[] as spans, array[timestamp '2026-01-01 00:00']::timestamp[] as locals,
  42::int4 as n, 7::int8 as big, true as yes, '{"a":1}'::jsonb as doc`;

// Two clients for the file (each PGlite takes seconds to create): one as the driver finds it, one
// reading the text types itself.
let plain: PGlite;
let reading: PGlite;
async function client(readsTextItself: boolean) {
  const made = await PGlite.create();
  await made.exec(`set timezone = 'UTC'`);
  if (readsTextItself) readDriverTextTypes(made);
  return made;
}
beforeAll(async () => {
  [plain, reading] = await Promise.all([client(false), client(true)]);
});
afterAll(async () => {
  await Promise.all([plain.close(), reading.close()]);
});

describe('PGlite reading the driver text types itself', () => {
  it("answers the driver's queries, in and out of a transaction, exactly as a client given the parsers with each query", async () => {
    const expected = (await plain.query(VALUES, [], DRIVER_OPTIONS)).rows;
    expect(expected[0]).toEqual([
      '2026-11-25 04:05:06.789+00',
      '2026-11-25 04:05:06',
      '2026-02-28',
      '1 day 02:00:00',
      '{1.5,2.25}',
      '{"2026-01-01 00:00:00+00",NULL}',
      '{2026-01-01}',
      '{01:00:00}',
      '{"2026-01-01 00:00:00"}',
      42,
      7,
      true,
      { a: 1 },
    ]);
    expect((await reading.query(VALUES, [], DRIVER_OPTIONS)).rows).toEqual(expected);
    expect(await reading.transaction(async (tx) => (await tx.query(VALUES, [], DRIVER_OPTIONS)).rows)).toEqual(
      expected,
    );
  });

  it('gives Drizzle the same records, dates mapped by their columns', async () => {
    const table = pgTable('moments', {
      at: timestamp('at', { withTimezone: true }).notNull(),
      day: date('day').notNull(),
      span: interval('span').notNull(),
      amount: numeric('amount').notNull(),
    });
    const create = `create table moments (at timestamptz, day date, span interval, amount numeric);
      insert into moments values ('2026-11-25 04:05:06.789+00', '2026-02-28', '1 day', 12.345)`;
    const read = async (made: PGlite) => {
      await made.exec(create);
      const db = drizzle(made);
      return {
        rows: await db.select().from(table),
        inTransaction: await db.transaction((tx) => tx.select().from(table)),
        raw: (await db.execute(sql`select at, day, array[at] as ats from moments`)).rows,
      };
    };
    const itself = await read(reading);
    expect(itself.rows).toEqual([
      { at: new Date('2026-11-25T04:05:06.789Z'), day: '2026-02-28', span: '1 day', amount: '12.345' },
    ]);
    expect(itself).toEqual(await read(plain));
  });

  it('uses the parsers a query gives for other types, and its own for a query that gives none', async () => {
    const parsers = { [types.INT4]: (value: string) => `#${value}`, [types.TIMESTAMPTZ]: asText };
    expect((await reading.query(`select 1::int4 as n`, [], { parsers })).rows).toEqual([{ n: '#1' }]);
    expect((await reading.query(`select 1::int4 as n, true as yes`)).rows).toEqual([{ n: 1, yes: true }]);
  });
});
