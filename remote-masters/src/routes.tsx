import { lazy } from 'react';
import type { RemoteModule } from '@admin/shared/remote';

// Each page loads on first visit, not with the remote's entry.
const page = (title: string) =>
  lazy(() => import('./area-page').then(({ AreaPage }) => ({ default: () => <AreaPage title={title} /> })));

const masters: RemoteModule = {
  area: 'Masters',
  routes: [
    { path: '/customers', title: 'Customers', Component: page('Customers') },
    { path: '/products', title: 'Products', Component: page('Products') },
    { path: '/customer-kinds', title: 'Customer Kinds', Component: page('Customer Kinds') },
    { path: '/customer-nationalities', title: 'Customer Nationalities', Component: page('Customer Nationalities') },
    { path: '/customer-cities', title: 'Customer Cities', Component: page('Customer Cities') },
    { path: '/types', title: 'Product Types', Component: page('Product Types') },
  ],
};

export default masters;
