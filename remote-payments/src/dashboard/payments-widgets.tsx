import { RESOURCES } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { DashboardFigure, MoneyText, RecentList, SummaryCard } from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import MonthlyChart from './monthly-chart';

export function TotalPaymentsCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.totalPayments')}
      href={RESOURCES.payments.page}
      render={(s) => <DashboardFigure>{s.counts.payments}</DashboardFigure>}
    />
  );
}

export function AdvancePaymentsCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.advancePayments')}
      href={`${RESOURCES.payments.page}?paymentType=advance`}
      render={(s) => (
        <DashboardFigure>
          <MoneyText fils={s.totals.advancePayments} dir="ltr" />
        </DashboardFigure>
      )}
    />
  );
}

export function InvoicePaymentsCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.invoicePayments')}
      href={`${RESOURCES.payments.page}?paymentType=invoice_payment`}
      render={(s) => (
        <DashboardFigure>
          <MoneyText fils={s.totals.invoicePayments} dir="ltr" />
        </DashboardFigure>
      )}
    />
  );
}

/** The 5 newest payments: number, customer and amount (negative for refunds). */
export function RecentPaymentsCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.recentPayments')}
      href={RESOURCES.payments.page}
      render={(s) => (
        <RecentList
          label={t('widgets.recentPaymentsList')}
          emptyText={t('widgets.noPaymentsYet')}
          items={s.recent.payments.map((p) => ({
            key: p._id,
            primary: <bdi>{p.paymentNumber}</bdi>,
            secondary: p.customer.customerName,
            trailing: <MoneyText fils={p.amount} dir="ltr" />,
          }))}
        />
      )}
    />
  );
}

/** Invoiced versus collected over the last 12 months. */
export function MonthlyChartCard() {
  const t = useT(PAYMENTS_NAMESPACE);
  return (
    <SummaryCard
      title={t('widgets.monthlyChartCard')}
      href={RESOURCES.invoices.page}
      render={(s) => <MonthlyChart months={s.monthly} />}
    />
  );
}
