import type { DashboardWidget } from '@admin/shared/remote';
import {
  AdvancePaymentsCard,
  InvoicePaymentsCard,
  MonthlyChartCard,
  RecentPaymentsCard,
  TotalPaymentsCard,
} from './dashboard/payments-widgets';

/** The Payments area's dashboard widgets; the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-payments', title: 'Total Payments', order: 20, span: 3, Component: TotalPaymentsCard },
  { id: 'advance-payments', title: 'Total Advance Payments', order: 50, span: 6, Component: AdvancePaymentsCard },
  { id: 'invoice-payments', title: 'Total Invoice Payments', order: 60, span: 6, Component: InvoicePaymentsCard },
  { id: 'recent-payments', title: 'Recent Payments', order: 90, span: 4, Component: RecentPaymentsCard },
  { id: 'monthly-chart', title: 'Invoiced vs Collected', order: 100, span: 12, Component: MonthlyChartCard },
];

export default widgets;
