import type { Invoice } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { findIn } from '@admin/shared/query';
import type { RemoteSearch } from '@admin/shared/remote';
import { invoices } from './api';

/** Invoices by number (automatic or manual), reference or customer name; each opens the list showing it. */
export const invoiceSearch: RemoteSearch = {
  label: 'Invoices',
  permission: 'invoices.read',
  find: async (term, signal) =>
    (await findIn<Invoice>(invoices.path, term, signal)).map((invoice) => ({
      label: invoice.invoiceNumber,
      detail: `${invoice.customer.customerName} · ${formatKd(invoice.totalAmount)}`,
      path: `/invoices?search=${encodeURIComponent(invoice.invoiceNumber)}`,
    })),
};
