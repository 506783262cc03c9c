import { beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { fill } from '../bench/fill';
import { compactFigures } from '../db/figures';
import { rowsOf } from '../db/rows';
import { createCustomer, customerLookups, setUpApp } from '../test';

// A deep page of a list in its default order starts at the block of the order holding its first
// row (blocks.ts): customers by hour of creation, invoices and payments by day. Whatever
// the page, direction and writes since, it must hold exactly the rows an OFFSET over the whole
// order finds.

const t = setUpApp();
const ROWS = 2_600;

/** Each list, and its default order in SQL (the rows a page must hold, from an OFFSET). */
const LISTS = [
  { path: '/api/customers', order: 'created_at desc, id desc', table: 'customers' },
  { path: '/api/customer-balances', order: 'created_at desc, id desc', table: 'customers' },
  { path: '/api/invoices', order: 'date_of_creation desc, invoice_number desc, id desc', table: 'invoices' },
  { path: '/api/payments', order: 'payment_date desc, payment_number desc, id desc', table: 'payments' },
] as const;

// At the screens' page sizes (10, 25, 50, 100) the first and the deep pages are prepared statements,
// kept per list, direction and size; the other sizes are written out at each call.
const PAGES = [
  { page: 1, limit: 25 }, // the first page
  { page: 1, limit: 9 },
  { page: 21, limit: 100 }, // the first page that starts at a block
  { page: 300, limit: 7 },
  { page: 111, limit: 23 },
  { page: 26, limit: 100 }, // the last
  { page: 3, limit: 1_000 }, // ends past the last row
  { page: 27, limit: 100 }, // past the end: no rows
];

async function idsInOrder(table: string, order: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await t.db.execute(sql.raw(`select id from ${table} order by ${order}`)));
  return rows.map((row) => row.id);
}

async function pageIds(path: string, query: string): Promise<string[]> {
  const response = await t.request('GET', `${path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { _id: string }[] }).data.map((row) => row._id);
}

/** Every page of PAGES, both ways, equals the same slice of the order read whole. */
async function expectPagesAsOffsets() {
  for (const list of LISTS) {
    const newestFirst = await idsInOrder(list.table, list.order);
    const oldestFirst = [...newestFirst].reverse();
    for (const { page, limit } of PAGES) {
      const slice = (ids: string[]) => ids.slice((page - 1) * limit, page * limit);
      expect(await pageIds(list.path, `page=${page}&limit=${limit}`), `${list.path} page ${page}`).toEqual(
        slice(newestFirst),
      );
      expect(await pageIds(list.path, `page=${page}&limit=${limit}&order=asc`), `${list.path} asc`).toEqual(
        slice(oldestFirst),
      );
    }
  }
}

/**
 * The total of invoices and payments filtered by a range of days alone, summed from their day
 * blocks (totals.ts), equals the rows counted in that range: open either side, one day, the
 * wrong way round, past the last day.
 */
async function expectRangeTotalsAsCounts() {
  for (const { path, table, day } of [
    { path: '/api/invoices', table: 'invoices', day: 'date_of_creation' },
    { path: '/api/payments', table: 'payments', day: 'payment_date' },
  ]) {
    const [edges] = rowsOf<{ first: string; middle: string; last: string }>(
      await t.db
        .execute(sql`select min(${sql.identifier(day)})::text as first, max(${sql.identifier(day)})::text as last,
        (min(${sql.identifier(day)}) + (max(${sql.identifier(day)}) - min(${sql.identifier(day)})) / 2)::text as middle
        from ${sql.identifier(table)}`),
    );
    const { first, middle, last } = edges!;
    for (const range of [
      { from: middle },
      { to: middle },
      { from: first, to: middle },
      { from: middle, to: middle },
      { from: last, to: first },
      { from: '2099-01-01' },
    ] as { from?: string; to?: string }[]) {
      const query = new URLSearchParams({ ...range, limit: '5' });
      const response = await t.request('GET', `${path}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const [counted] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(day)} >= coalesce(${range.from ?? null}::date, '-infinity')
            and ${sql.identifier(day)} <= coalesce(${range.to ?? null}::date, 'infinity')`),
      );
      expect({ path, ...range, total: response.json().pagination.total }).toEqual({
        path,
        ...range,
        total: counted!.n,
      });
    }
  }
}

beforeAll(async () => {
  await fill(t.db, { customers: ROWS, invoices: ROWS, payments: ROWS });
  // Customers over some hundred hours, in runs of equal times (the id orders those), and out of
  // creation order: blocks change through updates too.
  await t.db.execute(sql`update customers set created_at = timestamptz '2025-03-01 00:00:00+00'
    + ((extract(epoch from created_at)::bigint * 7919) % 360) * interval '17 minutes'`);
}, 120_000);

describe('deep pages from the blocks of the order', () => {
  it('hold the rows an OFFSET finds, in both directions, up to and past the end', async () => {
    const blocks = rowsOf<{ list: string; blocks: number }>(
      await t.db.execute(sql`select list, count(distinct block)::int as blocks from list_blocks group by list`),
    );
    // Several blocks of each list, so pages start inside them and run across their edges.
    for (const list of ['customers', 'invoices', 'payments'])
      expect(blocks.find((row) => row.list === list)?.blocks).toBeGreaterThan(50);
    await expectPagesAsOffsets();
  });

  it('still do after rows are added, moved to another day or hour, and removed, and after folding; so do the totals of a range of days', async () => {
    await createCustomer(t, await customerLookups(t, ' of today'), { customerName: 'Newest Customer' });
    await t.db.execute(
      sql`update invoices set date_of_creation = date_of_creation - 40 where invoice_number like '%3'`,
    );
    await t.db.execute(sql`update payments set payment_date = date '2024-02-29' where payment_number like '%7'`);
    await t.db.execute(
      sql`update customers set created_at = created_at + interval '5 days' where customer_name like '%1'`,
    );
    await t.db.execute(
      sql`delete from invoice_lines where invoice_id in (select id from invoices where status = 'draft')`,
    );
    await t.db.execute(sql`delete from invoices where status = 'draft'`);
    await expectPagesAsOffsets();
    await expectRangeTotalsAsCounts();
    await compactFigures(t.db);
    expect(
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from list_blocks group by list, block having count(*) > 1`),
      ),
    ).toEqual([]);
    await expectPagesAsOffsets();
    await expectRangeTotalsAsCounts();
  });
});
