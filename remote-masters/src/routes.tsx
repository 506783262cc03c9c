import { lazy } from 'react';
import { BUILD_VERSION, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';

// Each page loads on first visit, not with the remote's entry.
const CustomersPage = lazy(() => import('./customers/CustomersPage').then((m) => ({ default: m.CustomersPage })));
const ProductsPage = lazy(() => import('./products/ProductsPage').then((m) => ({ default: m.ProductsPage })));
const lookupPage = (name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage') =>
  lazy(() => import('./lookups/lookup-screens').then((m) => ({ default: m[name] })));

const masters: RemoteModule = {
  area: 'Masters',
  version: BUILD_VERSION,
  routes: guardRoutes([
    { path: '/customers', title: 'Customers', permission: 'customers.read', Component: CustomersPage },
    { path: '/products', title: 'Products', permission: 'products.read', Component: ProductsPage },
    { path: '/customer-kinds', title: 'Customer Kinds', permission: 'lookups.read', Component: lookupPage('CustomerKindsPage') },
    {
      path: '/customer-nationalities',
      title: 'Customer Nationalities',
      permission: 'lookups.read',
      Component: lookupPage('CustomerNationalitiesPage'),
    },
    { path: '/customer-cities', title: 'Customer Cities', permission: 'lookups.read', Component: lookupPage('CustomerCitiesPage') },
    { path: '/types', title: 'Product Types', permission: 'lookups.read', Component: lookupPage('ProductTypesPage') },
  ]),
};

export default masters;
