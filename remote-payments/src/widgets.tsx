import type { DashboardWidget } from '@admin/shared/remote';

/** The Payments area's dashboard widgets. */
const widgets: DashboardWidget[] = [];

export default widgets;
