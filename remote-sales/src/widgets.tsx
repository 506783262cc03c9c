import type { DashboardWidget } from '@admin/shared/remote';
import { RecentInvoicesCard, TotalInvoicesCard } from './dashboard/sales-widgets';

/** The Sales area's dashboard widgets; the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-invoices', title: 'Total Invoices', order: 10, span: 3, Component: TotalInvoicesCard },
  { id: 'recent-invoices', title: 'Recent Invoices', order: 80, span: 4, Component: RecentInvoicesCard },
];

export default widgets;
