import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from './i18n';
import { invoices } from './invoices/api';
import { invoiceSearch } from './invoices/search';
import { schedules } from './schedules/api';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const invoicesArea = lazyPage(() => import('./invoices/invoices-area').then((m) => m.InvoicesArea));
const schedulesPage = lazyPage(() => import('./schedules/schedules-page').then((m) => m.SchedulesPage));

const sales: RemoteModule = {
  area: 'Sales',
  // Route titles and the search label are keys of this namespace.
  namespace: SALES_NAMESPACE,
  version: BUILD_VERSION,
  search: [invoiceSearch],
  routes: guardRoutes([
    // Also serves the printable view, /invoices/:id/print.
    { path: '/invoices', title: 'routes.invoices', permission: 'invoices.read', ...invoicesArea, prefetch: () => prefetchFirstPage(invoices) },
    {
      path: '/scheduled-invoices',
      title: 'routes.scheduledInvoices',
      permission: 'schedules.read',
      ...schedulesPage,
      prefetch: () => prefetchFirstPage(schedules),
    },
  ]),
};

export default sales;
