import { AGING_BUCKETS, paginationOf, type AgingFigures, type AgingQuery, type AgingReport, type AgingRow, type AgingSort } from '@admin/shared/contract';
import { dayToUtcMidnight, type Day } from '@admin/shared/dates';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { customerNameSearch } from '../customers/service';

/**
 * The aging of what customers owe, in SQL over integer fils. An invoice counts at day `asOf` when
 * it was billed by then (not draft or cancelled, dated on or before it) and had something left to
 * pay then: its total minus the payments dated on or before `asOf`, i.e. what is unpaid now plus
 * what payments dated after `asOf` settled. Only invoices open now or paid after `asOf` can
 * qualify. The later payments are summed once and hash-joined (usually none: `asOf` is today),
 * not looked up invoice by invoice. The bucket is the days from the due date to `asOf`.
 */
function openInvoicesAt(asOf: Day, customerId?: string): SQL {
  const ofCustomer = (column: SQL) => (customerId ? sql`and ${column} = ${customerId}` : sql``);
  return sql`
    select i.customer_id, ${asOf}::date - i.due_date as days_past_due,
      i.total_amount - i.paid_amount + coalesce(later.paid, 0) as remaining
    from invoices i
    left join (
      select a.invoice_id, sum(a.amount)::int8 as paid from payments p join payment_allocations a on a.payment_id = p.id
      where p.payment_date > ${asOf}::date ${ofCustomer(sql`p.customer_id`)}
      group by a.invoice_id
    ) later on later.invoice_id = i.id
    where i.date_of_creation <= ${asOf}::date ${ofCustomer(sql`i.customer_id`)}
      and i.status not in ('draft', 'cancelled')
      and (i.status in ('sent', 'unpaid', 'overdue') or later.invoice_id is not null)`;
}

/** Per customer: the sum remaining in each bucket and in all (a customer with nothing due has no row). */
function bucketsByCustomer(asOf: Day, customerId?: string): SQL {
  return sql`
    select customer_id,
      coalesce(sum(remaining) filter (where days_past_due <= 0), 0)::int8 as "current",
      coalesce(sum(remaining) filter (where days_past_due between 1 and 30), 0)::int8 as days1to30,
      coalesce(sum(remaining) filter (where days_past_due between 31 and 60), 0)::int8 as days31to60,
      coalesce(sum(remaining) filter (where days_past_due between 61 and 90), 0)::int8 as days61to90,
      coalesce(sum(remaining) filter (where days_past_due > 90), 0)::int8 as over90,
      sum(remaining)::int8 as total
    from (${openInvoicesAt(asOf, customerId)}) open_invoices
    where remaining > 0
    group by customer_id`;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows;
const figuresOf = (row: Raw | undefined, prefix = ''): AgingFigures => {
  const figure = (name: string) => Number(row?.[`${prefix}${name}`] ?? 0);
  return { ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, figure(bucket)])) as Record<(typeof AGING_BUCKETS)[number], number>), total: figure('total') };
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

/** The aging of one customer at `asOf` (all zero when nothing was due). */
export async function customerAging(db: Database, customerId: string, asOf: Day): Promise<AgingFigures> {
  return figuresOf(rowsOf(await db.execute(bucketsByCustomer(asOf, customerId)))[0]);
}

/**
 * A page of the aging report and the totals of every customer the filters match, in one query:
 * the per-customer buckets are computed once, then both summed and paged. The customers table is
 * read for every row only when a filter or the name sort needs it; the page's ten rows get their
 * names, kinds and cities after the limit.
 */
export async function agingReport(db: Database, query: AgingQuery, asOf: Day): Promise<AgingReport> {
  const where = and(
    customerNameSearch(query.search),
    query.status ? eq(customers.status, query.status) : undefined,
    query.kind ? eq(customers.customerKindId, query.kind) : undefined,
    query.city ? eq(customers.customerCityId, query.city) : undefined,
  );
  const sort = query.sort ?? 'total';
  const byName = sort === 'customerName';
  const column = sql.raw(SORT_COLUMNS[sort]);
  const order = sql.raw((query.order ?? (byName ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc');
  // Equal values keep one order from page to page: the customer's id breaks ties.
  const orderBy = sql`${column} ${order}, customer_id asc`;
  const offset = (query.page - 1) * query.limit;
  const matching =
    where || byName
      ? sql`select b.*, customers.customer_name from (${bucketsByCustomer(asOf)}) b
          join customers on customers.id = b.customer_id ${where ? sql`where ${where}` : sql``}`
      : bucketsByCustomer(asOf);
  const result = await db.execute(sql`
    with matching as (${matching}),
    totals as (
      select count(*)::int8 as n, coalesce(sum("current"), 0)::int8 as t_current, coalesce(sum(days1to30), 0)::int8 as t_days1to30,
        coalesce(sum(days31to60), 0)::int8 as t_days31to60, coalesce(sum(days61to90), 0)::int8 as t_days61to90,
        coalesce(sum(over90), 0)::int8 as t_over90, coalesce(sum(total), 0)::int8 as t_total
      from matching
    ),
    page as (
      select m.customer_id, m."current", m.days1to30, m.days31to60, m.days61to90, m.over90, m.total
      from matching m order by ${orderBy} limit ${query.limit} offset ${offset}
    )
    select totals.*, page.*, c.customer_name, c.customer_alternate_name, c.status, k.kind_name, ci.city_name
    from totals
    left join page on true
    left join customers c on c.id = page.customer_id
    left join customer_kinds k on k.id = c.customer_kind_id
    left join customer_cities ci on ci.id = c.customer_city_id
    order by ${byName ? sql`c.customer_name ${order}, page.customer_id asc` : sql`page.${column} ${order}, page.customer_id asc`}`);
  const rows = rowsOf(result);
  const data: AgingRow[] = rows
    .filter((row) => row.customer_id)
    .map((row) => ({
      customer: { _id: String(row.customer_id), customerName: String(row.customer_name), customerAlternateName: (row.customer_alternate_name as string | null) ?? null },
      status: row.status as AgingRow['status'],
      kindName: String(row.kind_name),
      cityName: String(row.city_name),
      ...figuresOf(row),
    }));
  return {
    asOf: dayToUtcMidnight(asOf),
    data,
    totals: figuresOf(rows[0], 't_'),
    pagination: paginationOf(query.page, query.limit, Number(rows[0]?.n ?? 0)),
  };
}

/** Every matching customer, for the CSV export: the report's rows page after page, in its order. */
export async function* allAgingRows(db: Database, query: AgingQuery, asOf: Day): AsyncGenerator<AgingRow> {
  const limit = 1000;
  for (let page = 1; ; page++) {
    const { data } = await agingReport(db, { ...query, page, limit }, asOf);
    yield* data;
    if (data.length < limit) return;
  }
}
