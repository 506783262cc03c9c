import type { DashboardSummary } from '@admin/shared/contract';
import { addMonthsKeepingDay, businessToday } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { figureColumns, foldWhenPiledUp } from '../../db/figures';
import { readFils } from '../../db/money-sql';
import { preparedPerDatabase } from '../../db/prepared';
import { customers, invoices, payments, products } from '../../db/schema';
import { onlyRow } from '../../db/rows';

const RECENT = 5;
type Recent = DashboardSummary['recent'];
const MONTHS = 12;

/** The rows of `query` as a JSON array (the drivers hand it back parsed). */
const newest = <T>(query: SQL) => sql<T[]>`(select coalesce(json_agg(r), '[]'::json) from (${query}) r)`;

/**
 * The newest rows of a table, picked before they are joined to their customers: joined first,
 * PostgreSQL expects as many customers as rows and sizes a cache of customer rows for them at
 * every execution: at 200,000 rows the statement took 6 ms instead of 0.3 (docs/benchmarks-api.md).
 */
const newestRows = (table: typeof invoices | typeof payments) =>
  sql`(select * from ${table} order by created_at desc, id desc limit ${sql.raw(String(RECENT))})`;

/** One statement: one connection and one round trip, whatever else the pools are doing; prepared, so planned once. */
const summaryQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...figureColumns,
      recentProducts: newest<
        Recent['products'][number]
      >(sql`select p.id as "_id", p.product_name as "productName", p.product_price as "productPrice"
        from ${products} p order by p.created_at desc, p.id desc limit ${sql.raw(String(RECENT))}`),
      recentInvoices: newest<Recent['invoices'][number]>(sql`select i.id as "_id", i.invoice_number as "invoiceNumber",
          json_build_object('_id', c.id, 'customerName', c.customer_name) as customer, i.total_amount as "totalAmount"
        from ${newestRows(invoices)} i join ${customers} c on c.id = i.customer_id order by i.created_at desc, i.id desc`),
      recentPayments: newest<Recent['payments'][number]>(sql`select p.id as "_id", p.payment_number as "paymentNumber",
          json_build_object('_id', c.id, 'customerName', c.customer_name) as customer, p.payment_type as "paymentType", p.amount
        from ${newestRows(payments)} p join ${customers} c on c.id = p.customer_id order by p.created_at desc, p.id desc`),
    })
    .from(sql`(select 1) as one`)
    .prepare('dashboard_summary'),
);

/**
 * The summary reads its counts, totals and months from dashboard_figures (db/figures.ts), which
 * the database keeps in the transaction of every write, so the figures are exact without reading
 * every row; only the five most recent of each kind are read from their tables (by index).
 */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly businessTz: string,
    private readonly now: () => Date,
  ) {}

  async summary(): Promise<DashboardSummary> {
    const firstMonth = addMonthsKeepingDay(`${businessToday(this.businessTz, this.now()).slice(0, 7)}-01`, 1 - MONTHS);
    const row = onlyRow(await summaryQuery(this.db).execute(), 'the dashboard summary');
    await foldWhenPiledUp(this.db, row.figureRows);
    const figures = row.figures ?? {};
    const figure = (name: string) => Number(figures[name] ?? 0);
    const amount = (name: string) => readFils(figures[name]);
    const monthly = Array.from({ length: MONTHS }, (_, index) => {
      const key = addMonthsKeepingDay(firstMonth, index).slice(0, 7);
      return { month: key, invoiced: amount(`invoiced:${key}`), collected: amount(`collected:${key}`) };
    });
    return {
      counts: {
        invoices: figure('invoices'),
        payments: figure('payments'),
        products: figure('products'),
        customers: figure('customers'),
      },
      totals: {
        advancePayments: amount('paid:advance'),
        invoicePayments: amount('paid:invoice_payment'),
        refunds: fils(-figure('paid:refund') || 0),
        overdue: amount('overdue'),
      },
      recent: { products: row.recentProducts, invoices: row.recentInvoices, payments: row.recentPayments },
      monthly,
    };
  }
}
