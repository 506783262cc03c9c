import { queryOptions } from '@tanstack/react-query';
import { api } from '@admin/shared/api';
import type { DashboardSummary } from '@admin/shared/contract';
import { createKeys } from './keys';

/**
 * GET /dashboard/summary. Every remote's dashboard widgets read this one query, so the page's
 * single QueryClient makes one request for all of them; a change anywhere invalidates ['dashboard'].
 */
export const dashboardSummaryQuery = queryOptions({
  queryKey: [...createKeys('dashboard').all, 'summary'] as const,
  queryFn: ({ signal }) => api.get<{ data: DashboardSummary }>('/dashboard/summary', { signal }).then((r) => r.data.data),
});
