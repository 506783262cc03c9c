import { fils } from '@admin/shared/money';
import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { day, money } from './columns';
import { customers } from './masters';

/**
 * The dashboard's figures and the lists' totals as deltas: statement triggers on customers,
 * products, invoices and payments insert what each write adds or takes away, in that write's
 * transaction (migration 0003_dashboard_figures). A figure is the sum of its rows; rows are only
 * inserted, so writers never wait on each other here, and compact_dashboard_figures() folds them.
 * Figures: customers, products, invoices, payments (counts); customers.status:<s>,
 * customers.kind:<id>, customers.nationality:<id>, customers.city:<id>, each of the three with
 * ",status:<s>" (0013_customer_filter_figures), invoices.status:<s>, payments.type:<t>,
 * payments.mode:<m> (counts); paid:<payment type> (fils);
 * invoiced:<YYYY-MM> (billed invoices by invoice date); collected:<YYYY-MM> (invoice payments by
 * payment date); overdue (what remains on overdue invoices).
 */
export const dashboardFigures = pgTable(
  'dashboard_figures',
  {
    figure: text('figure').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('dashboard_figures_figure_idx').on(t.figure)],
);

/**
 * How many rows of a list (customers, invoices, payments) fall in each block of its default order,
 * as deltas kept by triggers in the transaction of each write (migration 0012_list_blocks): a deep
 * page starts walking at its block instead of at the list's first row. A block is a text that
 * sorts as the order does: an hour of creation (customers, "2026-11-24 09", UTC) or a day
 * (invoices by invoice date, payments by payment date, "2026-11-24"). compact_list_blocks() folds them.
 */
export const listBlocks = pgTable(
  'list_blocks',
  {
    list: text('list').notNull(),
    block: text('block').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [index('list_blocks_list_block_idx').on(t.list, t.block)],
);

/**
 * What customers still owe, for the aging report, kept by statement triggers on invoices in the
 * transaction of each write (migration 0006_receivable_figures): what each billed invoice (not
 * draft or cancelled) still owes, its total minus its paid amount, summed per customer and due
 * date. Only rows above zero are kept.
 */
export const receivableDue = pgTable(
  'receivable_due',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    dueDate: day('due_date').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dueDate] }), index('receivable_due_due_date_idx').on(t.dueDate)],
);

/**
 * The same per customer: all they still owe, and how it falls in the aging buckets at
 * receivableAgingDay's day (only customers who owe something have a row).
 */
export const receivableCustomers = pgTable(
  'receivable_customers',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    total: money('total').notNull(),
    current: money('current').notNull().default(fils(0)),
    days1to30: money('days1to30').notNull().default(fils(0)),
    days31to60: money('days31to60').notNull().default(fils(0)),
    days61to90: money('days61to90').notNull().default(fils(0)),
    over90: money('over90').notNull().default(fils(0)),
  },
  (t) =>
    // The report sorted by total or a bucket either way, ties by customer id.
    (['total', 'current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const).flatMap((name) => [
      index(`receivable_customers_${name}_desc_idx`).on(t[name].desc(), t.customerId),
      index(`receivable_customers_${name}_asc_idx`).on(t[name], t.customerId),
    ]),
);

/**
 * The day receivableCustomers' buckets are of (one row). roll_receivable_aging(day) moves it,
 * summing again only customers with a due date that crossed a bucket's edge; writers
 * read it under a key-share lock, so a roll and a write never interleave.
 */
export const receivableAgingDay = pgTable('receivable_aging_day', {
  day: day('day').notNull(),
});

/**
 * The same per due date, as deltas (only inserted, so writers never wait on each other here), and
 * rows without a due date counting the customers who start (+1) or stop (-1) owing anything: the
 * aging report's totals without a filter. compact_receivable_figures() folds them.
 */
export const receivableFigures = pgTable('receivable_figures', {
  dueDate: day('due_date'),
  amount: money('amount').notNull(),
  customers: bigint('customers', { mode: 'number' }).notNull(),
});
