import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { CORE_PATHS, CORE_RESOURCES, type DashboardSummary } from '@admin/shared/contract';
import { createKeys } from './keys';

/**
 * GET /dashboard/summary. Every remote's dashboard widgets read this one query, so the page's
 * single QueryClient makes one request for all of them; the stale map (./stale-map.ts) refreshes
 * it after every change that moves a figure.
 */
export const dashboardSummaryQuery = queryOptions({
  queryKey: [...createKeys(CORE_RESOURCES.dashboard).all, 'summary'] as const,
  // Fetched ahead with the profile (host/src/dashboard/dashboard-ahead.ts): the widgets mounting
  // right after use that answer instead of asking again. Any change still refreshes it at once.
  staleTime: 10_000,
  queryFn: ({ signal }) => api.get<{ data: DashboardSummary }>(CORE_PATHS.dashboardSummary, { signal }).then(dataOf),
});
