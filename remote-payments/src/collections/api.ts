import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { RESOURCES, type CollectionsReport, type CollectionStaff } from '@admin/shared/contract';
import { createKeys, type ListParams } from '@admin/shared/query';

const keys = createKeys(RESOURCES.collections);
export const collectionsPath = RESOURCES.collections.path;

/** What a report is asked for: the period's days ('YYYY-MM-DD') and the user, each left out when not chosen. */
export type CollectionsParams = { from?: string; to?: string; user?: string } & ListParams;

/** GET /collections: the cash-up of a period (the API's default: the business day), of one user or all. */
export function collectionsQuery(params: CollectionsParams) {
  return queryOptions({
    queryKey: keys.list(params),
    queryFn: ({ signal }) => api.get<{ data: CollectionsReport }>(collectionsPath, { params, signal }).then(dataOf),
  });
}

/** GET /collections/staff: whom a report can be limited to. */
export function collectionStaffQuery() {
  return queryOptions({
    queryKey: [...keys.all, 'staff'] as const,
    queryFn: ({ signal }) => api.get<{ data: CollectionStaff[] }>(`${collectionsPath}/staff`, { signal }).then(dataOf),
    staleTime: 60_000,
  });
}
