import type { DashboardWidget } from '@admin/shared/remote';
import { CustomersCard, RecentProductsCard, TotalProductsCard } from './dashboard/masters-widgets';

/** The Masters area's dashboard widgets; the order numbers place them among the other areas'. */
const widgets: DashboardWidget[] = [
  { id: 'total-products', title: 'Total Products', order: 30, span: 3, Component: TotalProductsCard },
  { id: 'customers', title: 'Customers', order: 40, span: 3, Component: CustomersCard },
  { id: 'recent-products', title: 'Recent Products', order: 70, span: 4, Component: RecentProductsCard },
];

export default widgets;
