import type { Customer } from '@admin/shared/contract';
import { findIn } from '@admin/shared/query';
import type { RemoteSearch } from '@admin/shared/remote';
import { customers } from './api';

/** Customers by any of their names; each opens the list showing them. */
export const customerSearch: RemoteSearch = {
  label: 'Customers',
  permission: 'customers.read',
  find: async (term, signal) =>
    (await findIn<Customer>(customers.path, term, signal)).map((customer) => ({
      label: customer.customerName,
      detail: customer.customerAlternateName ?? undefined,
      path: `/customers?search=${encodeURIComponent(customer.customerName)}`,
    })),
};
