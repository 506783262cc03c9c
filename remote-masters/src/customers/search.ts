import { RESOURCES, type Customer } from '@admin/shared/contract';
import { listSearch } from '@admin/shared/remote';
import { customers } from './api';

/** Customers by any of their names; each opens the list showing them. */
export const customerSearch = listSearch<Customer>({
  label: 'area.search.customers',
  permission: RESOURCES.customers.permissions.read,
  resource: customers,
  item: (customer) => ({
    label: customer.customerName,
    detail: customer.customerAlternateName ?? undefined,
    path: `${RESOURCES.customers.page}?search=${encodeURIComponent(customer.customerName)}`,
  }),
});
