import type { DashboardWidget } from '@admin/shared/remote';
import {
  AdvancePaymentsCard,
  InvoicePaymentsCard,
  MonthlyChartCard,
  RecentPaymentsCard,
  TotalPaymentsCard,
} from './dashboard/payments-widgets';
import { queryClient } from '@admin/shared/query';
import { TO_DEPOSIT_PATH, chequesToDepositQuery } from './cheques/api';
import { ToDepositCard } from './cheques/to-deposit-card';
import { PAYMENTS_NAMESPACE } from './i18n';

/**
 * The Payments area's dashboard widgets; the order numbers place them among the other areas'.
 * Titles are keys of the 'payments' namespace.
 */
const widgets: DashboardWidget[] = [
  { id: 'total-payments', title: 'widgets.totalPayments', order: 20, span: 3, Component: TotalPaymentsCard },
  { id: 'advance-payments', title: 'widgets.advancePayments', order: 50, span: 6, Component: AdvancePaymentsCard },
  { id: 'invoice-payments', title: 'widgets.invoicePayments', order: 60, span: 6, Component: InvoicePaymentsCard },
  {
    id: 'cheques-to-deposit',
    title: 'cheques.toDeposit',
    order: 67,
    span: 12,
    Component: ToDepositCard,
    // Its own request (the others read the dashboard summary) goes out with the summary's, and on
    // the next cold load with the page itself.
    prefetch: () => queryClient.prefetchQuery(chequesToDepositQuery()),
    earlyCall: TO_DEPOSIT_PATH,
  },
  { id: 'recent-payments', title: 'widgets.recentPayments', order: 90, span: 4, Component: RecentPaymentsCard },
  { id: 'monthly-chart', title: 'widgets.monthlyChart', order: 100, span: 12, Component: MonthlyChartCard },
];

// Every card's texts are the area's: the dashboard loads them before it shows the cards.
export default widgets.map((widget) => ({ ...widget, namespace: PAYMENTS_NAMESPACE }));
