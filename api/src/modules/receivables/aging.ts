import {
  AGING_BUCKETS,
  paginationOf,
  type AgingBucket,
  type AgingExposure,
  type AgingFigures,
  type AgingQuery,
  type AgingReport,
  type AgingRow,
  type AgingSort,
} from '@admin/shared/contract';
import { dayToUtcMidnight, type CalendarDay } from '@admin/shared/dates';
import { fils, sumFils, type Fils } from '@admin/shared/money';
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/connect';
import { onPrimary } from '../../db/driver/lanes';
import { readFils } from '../../db/money-sql';
import { customers } from '../../db/schema';
import { exportBatches, picked } from '../../lists';
import { customerNameSearch } from '../customers/service';
import { creditPositions } from '../credit-limits/exposure';
import { onlyRow, rowsOf } from '../../db/rows';

/**
 * The aging of what customers owe, in SQL over integer fils. An invoice counts at day `asOf` when
 * it was billed by then (not draft or cancelled, dated on or before it) and had something left to
 * pay then: its total minus the payments dated on or before `asOf`, i.e. what is unpaid now plus
 * what payments dated after `asOf` settled. Only invoices open now or paid after `asOf` can
 * qualify. The later payments are summed once and hash-joined (usually none: `asOf` is today),
 * not looked up invoice by invoice. The bucket is the days from the due date to `asOf`.
 */
function openInvoicesAt(asOf: CalendarDay | Placeholder, customerId?: string | Placeholder | SQL): SQL {
  const ofCustomer = (column: SQL) => (customerId ? sql`and ${column} = ${customerId}` : sql``);
  // A credit note dated after `asOf` is added back: what it credited, less what it moved from the
  // invoice's payments to the advance (that was still paid then).
  return sql`
    select i.customer_id, ${asOf}::date - i.due_date as days_past_due,
      i.total_amount - i.paid_amount - i.credited_amount + coalesce(later.paid, 0)
        + coalesce(later_credit.credited, 0) - coalesce(later_credit.to_advance, 0) as remaining
    from invoices i
    left join (
      select a.invoice_id, sum(a.amount)::int8 as paid from payments p join payment_allocations a on a.payment_id = p.id
      where p.payment_date > ${asOf}::date ${ofCustomer(sql`p.customer_id`)}
      group by a.invoice_id
    ) later on later.invoice_id = i.id
    left join (
      select n.invoice_id, sum(n.amount)::int8 as credited, sum(n.to_advance)::int8 as to_advance from credit_notes n
      where n.credit_date > ${asOf}::date ${ofCustomer(sql`n.customer_id`)}
      group by n.invoice_id
    ) later_credit on later_credit.invoice_id = i.id
    where i.date_of_creation <= ${asOf}::date ${ofCustomer(sql`i.customer_id`)}
      and i.status <> 'draft' and (i.status <> 'cancelled' or later_credit.invoice_id is not null)
      and (i.status in ('sent', 'unpaid', 'overdue') or later.invoice_id is not null or later_credit.invoice_id is not null)`;
}

/** Which days past the due date fall in each bucket. */
const BUCKET_DAYS: Record<AgingBucket, (daysPastDue: SQL) => SQL> = {
  current: (days) => sql`${days} <= 0`,
  days1to30: (days) => sql`${days} between 1 and 30`,
  days31to60: (days) => sql`${days} between 31 and 60`,
  days61to90: (days) => sql`${days} between 61 and 90`,
  over90: (days) => sql`${days} > 90`,
};

/** The sum of `amount` in one bucket, by `daysPastDue`. */
const bucketSum = (bucket: AgingBucket, daysPastDue: SQL, amount: SQL) =>
  sql`coalesce(sum(${amount}) filter (where ${BUCKET_DAYS[bucket](daysPastDue)}), 0)::int8`;

/**
 * The sums of `amount` in each bucket and in all, by `daysPastDue` (`prefix` names the columns:
 * "current"…, or t_current… for the totals).
 */
function bucketSums(daysPastDue: SQL, amount: SQL, prefix = ''): SQL {
  const column = (name: string) => sql.raw(`"${prefix}${name}"`);
  return sql.join(
    [
      ...AGING_BUCKETS.map((bucket) => sql`${bucketSum(bucket, daysPastDue, amount)} as ${column(bucket)}`),
      sql`coalesce(sum(${amount}), 0)::int8 as ${column('total')}`,
    ],
    sql`, `,
  );
}

