import type { DashboardWidget } from '@admin/shared/remote';
import { SALES_NAMESPACE } from './i18n';
import { OverdueCard, RecentInvoicesCard, TotalInvoicesCard } from './dashboard/sales-widgets';

/** The Sales area's dashboard widgets (titles are keys of the 'sales' texts); the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-invoices', title: 'widgets.totalInvoices', order: 10, span: 3, Component: TotalInvoicesCard },
  // After the two payments cards (50, 60), a row of its own.
  { id: 'overdue', title: 'widgets.overdue', order: 65, span: 12, Component: OverdueCard },
  { id: 'recent-invoices', title: 'widgets.recentInvoices', order: 80, span: 4, Component: RecentInvoicesCard },
];

// Every card's texts are the area's: the dashboard loads them before it shows the cards.
export default widgets.map((widget) => ({ ...widget, namespace: SALES_NAMESPACE }));
