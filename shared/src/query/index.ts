export { queryClient, QUERY_GC_TIME_MS } from './client';
export { createKeys, auditLogKeys } from './keys';
export type { ListParams, QueryKeys } from './keys';
export { createResource, findIn } from './resource';
export type { Resource, ListQueryOptions } from './resource';
export { dashboardSummaryQuery } from './dashboard';
export { auditLog } from './audit';
