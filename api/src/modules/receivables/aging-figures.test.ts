import {
  agingBucketOf,
  AGING_BUCKETS,
  type AgingBucket,
  type AgingFigures,
  type AgingReport,
  type AgingSort,
} from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  dayOf,
  fullOnPostgres,
  ledgerSteps,
  read,
  setUpRandomLedger,
  type LedgerStep,
  type RandomLedger,
} from '../../test';
import { compactReceivableFigures, rollAgingBuckets } from './aging';
import { onlyRow, rowsOf } from '../../db/rows';

/**
 * Property: over random ledgers (invoices billed, drafted, cancelled, edited to another amount,
 * due date or customer, paid in part or in full, payments and invoices deleted, some dated after
 * the business day) the figures the writes maintain equal a recomputation from the invoices, also
 * after the kept buckets move to another day, and the aging report, at that day, at the business
 * day, at a day in the past and at a day after everything, in every order and with a filter,
 * equals the aging recomputed here from the invoices and the payments' dates.
 */
const { t, f, run } = setUpRandomLedger('Aging item');

/** The business day, 21 November 2026, in days from 1 January 2026. */
const TODAY_N = 324;
const TODAY = dayOf(TODAY_N);
/**
 * Days from 1 January 2026, up to three weeks after the business day; often on a bucket's edge
 * as seen from the business day (with due dates as many days after as the edges are apart).
 */
const EDGES = [0, 1, 30, 31, 60, 61, 90, 91];
const day = fc.oneof(
  fc.integer({ min: 0, max: TODAY_N + 21 }),
  fc.constantFrom(...EDGES.map((edge) => TODAY_N - edge), ...EDGES.map((edge) => TODAY_N - 120 - edge)),
);

const { amount } = ledgerSteps;
const dueAfter = fc.oneof(fc.integer({ min: 0, max: 150 }), fc.constantFrom(...EDGES, 120));
const step: fc.Arbitrary<LedgerStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('invoice' as const),
      who: fc.nat(),
      amount,
      day,
      dueAfter,
      status: fc.constantFrom('unpaid' as const, 'sent' as const, 'draft' as const),
      cash: fc.boolean(),
    }),
  },
  fc.record({
    op: fc.constant('edit' as const),
    pick: fc.nat(),
    who: fc.nat(),
    amount,
    dueAfter,
    status: fc.constantFrom('unpaid' as const, 'draft' as const, 'cancelled' as const),
  }),
  { weight: 3, arbitrary: ledgerSteps.pay(day) },
  ledgerSteps.deletePayment,
  ledgerSteps.deleteInvoice,
);

/** The figures recomputed here, as plain numbers. */
interface Expected extends Record<AgingBucket | 'total', number> {
  id: string;
  name: string;
}

/**
 * The aging at `asOf` recomputed from every invoice and allocation: an invoice counts when it
 * bills, is dated on or before `asOf`, and its total minus the payments dated on or before `asOf`
 * is above zero; its bucket is the days from its due date to `asOf`.
 */
async function expectedAging(asOf: string): Promise<Expected[]> {
  const invoices = rowsOf<{
    id: string;
    customer_id: string;
    name: string;
    status: string;
    total: string;
    invoice_day: string;
    due_day: string;
  }>(
    await t.db.execute(sql`select i.id, i.customer_id, c.customer_name as name, i.status, i.total_amount::text as total,
      to_char(i.date_of_creation, 'YYYY-MM-DD') as invoice_day, to_char(i.due_date, 'YYYY-MM-DD') as due_day
      from invoices i join customers c on c.id = i.customer_id`),
  );
  const allocations = rowsOf<{ invoice_id: string; amount: string; payment_day: string }>(
    await t.db
      .execute(sql`select a.invoice_id, a.amount::text as amount, to_char(p.payment_date, 'YYYY-MM-DD') as payment_day
      from payment_allocations a join payments p on p.id = a.payment_id`),
  );
  const byCustomer = new Map<string, Expected>();
  for (const invoice of invoices) {
    if (invoice.status === 'draft' || invoice.status === 'cancelled' || invoice.invoice_day > asOf) continue;
    const paid = allocations
      .filter((a) => a.invoice_id === invoice.id && a.payment_day <= asOf)
      .reduce((sum, a) => sum + Number(a.amount), 0);
    const remaining = Number(invoice.total) - paid;
    if (remaining <= 0) continue;
    const row = byCustomer.get(invoice.customer_id) ?? {
      id: invoice.customer_id,
      name: invoice.name,
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: 0,
    };
    const daysPastDue = (Date.parse(asOf) - Date.parse(invoice.due_day)) / 86_400_000;
    row[agingBucketOf(daysPastDue)] += remaining;
    row.total += remaining;
    byCustomer.set(invoice.customer_id, row);
  }
  return [...byCustomer.values()];
}

/**
 * What the writes maintained equals what the invoices owe now: per customer and due date, per
 * customer (in all and in each bucket at the day the buckets are kept for), per due date, and the
 * number of customers who owe something.
 */
