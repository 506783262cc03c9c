import { AGING_BUCKETS, paginationOf, type AgingFigures, type AgingQuery, type AgingReport, type AgingRow, type AgingSort } from '@admin/shared/contract';
import { dayToUtcMidnight, type Day } from '@admin/shared/dates';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { customerNameSearch } from '../customers/service';

/**
 * The aging of what customers owe, in SQL over integer fils. An invoice counts at day `asOf` when
 * it was billed by then (not draft or cancelled, dated on or before it) and had something left to
 * pay then: its total minus the payments dated on or before `asOf`. Only invoices open now or paid
 * by a payment dated after `asOf` can qualify, so the scan starts from the open-invoices index and
 * the payments after that day. The bucket is the days from the due date to `asOf`.
 */
function openInvoicesAt(asOf: Day, customerId?: string): SQL {
  const ofCustomer = (column: SQL) => (customerId ? sql`and ${column} = ${customerId}` : sql``);
  return sql`
    select i.customer_id, ${asOf}::date - i.due_date as days_past_due,
      i.total_amount - i.paid_amount + coalesce(later.paid, 0) as remaining
    from invoices i
    left join lateral (
      select sum(a.amount) as paid from payment_allocations a join payments p on p.id = a.payment_id
      where a.invoice_id = i.id and p.payment_date > ${asOf}::date
    ) later on true
    where i.date_of_creation <= ${asOf}::date ${ofCustomer(sql`i.customer_id`)}
      and i.id in (
        select o.id from invoices o where o.status in ('sent', 'unpaid', 'overdue') ${ofCustomer(sql`o.customer_id`)}
        union
        select a.invoice_id from payments p join payment_allocations a on a.payment_id = p.id
        where p.payment_date > ${asOf}::date ${ofCustomer(sql`p.customer_id`)}
      )
      and i.status not in ('draft', 'cancelled')`;
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
 * the per-customer buckets are computed once, then both summed and paged.
 */
export async function agingReport(db: Database, query: AgingQuery, asOf: Day): Promise<AgingReport> {
  const where = and(
    customerNameSearch(query.search),
    query.status ? eq(customers.status, query.status) : undefined,
    query.kind ? eq(customers.customerKindId, query.kind) : undefined,
    query.city ? eq(customers.customerCityId, query.city) : undefined,
  );
  const sort = sql.raw(SORT_COLUMNS[query.sort ?? 'total']);
  const order = sql.raw((query.order ?? (query.sort === 'customerName' ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc');
  const offset = (query.page - 1) * query.limit;
  const result = await db.execute(sql`
    with matching as (
      select customers.id, customers.customer_name, customers.customer_alternate_name, customers.status,
        k.kind_name, c.city_name, b."current", b.days1to30, b.days31to60, b.days61to90, b.over90, b.total
      from (${bucketsByCustomer(asOf)}) b
      join customers on customers.id = b.customer_id
      join customer_kinds k on k.id = customers.customer_kind_id
      join customer_cities c on c.id = customers.customer_city_id
      ${where ? sql`where ${where}` : sql``}
    ),
    totals as (
      select count(*)::int8 as n, coalesce(sum("current"), 0)::int8 as t_current, coalesce(sum(days1to30), 0)::int8 as t_days1to30,
        coalesce(sum(days31to60), 0)::int8 as t_days31to60, coalesce(sum(days61to90), 0)::int8 as t_days61to90,
        coalesce(sum(over90), 0)::int8 as t_over90, coalesce(sum(total), 0)::int8 as t_total
      from matching
    ),
    page as (
      select * from matching order by ${sort} ${order}, customer_name asc, id asc limit ${query.limit} offset ${offset}
    )
    select totals.*, page.* from totals left join page on true
    order by page.${sort} ${order}, page.customer_name asc, page.id asc`);
  const rows = rowsOf(result);
  const data: AgingRow[] = rows
    .filter((row) => row.id)
    .map((row) => ({
      customer: { _id: String(row.id), customerName: String(row.customer_name), customerAlternateName: (row.customer_alternate_name as string | null) ?? null },
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
