import { lazy } from 'react';
import { BUILD_VERSION, type RemoteModule } from '@admin/shared/remote';

// Each page loads on first visit, not with the remote's entry.
const CustomersPage = lazy(() => import('./customers/CustomersPage').then((m) => ({ default: m.CustomersPage })));
const ProductsPage = lazy(() => import('./products/ProductsPage').then((m) => ({ default: m.ProductsPage })));
const lookupPage = (name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage') =>
  lazy(() => import('./lookups/lookup-screens').then((m) => ({ default: m[name] })));

const masters: RemoteModule = {
  area: 'Masters',
  version: BUILD_VERSION,
  routes: [
    { path: '/customers', title: 'Customers', Component: CustomersPage },
    { path: '/products', title: 'Products', Component: ProductsPage },
    { path: '/customer-kinds', title: 'Customer Kinds', Component: lookupPage('CustomerKindsPage') },
    { path: '/customer-nationalities', title: 'Customer Nationalities', Component: lookupPage('CustomerNationalitiesPage') },
    { path: '/customer-cities', title: 'Customer Cities', Component: lookupPage('CustomerCitiesPage') },
    { path: '/types', title: 'Product Types', Component: lookupPage('ProductTypesPage') },
  ],
};

export default masters;
