import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { onlyRow, rowsOf } from '../../db/rows';

/** What the summary's SQL below selects, each figure as text. */
type SummaryRow = Record<
  'invoices' | 'payments' | 'products' | 'customers' | 'advances' | 'invoice_payments' | 'refunds' | 'overdue',
  string
>;

/**
 * The dashboard summary's counts, totals and twelve months from `firstMonth`, recomputed from every
 * row with SQL written here, independently of the service and of the figures table (tests only).
 */
export async function summaryFromRows(db: Database, firstMonth: string) {
  const row = onlyRow(
    rowsOf<SummaryRow>(
      await db.execute(sql`
    select
      (select count(*) from invoices)::text as invoices,
      (select count(*) from payments)::text as payments,
      (select count(*) from products)::text as products,
      (select count(*) from customers)::text as customers,
      (select coalesce(sum(amount), 0) from payments where payment_type = 'advance')::text as advances,
      (select coalesce(sum(amount), 0) from payments where payment_type = 'invoice_payment')::text as invoice_payments,
      (select coalesce(-sum(amount), 0) from payments where payment_type = 'refund')::text as refunds,
      (select coalesce(sum(total_amount - paid_amount - credited_amount), 0) from invoices where status = 'overdue')::text as overdue`),
    ),
  );
  const months = rowsOf<{ month: string; invoiced: string; collected: string }>(
    await db.execute(sql`
    select m.month,
      (select coalesce(sum(total_amount - credited_amount), 0) from invoices where to_char(date_of_creation, 'YYYY-MM') = m.month
        and status not in ('draft', 'cancelled'))::text as invoiced,
      (select coalesce(sum(amount), 0) from payments where to_char(payment_date, 'YYYY-MM') = m.month
        and payment_type = 'invoice_payment')::text as collected
    from (select to_char(d, 'YYYY-MM') as month from generate_series(${firstMonth}::date, ${firstMonth}::date + interval '11 months', interval '1 month') d) m
    order by m.month`),
  );
  const n = (value: string) => Number(value);
  return {
    counts: {
      invoices: n(row.invoices),
      payments: n(row.payments),
      products: n(row.products),
      customers: n(row.customers),
    },
    totals: {
      advancePayments: n(row.advances),
      invoicePayments: n(row.invoice_payments),
      refunds: n(row.refunds),
      overdue: n(row.overdue),
    },
    monthly: months.map((m) => ({ month: m.month, invoiced: n(m.invoiced), collected: n(m.collected) })),
  };
}
