import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's figures and the lists' totals as deltas: statement triggers on customers,
 * products, invoices and payments insert what each write adds or takes away, in that write's
 * transaction (migration 0003_dashboard_figures). A figure is the sum of its rows; rows are only
 * inserted, so writers never wait on each other here, and compact_dashboard_figures() folds them.
 * Figures: customers, products, invoices, payments (counts); customers.status:<s>,
 * invoices.status:<s>, payments.type:<t>, payments.mode:<m> (counts); paid:<payment type> (fils);
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
