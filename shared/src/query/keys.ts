import type { ResourceDefinition } from '@admin/shared/contract';

/** Filters and paging of one list request; `undefined` and '' mean "not set" and are left out of the key. */
export type ListParams = Record<string, string | number | boolean | undefined>;

export interface QueryKeys {
  all: readonly [string];
  lists: () => readonly [string, 'list'];
  list: (params?: ListParams) => readonly [string, 'list', ListParams];
  details: () => readonly [string, 'detail'];
  detail: (id: string) => readonly [string, 'detail', string];
}

function compact(params: ListParams = {}): ListParams {
  const out: ListParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/**
 * A resource's query keys from general to specific (all -> lists -> list(params);
 * all -> details -> detail(id)), so invalidating `all` refreshes every list and detail of it,
 * `lists()` only the lists. Every key starts with the resource's own key.
 */
export function createKeys({ key: resource }: Pick<ResourceDefinition, 'key'>): QueryKeys {
  const all = [resource] as const;
  return {
    all,
    lists: () => [resource, 'list'] as const,
    list: (params) => [resource, 'list', compact(params)] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id) => [resource, 'detail', id] as const,
  };
}
