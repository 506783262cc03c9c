import type { DashboardWidget } from '@admin/shared/remote';
import { OverdueCard, RecentInvoicesCard, TotalInvoicesCard } from './dashboard/sales-widgets';

/** The Sales area's dashboard widgets; the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-invoices', title: 'Total Invoices', order: 10, span: 3, Component: TotalInvoicesCard },
  // After the two payments cards (50, 60), a row of its own.
  { id: 'overdue', title: 'Overdue', order: 65, span: 12, Component: OverdueCard },
  { id: 'recent-invoices', title: 'Recent Invoices', order: 80, span: 4, Component: RecentInvoicesCard },
];

export default widgets;