async function expectFiguresMaintained() {
  const { problems } = onlyRow(
    rowsOf<{ problems: number }>(
      await t.db.execute(sql`
      with owed as (
        select customer_id, due_date, sum(total_amount - paid_amount)::int8 as amount from invoices
        where status not in ('draft', 'cancelled') group by customer_id, due_date having sum(total_amount - paid_amount) > 0
      ),
      per_customer as (
        select customer_id, sum(amount)::int8 as total,
          coalesce(sum(amount) filter (where a.day - due_date <= 0), 0)::int8 as current_,
          coalesce(sum(amount) filter (where a.day - due_date between 1 and 30), 0)::int8 as days1to30,
          coalesce(sum(amount) filter (where a.day - due_date between 31 and 60), 0)::int8 as days31to60,
          coalesce(sum(amount) filter (where a.day - due_date between 61 and 90), 0)::int8 as days61to90,
          coalesce(sum(amount) filter (where a.day - due_date > 90), 0)::int8 as over90
        from owed cross join receivable_aging_day a group by customer_id
      ),
      kept as (select customer_id, total, "current", days1to30, days31to60, days61to90, over90 from receivable_customers),
      per_day as (select due_date, sum(amount)::int8 as amount from owed group by due_date),
      figures as (select due_date, sum(amount)::int8 as amount from receivable_figures where due_date is not null group by due_date having sum(amount) <> 0)
      select
        (select count(*) from (select * from owed except select customer_id, due_date, amount from receivable_due) a)
        + (select count(*) from (select customer_id, due_date, amount from receivable_due except select * from owed) b)
        + (select count(*) from (select * from per_customer except select * from kept) c)
        + (select count(*) from (select * from kept except select * from per_customer) d)
        + (select count(*) from (select * from per_day except select * from figures) e)
        + (select count(*) from (select * from figures except select * from per_day) g)
        + abs((select coalesce(sum(customers), 0) from receivable_figures) - (select count(*) from per_customer))
        as problems`),
    ),
  );
  expect(Number(problems)).toBe(0);
}

/** The expected rows in the report's order: by the sort (customer name ascending, else descending), ties by customer id. */
function ordered(rows: Expected[], sort: AgingSort, order: 'asc' | 'desc') {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const by = sort === 'customerName' ? a.name.localeCompare(b.name, 'en') : a[sort] - b[sort];
    return by * direction || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

const figuresOf = (row: AgingFigures) =>
  Object.fromEntries([...AGING_BUCKETS, 'total' as const].map((key) => [key, row[key]]));
const sumOf = (rows: Expected[]) =>
  Object.fromEntries(
    [...AGING_BUCKETS, 'total' as const].map((key) => [key, rows.reduce((sum, row) => sum + row[key], 0)]),
  );

const aging = (query: string) => read<AgingReport>(t, `/api/receivables/aging?${query}`);

async function expectReport(asOf: string, sort: AgingSort, order: 'asc' | 'desc', expected: Expected[], filter = '') {
  const report = await aging(`asOf=${asOf}&sort=${sort}&order=${order}&limit=1000${filter}`);
  const rows = ordered(expected, sort, order);
  const context = `${asOf} ${sort} ${order} ${filter}`;
  expect(
    report.data.map((row) => ({ id: row.customer._id, ...figuresOf(row) })),
    context,
  ).toEqual(rows.map(({ name: _, ...row }) => ({ ...row })));
  expect(figuresOf(report.totals), context).toEqual(sumOf(rows));
  expect(report.pagination.total, context).toBe(rows.length);
  // A later page is the same order's slice.
  const page = await aging(`asOf=${asOf}&sort=${sort}&order=${order}&limit=2&page=2${filter}`);
  expect(
    page.data.map((row) => row.customer._id),
    context,
  ).toEqual(rows.slice(2, 4).map((row) => row.id));
}

describe('aging figures over random ledgers', () => {
  it('are what the invoices owe, and the report at any day equals a recomputation from the invoices', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 323 }),
        fc.constantFrom<AgingSort>('total', 'customerName', 'current', 'days1to30', 'over90'),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.boolean(),
        fc.integer({ min: 0, max: TODAY_N + 120 }),
        async (steps, past, sort, order, compact, rollTo) => {
          n++;
          const ledger: RandomLedger = { customers: [], invoices: [], payments: [] };
          for (const who of ['A', 'B', 'C'])
            ledger.customers.push((await f.customer(`Aging ${String(n).padStart(3, '0')} ${who}`))._id);
          for (const s of steps) await run(s, ledger);
          if (compact) await compactReceivableFigures(t.db);
          await expectFiguresMaintained();
          // The buckets kept for another day: moved there, they are that day's, and its report reads them.
          await rollAgingBuckets(t.db, dayOf(rollTo));
          await expectFiguresMaintained();
          await expectReport(dayOf(rollTo), sort, order, await expectedAging(dayOf(rollTo)));

          // The business day (its report moves the kept buckets back to it), a day in the past, and a
          // day after every invoice and payment.
          for (const asOf of [TODAY, dayOf(past), dayOf(TODAY_N + 91)]) {
            const expected = await expectedAging(asOf);
            await expectReport(asOf, sort, order, expected);
            await expectReport(asOf, 'total', 'desc', expected);
            const mine = expected.filter((row) => ledger.customers.includes(row.id));
            await expectReport(
              asOf,
              sort,
              order,
              mine,
              `&search=${encodeURIComponent(`Aging ${String(n).padStart(3, '0')} `)}`,
            );
          }
        },
      ),
      { numRuns: fullOnPostgres(25) },
    );
  });
});
