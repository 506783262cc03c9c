import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { customerBalances } from './balances/api';
import { PAYMENTS_NAMESPACE } from './i18n';
import { payments as paymentList } from './common/payments-api';
import { paymentSearch } from './payments/search';
import { PAGES } from './pages';
import { cheques } from './cheques/api';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const paymentsArea = lazyPage(() => import('./payments/payments-area').then((m) => m.PaymentsArea));
const chequesPage = lazyPage(() => import('./cheques/cheques-page').then((m) => m.ChequesPage));
const balancesPage = lazyPage(() => import('./balances/customer-balances-page').then((m) => m.CustomerBalancesPage));
const collectionsPage = lazyPage(() => import('./collections/collections-page').then((m) => m.CollectionsPage));
const receivablesArea = lazyPage(() => import('./receivables/receivables-area').then((m) => m.ReceivablesArea));

const payments: RemoteModule = {
  area: 'Payments',
  // Route titles and the search label are keys of this namespace.
  namespace: PAYMENTS_NAMESPACE,
  version: BUILD_VERSION,
  search: [paymentSearch],
  routes: guardRoutes([
    {
      ...PAGES.payments,
      ...paymentsArea,
      prefetch: () => prefetchFirstPage(paymentList),
    },
    {
      ...PAGES.cheques,
      ...chequesPage,
      prefetch: () => prefetchFirstPage(cheques),
    },
    {
      ...PAGES.balances,
      ...balancesPage,
      prefetch: () => prefetchFirstPage(customerBalances),
    },
    { ...PAGES.collections, ...collectionsPage },
    { ...PAGES.receivables, ...receivablesArea },
  ]),
};

export default payments;
