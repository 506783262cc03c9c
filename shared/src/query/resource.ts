import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { api, dataOf } from '@admin/shared/api';
import type { Answer, ListResponse, ResourceDefinition } from '@admin/shared/contract';
import { createKeys, type ListParams, type QueryKeys } from './keys';

export interface Resource<T, TInput> {
  /** Its definition (the contract's RESOURCES entry); also what its writes change (their meta's `changes`). */
  definition: ResourceDefinition;
  /** API path of the collection, e.g. '/types'. */
  path: string;
  keys: QueryKeys;
  /** Query options (key and fetcher) for one page of the list. */
  listQuery: (params?: ListParams) => ListQueryOptions<T>;
  create: (input: TInput, config?: AxiosRequestConfig) => Promise<T>;
  update: (id: string, input: TInput, config?: AxiosRequestConfig) => Promise<T>;
  remove: (id: string, config?: AxiosRequestConfig) => Promise<void>;
}

type ListKey = ReturnType<QueryKeys['list']>;

export interface ListQueryOptions<T> {
  queryKey: ListKey;
  queryFn: QueryFunction<ListResponse<T>, ListKey>;
}

/** One page of the collection at `path`: the key holds only the parameters that are set. */
export function listQueryOptions<T>(path: string, keys: QueryKeys, params?: ListParams): ListQueryOptions<T> {
  const key = keys.list(params);
  return {
    queryKey: key,
    queryFn: ({ signal }) => api.get<ListResponse<T>>(path, { params: key[2], signal }).then((r) => r.data),
  };
}

/**
 * The first `limit` rows of a collection matching a search, in the list's default order: what a
 * quick search (the command palette) shows.
 */
export async function findIn<T>(path: string, search: string, signal: AbortSignal, limit = 5): Promise<T[]> {
  // An empty search is left out: the list's first rows.
  return (await api.get<ListResponse<T>>(path, { params: { search: search || undefined, limit }, signal })).data.data;
}

/** One record of a resource: GET <path>/<id>. */
export function fetchRecord<T>(resource: ResourceDefinition, id: string, signal?: AbortSignal): Promise<T> {
  return api.get<Answer<T>>(`${resource.path}/${id}`, { signal }).then(dataOf);
}

/** One record under its resource's detail key, so any change to the resource refreshes it. */
export function recordQuery<T>(resource: ResourceDefinition, id: string) {
  return queryOptions({
    queryKey: createKeys(resource).detail(id),
    queryFn: ({ signal }) => fetchRecord<T>(resource, id, signal),
  });
}

/**
 * One REST collection, as its definition names it: list, create, update, delete, and its query
 * keys. Every CRUD screen is built on one of these instead of its own fetch code.
 */
export function createResource<T, TInput = unknown>(definition: ResourceDefinition): Resource<T, TInput> {
  const { path } = definition;
  const keys = createKeys(definition);
  return {
    definition,
    path,
    keys,
    listQuery: (params) => listQueryOptions<T>(path, keys, params),
    create: (input, config) => api.post<Answer<T>>(path, input, config).then(dataOf),
    update: (id, input, config) => api.put<Answer<T>>(`${path}/${id}`, input, config).then(dataOf),
    remove: (id, config) => api.delete(`${path}/${id}`, config).then(() => undefined),
  };
}
