import { queryOptions } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import type { Customer, ListResponse } from '@admin/shared/contract';
import { createKeys } from '@admin/shared/query';
import type { Option } from '@admin/shared/ui';

const customerKeys = createKeys('customers');

/** Customers for a list's filter (SPEC.md section 7: up to 1000). */
export function customerFilterQuery() {
  const params = { limit: 1000 };
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<Customer>>('/customers', { params, signal }).then((r) => r.data.data),
    select: (rows): Option[] => rows.map((c) => ({ value: c._id, label: c.customerName })),
  });
}

/** Customers matching what staff typed in a dialog (up to 50). */
export function customerSearchQuery(search: string) {
  const params = { limit: 50, search: search.trim() };
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<Customer>>('/customers', { params, signal }).then((r) => r.data.data),
  });
}
