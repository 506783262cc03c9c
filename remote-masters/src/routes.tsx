import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { RESOURCES } from '@admin/shared/contract';
import { guardRoutes } from '@admin/shared/ui-kit';
import { MASTERS_NAMESPACE } from './i18n';
import { customers } from './customers/api';
import { customerSearch } from './customers/search';
import { products } from './products/api';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const customersPage = lazyPage(() => import('./customers/customers-page').then((m) => m.CustomersPage));
const productsPage = lazyPage(() => import('./products/products-page').then((m) => m.ProductsPage));
const lookupPage = (
  name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage',
) => lazyPage(() => import('./lookups/lookup-screens').then((m) => m[name]));

const masters: RemoteModule = {
  area: 'Masters',
  // Route titles and the search label are keys of the area's catalogue.
  namespace: MASTERS_NAMESPACE,
  version: BUILD_VERSION,
  search: [customerSearch],
  routes: guardRoutes([
    {
      path: RESOURCES.customers.page,
      title: 'area.routes.customers',
      permission: RESOURCES.customers.permissions.read,
      ...customersPage,
      prefetch: () => prefetchFirstPage(customers),
    },
    {
      path: RESOURCES.products.page,
      title: 'area.routes.products',
      permission: RESOURCES.products.permissions.read,
      ...productsPage,
      prefetch: () => prefetchFirstPage(products),
    },
    {
      path: RESOURCES.customerKinds.page,
      title: 'area.routes.customerKinds',
      permission: RESOURCES.customerKinds.permissions.read,
      ...lookupPage('CustomerKindsPage'),
    },
    {
      path: RESOURCES.customerNationalities.page,
      title: 'area.routes.customerNationalities',
      permission: RESOURCES.customerNationalities.permissions.read,
      ...lookupPage('CustomerNationalitiesPage'),
    },
    {
      path: RESOURCES.customerCities.page,
      title: 'area.routes.customerCities',
      permission: RESOURCES.customerCities.permissions.read,
      ...lookupPage('CustomerCitiesPage'),
    },
    {
      path: RESOURCES.productTypes.page,
      title: 'area.routes.types',
      permission: RESOURCES.productTypes.permissions.read,
      ...lookupPage('ProductTypesPage'),
    },
  ]),
};

export default masters;
