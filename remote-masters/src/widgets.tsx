import type { DashboardWidget } from '@admin/shared/remote';

/** The Masters area's dashboard widgets. */
const widgets: DashboardWidget[] = [];

export default widgets;
