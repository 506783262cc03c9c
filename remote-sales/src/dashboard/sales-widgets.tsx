import { formatKd } from '@admin/shared/money';
import { DashboardFigure, RecentList, SummaryCard } from '@admin/shared/ui-kit';

export function TotalInvoicesCard() {
  return <SummaryCard title="Total Invoices" href="/invoices" render={(s) => <DashboardFigure>{s.counts.invoices}</DashboardFigure>} />;
}

/** What remains to be paid on overdue invoices; opens the invoices list filtered to them. */
export function OverdueCard() {
  return <SummaryCard title="Overdue" href="/invoices?status=overdue" render={(s) => <DashboardFigure>{formatKd(s.totals.overdue)}</DashboardFigure>} />;
}

/** The 5 newest invoices: number, customer and total. */
export function RecentInvoicesCard() {
  return (
    <SummaryCard
      title="Recent Invoices"
      href="/invoices"
      render={(s) => (
        <RecentList
          label="Recent invoices"
          emptyText="No invoices yet"
          items={s.recent.invoices.map((i) => ({
            key: i._id,
            primary: i.invoiceNumber,
            secondary: i.customer.customerName,
            trailing: formatKd(i.totalAmount),
          }))}
        />
      )}
    />
  );
}
