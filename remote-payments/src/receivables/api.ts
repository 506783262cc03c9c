import { queryOptions } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import type { AgingRow, CustomerCity, CustomerKind, CustomerStatement, ListResponse } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';
import { receivableKeys } from '../related-keys';

/** GET /receivables/aging: a page of customers with what they owe by age, and the totals of all that match. */
// Under the 'receivables' key with the statements, so whatever moves money reloads both.
export const agingReport = createResource<AgingRow, never>('/receivables/aging', 'receivables');


export const statementPath = (customerId: string) => `/customers/${customerId}/statement`;

/** GET /customers/{id}/statement for a period (both days 'YYYY-MM-DD'; absent: the last three months). */
export function statementQuery(customerId: string, period: { from?: string; to?: string }) {
  return queryOptions({
    queryKey: [...receivableKeys.detail(customerId), 'statement', period] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerStatement }>(statementPath(customerId), { params: period, signal }).then((r) => r.data.data),
  });
}

const CHOICES = {
  kinds: { path: '/customer-kinds', name: (row: CustomerKind) => row.kindName },
  cities: { path: '/customer-cities', name: (row: CustomerCity) => row.cityName },
} as const;

/** The customer kinds or cities the report filters by, as options. */
export function customerChoicesQuery(which: keyof typeof CHOICES) {
  const { path, name } = CHOICES[which] as { path: string; name: (row: CustomerKind & CustomerCity) => string };
  return queryOptions({
    queryKey: [path.slice(1), 'choices'] as const,
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<CustomerKind & CustomerCity>>(path, { params: { limit: 1000 }, signal })
        .then((r) => r.data.data.map((row) => ({ value: row._id, label: name(row) }))),
  });
}
