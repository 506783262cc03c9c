import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { MASTERS_NAMESPACE } from './i18n';
import { customers } from './customers/api';
import { customerSearch } from './customers/search';
import { products } from './products/api';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const customersPage = lazyPage(() => import('./customers/customers-page').then((m) => m.CustomersPage));
const productsPage = lazyPage(() => import('./products/products-page').then((m) => m.ProductsPage));
const lookupPage = (name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage') =>
  lazyPage(() => import('./lookups/lookup-screens').then((m) => m[name]));

const masters: RemoteModule = {
  area: 'Masters',
  // Route titles and the search label are keys of the area's catalogue.
  namespace: MASTERS_NAMESPACE,
  version: BUILD_VERSION,
  search: [customerSearch],
  routes: guardRoutes([
    { path: '/customers', title: 'area.routes.customers', permission: 'customers.read', ...customersPage, prefetch: () => prefetchFirstPage(customers) },
    { path: '/products', title: 'area.routes.products', permission: 'products.read', ...productsPage, prefetch: () => prefetchFirstPage(products) },
    { path: '/customer-kinds', title: 'area.routes.customerKinds', permission: 'lookups.read', ...lookupPage('CustomerKindsPage') },
    { path: '/customer-nationalities', title: 'area.routes.customerNationalities', permission: 'lookups.read', ...lookupPage('CustomerNationalitiesPage') },
    { path: '/customer-cities', title: 'area.routes.customerCities', permission: 'lookups.read', ...lookupPage('CustomerCitiesPage') },
    { path: '/types', title: 'area.routes.types', permission: 'lookups.read', ...lookupPage('ProductTypesPage') },
  ]),
};

export default masters;
