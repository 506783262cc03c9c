import { lazy } from 'react';
import { BUILD_VERSION, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';

// Each page loads on first visit, not with the remote's entry.
const InvoicesArea = lazy(() => import('./invoices/InvoicesArea').then((m) => ({ default: m.InvoicesArea })));
const SchedulesPage = lazy(() => import('./schedules/SchedulesPage').then((m) => ({ default: m.SchedulesPage })));

const sales: RemoteModule = {
  area: 'Sales',
  version: BUILD_VERSION,
  routes: guardRoutes([
    // Also serves the printable view, /invoices/:id/print.
    { path: '/invoices', title: 'Invoices', permission: 'invoices.read', Component: InvoicesArea },
    { path: '/scheduled-invoices', title: 'Scheduled Invoices', permission: 'schedules.read', Component: SchedulesPage },
  ]),
};

export default sales;
