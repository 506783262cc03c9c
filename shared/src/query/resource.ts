import type { QueryFunction } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { api } from '@admin/shared/api';
import type { ListResponse } from '@admin/shared/contract';
import { createKeys, type ListParams, type QueryKeys } from './keys';

export interface Resource<T, TInput> {
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
  return (await api.get<ListResponse<T>>(path, { params: { search, limit }, signal })).data.data;
}

/** Unwraps `{ data }` answers; a bare record is returned as is. */
function unwrap<T>(body: unknown): T {
  return (body && typeof body === 'object' && 'data' in body ? (body as { data: T }).data : body) as T;
}

/**
 * One REST collection: list, create, update, delete, and its query keys. Every CRUD screen is
 * built on one of these instead of its own fetch code.
 */
export function createResource<T, TInput = unknown>(path: string, keyName = path.replace(/^\//, '')): Resource<T, TInput> {
  const keys = createKeys(keyName);
  return {
    path,
    keys,
    listQuery: (params) => listQueryOptions<T>(path, keys, params),
    create: (input, config) => api.post(path, input, config).then((r) => unwrap<T>(r.data)),
    update: (id, input, config) => api.put(`${path}/${id}`, input, config).then((r) => unwrap<T>(r.data)),
    remove: (id, config) => api.delete(`${path}/${id}`, config).then(() => undefined),
  };
}
