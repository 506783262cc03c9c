import { lazy } from 'react';
import type { RemoteModule } from '@admin/shared/remote';

// Each page loads on first visit, not with the remote's entry.
const page = (title: string) =>
  lazy(() => import('./area-page').then(({ AreaPage }) => ({ default: () => <AreaPage title={title} /> })));

const sales: RemoteModule = {
  area: 'Sales',
  routes: [
    { path: '/invoices', title: 'Invoices', Component: page('Invoices') },
    { path: '/scheduled-invoices', title: 'Scheduled Invoices', Component: page('Scheduled Invoices') },
  ],
};

export default sales;
