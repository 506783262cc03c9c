export { queryClient, mutateChange, QUERY_GC_TIME_MS } from './client';
export { createKeys } from './keys';
export { shareStaleEdges } from './stale-map';
export type { ListParams, QueryKeys } from './keys';
export { createResource, fetchRecord, findIn, recordQuery } from './resource';
export type { Resource, ListQueryOptions } from './resource';
export { dashboardSummaryQuery } from './dashboard';
export { auditLog } from './audit';
