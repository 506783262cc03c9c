import { lazy } from 'react';
import { BUILD_VERSION, type RemoteModule } from '@admin/shared/remote';

// Each page loads on first visit, not with the remote's entry.
const InvoicesArea = lazy(() => import('./invoices/InvoicesArea').then((m) => ({ default: m.InvoicesArea })));
const SchedulesPage = lazy(() => import('./schedules/SchedulesPage').then((m) => ({ default: m.SchedulesPage })));

const sales: RemoteModule = {
  area: 'Sales',
  version: BUILD_VERSION,
  routes: [
    // Also serves the printable view, /invoices/:id/print.
    { path: '/invoices', title: 'Invoices', Component: InvoicesArea },
    { path: '/scheduled-invoices', title: 'Scheduled Invoices', Component: SchedulesPage },
  ],
};

export default sales;
