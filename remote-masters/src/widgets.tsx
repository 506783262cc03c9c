import type { DashboardWidget } from '@admin/shared/remote';
import { MASTERS_NAMESPACE } from './i18n';
import { CustomersCard, RecentProductsCard, TotalProductsCard } from './dashboard/masters-widgets';

/** The Masters area's dashboard widgets (titles are keys of its catalogue); the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-products', title: 'widgets.totalProducts', order: 30, span: 3, Component: TotalProductsCard },
  { id: 'customers', title: 'widgets.customers', order: 40, span: 3, Component: CustomersCard },
  { id: 'recent-products', title: 'widgets.recentProducts', order: 70, span: 4, Component: RecentProductsCard },
];

// Every card's texts are the area's: the dashboard loads them before it shows the cards.
export default widgets.map((widget) => ({ ...widget, namespace: MASTERS_NAMESPACE }));
