import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { RESOURCES } from '@admin/shared/contract';
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
    {
      path: RESOURCES.invoices.page,
      title: 'routes.invoices',
      permission: RESOURCES.invoices.permissions.read,
      ...invoicesArea,
      prefetch: () => prefetchFirstPage(invoices),
    },
    {
      path: RESOURCES.scheduledInvoices.page,
      title: 'routes.scheduledInvoices',
      permission: RESOURCES.scheduledInvoices.permissions.read,
      ...schedulesPage,
      prefetch: () => prefetchFirstPage(schedules),
    },
  ]),
};

export default sales;
