import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { customers } from './customers/api';
import { customerSearch } from './customers/search';
import { products } from './products/api';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const customersPage = lazyPage(() => import('./customers/CustomersPage').then((m) => m.CustomersPage));
const productsPage = lazyPage(() => import('./products/ProductsPage').then((m) => m.ProductsPage));
const lookupPage = (name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage') =>
  lazyPage(() => import('./lookups/lookup-screens').then((m) => m[name]));

const masters: RemoteModule = {
  area: 'Masters',
  version: BUILD_VERSION,
  search: [customerSearch],
  routes: guardRoutes([
    { path: '/customers', title: 'Customers', permission: 'customers.read', ...customersPage, prefetch: () => prefetchFirstPage(customers) },
    { path: '/products', title: 'Products', permission: 'products.read', ...productsPage, prefetch: () => prefetchFirstPage(products) },
    { path: '/customer-kinds', title: 'Customer Kinds', permission: 'lookups.read', ...lookupPage('CustomerKindsPage') },
    { path: '/customer-nationalities', title: 'Customer Nationalities', permission: 'lookups.read', ...lookupPage('CustomerNationalitiesPage') },
    { path: '/customer-cities', title: 'Customer Cities', permission: 'lookups.read', ...lookupPage('CustomerCitiesPage') },
    { path: '/types', title: 'Product Types', permission: 'lookups.read', ...lookupPage('ProductTypesPage') },
  ]),
};

export default masters;
