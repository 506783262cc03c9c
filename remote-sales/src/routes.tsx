import { BUILD_VERSION, lazyPage, prefetchFirstPage, type RemoteModule } from '@admin/shared/remote';
import { guardRoutes } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from './i18n';
import { creditNotes } from './credit-notes/api';
import { invoices } from './invoices/api';
import { invoiceSearch } from './invoices/search';
import { schedules } from './schedules/api';
import { PAGES } from './pages';

// Each page's code loads on first visit or ahead of it (preload), not with the remote's entry.
const invoicesArea = lazyPage(() => import('./invoices/invoices-area').then((m) => m.InvoicesArea));
const schedulesPage = lazyPage(() => import('./schedules/schedules-page').then((m) => m.SchedulesPage));
const creditNotesArea = lazyPage(() => import('./credit-notes/credit-notes-area').then((m) => m.CreditNotesArea));

const sales: RemoteModule = {
  area: 'Sales',
  // Route titles and the search label are keys of this namespace.
  namespace: SALES_NAMESPACE,
  version: BUILD_VERSION,
  search: [invoiceSearch],
  routes: guardRoutes([
    {
      ...PAGES.invoices,
      ...invoicesArea,
      prefetch: () => prefetchFirstPage(invoices),
    },
    {
      ...PAGES.schedules,
      ...schedulesPage,
      prefetch: () => prefetchFirstPage(schedules),
    },
    {
      ...PAGES.creditNotes,
      ...creditNotesArea,
      prefetch: () => prefetchFirstPage(creditNotes),
    },
  ]),
};

export default sales;