/** Per customer: the sum remaining in each bucket and in all (a customer with nothing due has no row). */
function bucketsByCustomer(asOf: CalendarDay | Placeholder, customerId?: string | Placeholder): SQL {
  return sql`
    select customer_id, ${bucketSums(sql`days_past_due`, sql`remaining`)}
    from (${openInvoicesAt(asOf, customerId)}) open_invoices
    where remaining > 0
    group by customer_id`;
}

/**
 * The maintained figures (schema/figures.ts: what billed invoices still owe, per customer and due
 * date) are the aging at `asOf` when nothing after `asOf` changes it: no invoice payment dated
 * after it (it would have to be added back) and no invoice dated after it with something left to
 * pay (it would have to be left out). True for today unless payments or invoices are dated ahead;
 * for other days the report is recomputed from the invoices. Two probes of date indexes.
 */
const maintainedFiguresHold = (asOf: CalendarDay) => sql`
  not exists (select 1 from payments where payment_date > ${asOf}::date and payment_type = 'invoice_payment')
  and not exists (select 1 from credit_notes where credit_date > ${asOf}::date)
  and not exists (select 1 from invoices where date_of_creation > ${asOf}::date
    and status not in ('draft', 'cancelled') and total_amount - credited_amount > paid_amount)`;

const daysPastDueAt = (asOf: CalendarDay | Placeholder) => sql`${asOf}::date - due_date`;

type Raw = Record<string, unknown>;
const figuresOf = (row: Raw | undefined, prefix = ''): AgingFigures => {
  const figure = (name: string) => readFils(row?.[`${prefix}${name}`]);
  return {
    ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, figure(bucket)])) as Record<AgingBucket, Fils>),
    total: figure('total'),
  };
};

const SORT_COLUMNS: Record<AgingSort, string> = {
  customerName: 'customer_name',
  // Quoted: CURRENT is an SQL keyword.
  current: '"current"',
  days1to30: 'days1to30',
  days31to60: 'days31to60',
  days61to90: 'days61to90',
  over90: 'over90',
  total: 'total',
};

/**
 * The aging of one customer at `asOf` as one JSON column for a larger select (null when nothing
 * was due); agingOfColumn reads it.
 */
export const customerAgingColumn = (customerId: string | Placeholder, asOf: CalendarDay | Placeholder): SQL =>
  sql`(select row_to_json(b) from (${bucketsByCustomer(asOf, customerId)}) b)`;

/** The figures of customerAgingColumn's value: all zero when nothing was due. */
export const agingOfColumn = (value: unknown): AgingFigures => figuresOf((value ?? undefined) as Raw | undefined);

