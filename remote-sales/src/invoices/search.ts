import { RESOURCES, type Invoice } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { listSearch } from '@admin/shared/remote';
import { invoices } from './api';

/** Invoices by number (automatic or manual), reference or customer name; each opens the list showing it. */
export const invoiceSearch = listSearch<Invoice>({
  label: 'search.invoices', // a key of the 'sales' texts
  permission: RESOURCES.invoices.permissions.read,
  resource: invoices,
  item: (invoice) => ({
    label: invoice.invoiceNumber,
    detail: `${invoice.customer.customerName} · ${formatKd(invoice.totalAmount)}`,
    path: `${RESOURCES.invoices.page}?search=${encodeURIComponent(invoice.invoiceNumber)}`,
  }),
});
