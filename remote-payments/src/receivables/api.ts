import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import {
  RESOURCES,
  type AgingRow,
  type CustomerCity,
  type CustomerKind,
  type CustomerStatement,
  type ListResponse,
} from '@admin/shared/contract';
import { createKeys, createResource } from '@admin/shared/query';

/** GET /receivables/aging: a page of customers with what they owe by age, and the totals of all that match. */
// Under the 'receivables' key with the statements, so whatever moves money reloads both.
export const agingReport = createResource<AgingRow, never>(RESOURCES.receivables);

export const statementPath = (customerId: string) => `${RESOURCES.customers.path}/${customerId}/statement`;

/** GET /customers/{id}/statement for a period (both days 'YYYY-MM-DD'; absent: the last three months). */
export function statementQuery(customerId: string, period: { from?: string; to?: string }) {
  return queryOptions({
    queryKey: [...agingReport.keys.detail(customerId), 'statement', period] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CustomerStatement }>(statementPath(customerId), { params: period, signal }).then(dataOf),
  });
}

const CHOICES = {
  kinds: { resource: RESOURCES.customerKinds, name: (row: CustomerKind) => row.kindName },
  cities: { resource: RESOURCES.customerCities, name: (row: CustomerCity) => row.cityName },
} as const;

/** The customer kinds or cities the report filters by, as options; under the collection's key, so a change to it refreshes them. */
export function customerChoicesQuery(which: keyof typeof CHOICES) {
  const { resource, name } = CHOICES[which] as {
    resource: (typeof CHOICES)[keyof typeof CHOICES]['resource'];
    name: (row: CustomerKind & CustomerCity) => string;
  };
  return queryOptions({
    queryKey: [...createKeys(resource).all, 'choices'] as const,
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<CustomerKind & CustomerCity>>(resource.path, { params: { limit: 1000 }, signal })
        .then((r) => dataOf(r).map((row) => ({ value: row._id, label: name(row) }))),
  });
}
