import { lazy } from 'react';
import type { RemoteModule } from '@admin/shared/remote';

// Each page loads on first visit, not with the remote's entry.
const page = (title: string) =>
  lazy(() => import('./area-page').then(({ AreaPage }) => ({ default: () => <AreaPage title={title} /> })));

const payments: RemoteModule = {
  area: 'Payments',
  routes: [
    { path: '/payments', title: 'Payments', Component: page('Payments') },
    { path: '/customer-balances', title: 'Customer Balances', Component: page('Customer Balances') },
  ],
};

export default payments;