/** What one report asks: its filters as SQL on customers, its order and its page. */
function reportShape(query: AgingQuery) {
  const where = and(
    customerNameSearch(query.search),
    picked(customers.status, query.status),
    picked(customers.customerKindId, query.kind),
    picked(customers.customerCityId, query.city),
  );
  const sort = query.sort ?? 'total';
  const byName = sort === 'customerName';
  const column = sql.raw(SORT_COLUMNS[sort]);
  const order = sql.raw((query.order ?? (byName ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc');
  return { where, sort, byName, column, order, offset: (query.page - 1) * query.limit };
}
type ReportShape = ReturnType<typeof reportShape>;

/**
 * Per customer the filters match: their buckets (from `perCustomer`), and their name when the
 * name sort needs it. The customers table is read for every row only when a filter or the name
 * sort needs it.
 */
function matchingCustomers(perCustomer: SQL, { where, byName }: ReportShape): SQL {
  return where || byName
    ? sql`select b.*, customers.customer_name from (${perCustomer}) b
        join customers on customers.id = b.customer_id ${where ? sql`where ${where}` : sql``}`
    : perCustomer;
}

/** The totals (count and sums, t_ prefixed) of the customers in the `matching` CTE. */
const totalsOfMatching = sql`
    totals as (
      select count(*)::int8 as n, coalesce(sum("current"), 0)::int8 as t_current, coalesce(sum(days1to30), 0)::int8 as t_days1to30,
        coalesce(sum(days31to60), 0)::int8 as t_days31to60, coalesce(sum(days61to90), 0)::int8 as t_days61to90,
        coalesce(sum(over90), 0)::int8 as t_over90, coalesce(sum(total), 0)::int8 as t_total
      from matching
    )`;

/** The page of the customers in the `matching` CTE. */
function pageOfMatching(query: AgingQuery, { column, order, offset }: ReportShape): SQL {
  // Equal values keep one order from page to page: the customer's id breaks ties.
  return sql`
    page as (
      select m.customer_id, m."current", m.days1to30, m.days31to60, m.days61to90, m.over90, m.total
      from matching m order by ${column} ${order}, customer_id asc limit ${query.limit} offset ${offset}
    )`;
}

/** Without a filter: the totals from the figures by due date (a few hundred rows), and how many of them there are. */
const totalsOfFigures = (asOf: CalendarDay, holds: SQL) => sql`
    totals as (
      select count(*)::int as figure_rows, coalesce(sum(customers), 0)::int8 as n, ${bucketSums(daysPastDueAt(asOf), sql`amount`, 't_')}
      from receivable_figures where ${holds}
    )`;

/** The page's rows with their customers' names, kinds and cities (read after the limit), in the report's order. */
function pageRows(
  { byName, column, order }: ReportShape,
  from = sql`totals left join page on true`,
  columns = sql`totals.*`,
): SQL {
  return sql`
    select ${columns}, page.*, c.customer_name, c.customer_alternate_name, c.status, k.kind_name, ci.city_name
    from ${from}
    left join customers c on c.id = page.customer_id
    left join customer_kinds k on k.id = c.customer_kind_id
    left join customer_cities ci on ci.id = c.customer_city_id
    order by ${byName ? sql`c.customer_name ${order}, page.customer_id asc` : sql`page.${column} ${order}, page.customer_id asc`}`;
}

/**
 * The report recomputed from the invoices (any `asOf`): the per-customer buckets are computed
 * once, then both summed and paged.
 */
async function recomputedReport(db: Database, query: AgingQuery, asOf: CalendarDay): Promise<Raw[]> {
  const shape = reportShape(query);
  return rowsOf<Raw>(
    await db.execute(sql`
      with matching as (${matchingCustomers(bucketsByCustomer(asOf), shape)}),
      ${totalsOfMatching}, ${pageOfMatching(query, shape)}
      ${pageRows(shape)}`),
  );
}

/**
 * A report statement from the kept figures, with its day, size and offset written into it when it
 * has no search: it then has no parameters, so each report connection plans it once per day and
 * page (db/driver/kept-plans.ts); planning it cost 2.6 ms against 0.3 ms of work. A search's pattern
 * stays a parameter, as each would be a statement of its own.
 */
const keptStatement = (statement: SQL, query: AgingQuery): SQL => (query.search ? statement : statement.inlineParams());

/** A report's rows from kept figures, when they hold at its day (and, for the buckets, are of that day). */
interface Kept {
  holds: boolean;
  sameDay?: boolean;
  rows: Raw[];
}

/**
 * The report from the customers' kept buckets, when they are of `asOf` (receivable_aging_day) and
 * the kept figures hold then, in one statement that checks both first (nothing else is read when
 * they do not). Every order reads its page through an index; the totals are the figures by due
 * date without a filter, else the sums of the matching customers' rows.
 */
async function keptBucketsReport(db: Database, query: AgingQuery, asOf: CalendarDay): Promise<Kept> {
  const shape = reportShape(query);
  const holds = sql`(select holds and same_day from figures_hold)`;
  const kept = sql`select customer_id, "current", days1to30, days31to60, days61to90, over90, total from receivable_customers`;
  const statement = sql`
      with figures_hold as (
        select ${maintainedFiguresHold(asOf)} as holds, (select day from receivable_aging_day) = ${asOf}::date as same_day
      ),
      matching as (select * from (${matchingCustomers(kept, shape)}) m where ${holds}),
      ${shape.where ? totalsOfMatching : totalsOfFigures(asOf, holds)},
      ${pageOfMatching(query, shape)}
      ${pageRows(shape, sql`figures_hold left join totals on true left join page on true`, sql`figures_hold.holds, figures_hold.same_day, totals.*`)}`;
  const rows = rowsOf<Raw>(await db.execute(keptStatement(statement, query)));
  return { holds: Boolean(rows[0]?.holds), sameDay: Boolean(rows[0]?.same_day), rows };
}

/**
 * The report from the amounts kept per customer and due date (any `asOf` they hold at), in one
 * statement that checks they hold first. Without a filter the totals are the figures by due date,
 * and a page by total or by name picks its customers through an index, one by a bucket sums that
 * bucket for every customer who owes something; then only the page's customers have all their
 * buckets summed. With a filter every matching customer's buckets are summed for the totals and the page.
 */
async function keptDueDatesReport(db: Database, query: AgingQuery, asOf: CalendarDay): Promise<Kept> {
  const shape = reportShape(query);
  const { where, sort, byName, order, offset } = shape;
  const holds = sql`(select holds from figures_hold)`;
  let statement: SQL;
  if (!where) {
    const limit = sql`limit ${query.limit} offset ${offset}`;
    const pageCustomers = byName
      ? sql`select c.id as customer_id from customers c
          where ${holds} and exists (select 1 from receivable_customers r where r.customer_id = c.id)
          order by c.customer_name ${order}, c.id asc ${limit}`
      : sort === 'total'
        ? sql`select r.customer_id from receivable_customers r where ${holds} order by r.total ${order}, r.customer_id asc ${limit}`
        : // One bucket's sum for every customer who owes something; the page's other figures after the limit.
          sql`select customer_id from receivable_due where ${holds} group by customer_id
            order by ${bucketSum(sort as AgingBucket, daysPastDueAt(asOf), sql`amount`)} ${order}, customer_id asc ${limit}`;
    statement = sql`
      with figures_hold as (select ${maintainedFiguresHold(asOf)} as holds),
      ${totalsOfFigures(asOf, holds)},
      page as (
        select p.customer_id, b.* from (${pageCustomers}) p
        cross join lateral (select ${bucketSums(daysPastDueAt(asOf), sql`amount`)} from receivable_due d where d.customer_id = p.customer_id) b
      )
      ${pageRows(shape, sql`figures_hold left join totals on true left join page on true`, sql`figures_hold.holds, totals.*`)}`;
  } else {
    statement = sql`
      with figures_hold as (select ${maintainedFiguresHold(asOf)} as holds),
      matching as (
        select d.customer_id, ${bucketSums(daysPastDueAt(asOf), sql`d.amount`)} ${byName ? sql`, customers.customer_name` : sql``}
        from customers join receivable_due d on d.customer_id = customers.id
        where ${holds} and ${where}
        group by d.customer_id, customers.id
      ),
      ${totalsOfMatching}, ${pageOfMatching(query, shape)}
      ${pageRows(shape, sql`figures_hold left join totals on true left join page on true`, sql`figures_hold.holds, totals.*`)}`;
  }
  const rows = rowsOf<Raw>(await db.execute(keptStatement(statement, query)));
  return { holds: Boolean(rows[0]?.holds), rows };
}

/**
 * The post-dated cheques in hand at `asOf` of the customers the report's filters match: received
 * by then and not yet posted (cleared), bounced or returned then. Per customer, and whether they
 * owed anything at `asOf` (only those are in the report, so only theirs count in its totals).
 * Cheques are few beside invoices: this reads them, not the figures.
 */
async function pdcsInHandAt(
  db: Database,
  query: AgingQuery,
  asOf: CalendarDay,
): Promise<{ byCustomer: Map<string, Fils>; total: Fils }> {
  const { where } = reportShape(query);
  const settledBy = (column: string) => sql`coalesce(${sql.raw(`pdc.${column}`)} <= ${asOf}::date, false)`;
  const rows = rowsOf<{ customer_id: string; amount: unknown; owes: boolean }>(
    await db.execute(sql`
      select pdc.customer_id, sum(pdc.amount)::int8 as amount,
        exists (select 1 from (${openInvoicesAt(asOf, sql`pdc.customer_id`)}) o where o.remaining > 0) as owes
      from cheques pdc join customers on customers.id = pdc.customer_id
      where pdc.cheque_date > pdc.received_date and pdc.received_date <= ${asOf}::date
        and not ${settledBy('posted_date')} and not ${settledBy('bounced_date')} and not ${settledBy('returned_date')}
        ${where ? sql`and ${where}` : sql``}
      group by pdc.customer_id`),
  );
  const byCustomer = new Map(rows.map((row) => [String(row.customer_id), readFils(row.amount)]));
  return { byCustomer, total: sumFils(rows.filter((row) => row.owes).map((row) => readFils(row.amount))) };
}

const exposureOf = (due: Fils, pdcsInHand: Fils): AgingExposure => ({
  pdcsInHand,
  netExposure: fils(due - pdcsInHand),
});

/** Past this many delta rows a read folds them, so the totals stay a small scan. */
const COMPACT_RECEIVABLE_FIGURES_AT = 5_000;

/** Folds the receivable figures' deltas, unless another instance is doing it now (the sums do not change). */
export async function compactReceivableFigures(db: Database): Promise<void> {
  // A read folds them: on the primary, even when the read itself is on the replica.
  await onPrimary(() =>
    db.transaction(async (tx) => {
      const { locked } = onlyRow(
        rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.receivableFigures}) as locked`),
        ),
      );
      if (locked) await tx.execute(sql`select compact_receivable_figures()`);
    }),
  );
}

/** Moves the customers' kept buckets to `day` (roll_receivable_aging): a write, so on the primary. */
export async function rollAgingBuckets(db: Database, day: CalendarDay): Promise<void> {
  // Awaited inside: drizzle runs a query when it is awaited.
  await onPrimary(async () => await db.execute(sql`select roll_receivable_aging(${day}::date)`));
}

/**
 * A page of the aging report and the totals of every customer the filters match, from the
 * figures the writes keep when they hold at `asOf` (no invoice payment dated after it, no invoice
 * dated after it with something left to pay: today, usually), else recomputed from the invoices.
 * The customers' buckets are kept for one day: the first report of a new `businessDay` moves them
 * on to it; a report of another day sums the amounts kept per due date instead.
 */
export async function agingReport(
  db: Database,
  query: AgingQuery,
  asOf: CalendarDay,
  businessDay?: CalendarDay,
): Promise<AgingReport> {
  let kept = await keptBucketsReport(db, query, asOf);
  if (kept.holds && !kept.sameDay && asOf === businessDay) {
    // Once a day per database: the rows that cross a bucket's edge are summed again.
    await rollAgingBuckets(db, asOf);
    kept = await keptBucketsReport(db, query, asOf);
  }
  if (kept.holds && !kept.sameDay) kept = await keptDueDatesReport(db, query, asOf);
  const rows = kept.holds ? kept.rows : await recomputedReport(db, query, asOf);
  if (Number(rows[0]?.figure_rows ?? 0) > COMPACT_RECEIVABLE_FIGURES_AT) await compactReceivableFigures(db);
  const pdcs = await pdcsInHandAt(db, query, asOf);
  const shown = rows.filter((row) => row.customer_id);
  const credit = await creditPositions(
    db,
    shown.map((row) => String(row.customer_id)),
  );
  const data: AgingRow[] = shown.map((row) => {
    const figures = figuresOf(row);
    return {
      customer: {
        _id: String(row.customer_id),
        customerName: String(row.customer_name),
        customerAlternateName: (row.customer_alternate_name as string | null) ?? null,
      },
      status: row.status as AgingRow['status'],
      kindName: String(row.kind_name),
      cityName: String(row.city_name),
      ...figures,
      ...exposureOf(figures.total, pdcs.byCustomer.get(String(row.customer_id)) ?? fils(0)),
      credit: credit.get(String(row.customer_id))!,
    };
  });
  const totals = figuresOf(rows[0], 't_');
  return {
    asOf: dayToUtcMidnight(asOf),
    data,
    totals: { ...totals, ...exposureOf(totals.total, pdcs.total) },
    pagination: paginationOf(query.page, query.limit, Number(rows[0]?.n ?? 0)),
  };
}

/** Every matching customer, for the CSV export: the report's rows page after page, in its order. */
export function allAgingRows(
  db: Database,
  query: AgingQuery,
  asOf: CalendarDay,
  businessDay?: CalendarDay,
): AsyncIterable<AgingRow> {
  const limit = 1000;
  return exportBatches(
    async (offset) => (await agingReport(db, { ...query, page: offset / limit + 1, limit }, asOf, businessDay)).data,
    limit,
  );
}
