import type { DashboardWidget } from '@admin/shared/remote';

/** The Sales area's dashboard widgets. */
const widgets: DashboardWidget[] = [];

export default widgets;
