import { lazy } from 'react';
import { BUILD_VERSION, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';

// Each page loads on first visit, not with the remote's entry.
const PaymentsPage = lazy(() => import('./payments/PaymentsPage').then((m) => ({ default: m.PaymentsPage })));
const CustomerBalancesPage = lazy(() => import('./balances/CustomerBalancesPage').then((m) => ({ default: m.CustomerBalancesPage })));
// Also serves a customer's statement, /receivables-aging/statement/:customerId.
const ReceivablesArea = lazy(() => import('./receivables/ReceivablesArea').then((m) => ({ default: m.ReceivablesArea })));

const payments: RemoteModule = {
  area: 'Payments',
  version: BUILD_VERSION,
  routes: guardRoutes([
    { path: '/payments', title: 'Payments', permission: 'payments.read', Component: PaymentsPage },
    { path: '/customer-balances', title: 'Customer Balances', permission: 'balances.read', Component: CustomerBalancesPage },
    { path: '/receivables-aging', title: 'Receivables Aging', permission: 'receivables.read', Component: ReceivablesArea },
  ]),
};

export default payments;
