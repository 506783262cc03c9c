import { formatKd } from '@admin/shared/money';
import { DashboardFigure, RecentList, SummaryCard } from '@admin/shared/ui-kit';
import MonthlyChart from './monthly-chart';

export function TotalPaymentsCard() {
  return <SummaryCard title="Total Payments" href="/payments" render={(s) => <DashboardFigure>{s.counts.payments}</DashboardFigure>} />;
}

export function AdvancePaymentsCard() {
  return (
    <SummaryCard title="Total Advance Payments" href="/payments?paymentType=advance" render={(s) => <DashboardFigure>{formatKd(s.totals.advancePayments)}</DashboardFigure>} />
  );
}

export function InvoicePaymentsCard() {
  return (
    <SummaryCard
      title="Total Invoice Payments"
      href="/payments?paymentType=invoice_payment"
      render={(s) => <DashboardFigure>{formatKd(s.totals.invoicePayments)}</DashboardFigure>}
    />
  );
}

/** The 5 newest payments: number, customer and amount (negative for refunds). */
export function RecentPaymentsCard() {
  return (
    <SummaryCard
      title="Recent Payments"
      href="/payments"
      render={(s) => (
        <RecentList
          label="Recent payments"
          emptyText="No payments yet"
          items={s.recent.payments.map((p) => ({
            key: p._id,
            primary: p.paymentNumber,
            secondary: p.customer.customerName,
            trailing: formatKd(p.amount),
          }))}
        />
      )}
    />
  );
}

/** Invoiced versus collected over the last 12 months. */
export function MonthlyChartCard() {
  return (
    <SummaryCard
      title="Invoiced vs Collected (last 12 months)"
      href="/invoices"
      render={(s) => <MonthlyChart months={s.monthly} />}
    />
  );
}
