import { RESOURCES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { formatKd } from '@admin/shared/money';
import { DashboardFigure, RecentList, SummaryCard } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';

export function TotalInvoicesCard() {
  const t = useT(SALES_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.totalInvoices')}
      href={RESOURCES.invoices.page}
      render={(s) => <DashboardFigure>{s.counts.invoices}</DashboardFigure>}
    />
  );
}

/** What remains to be paid on overdue invoices; opens the invoices list filtered to them. */
export function OverdueCard() {
  const t = useT(SALES_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.overdue')}
      href={`${RESOURCES.invoices.page}?status=overdue`}
      render={(s) => <DashboardFigure>{formatKd(s.totals.overdue)}</DashboardFigure>}
    />
  );
}

/** The 5 newest invoices: number, customer and total. */
export function RecentInvoicesCard() {
  const t = useT(SALES_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.recentInvoices')}
      href={RESOURCES.invoices.page}
      render={(s) => (
        <RecentList
          label={t('widgets.recentInvoicesList')}
          emptyText={t('widgets.noInvoices')}
          items={s.recent.invoices.map((i) => ({
            key: i._id,
            primary: <bdi>{i.invoiceNumber}</bdi>,
            secondary: i.customer.customerName,
            trailing: formatKd(i.totalAmount),
          }))}
        />
      )}
    />
  );
}
