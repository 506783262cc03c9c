import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { MASTERS_NAMESPACE } from './i18n';
import { customers } from './customers/api';
import { customerSearch } from './customers/search';
import { products } from './products/api';
import { PAGES } from './pages';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const customersPage = lazyPage(() => import('./customers/customers-page').then((m) => m.CustomersPage));
const productsPage = lazyPage(() => import('./products/products-page').then((m) => m.ProductsPage));
const lookupPage = (
  name: 'ProductTypesPage' | 'CustomerKindsPage' | 'CustomerNationalitiesPage' | 'CustomerCitiesPage' | 'BanksPage',
) => lazyPage(() => import('./lookups/lookup-screens').then((m) => m[name]));

const masters: RemoteModule = {
  area: 'Masters',
  // Route titles and the search label are keys of the area's catalogue.
  namespace: MASTERS_NAMESPACE,
  version: BUILD_VERSION,
  search: [customerSearch],
  routes: guardRoutes([
    {
      ...PAGES.customers,
      ...customersPage,
      prefetch: () => prefetchFirstPage(customers),
    },
    {
      ...PAGES.products,
      ...productsPage,
      prefetch: () => prefetchFirstPage(products),
    },
    {
      ...PAGES.customerKinds,
      ...lookupPage('CustomerKindsPage'),
    },
    {
      ...PAGES.customerNationalities,
      ...lookupPage('CustomerNationalitiesPage'),
    },
    {
      ...PAGES.customerCities,
      ...lookupPage('CustomerCitiesPage'),
    },
    {
      ...PAGES.productTypes,
      ...lookupPage('ProductTypesPage'),
    },
    { ...PAGES.banks, ...lookupPage('BanksPage') },
  ]),
};

export default masters;
