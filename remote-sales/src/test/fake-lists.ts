import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { api } from '@admin/shared/api';
import { paginationOf } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';

/**
 * Answers the pickers' searches (GET /customers, GET /products) from in-memory rows, filtered by
 * the search term as the API does; returns the undo. Records each request's path and parameters.
 */
export function serveLists(lists: Record<string, { _id: string; [field: string]: unknown }[]>, nameField: Record<string, string>) {
  const requests: { url: string; params: Record<string, unknown> }[] = [];
  const previous = api.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    requests.push({ url, params });
    const rows = lists[url];
    if (!rows) throw new AxiosError('Not found', 'ERR_BAD_REQUEST', config);
    const term = String(params.search ?? '').toLowerCase();
    const data = rows.filter((row) => String(row[nameField[url]]).toLowerCase().includes(term));
    return { data: { data, pagination: paginationOf(1, Number(params.limit ?? 10), data.length) }, status: 200, statusText: 'OK', headers: {}, config };
  };
  api.defaults.adapter = adapter;
  return {
    requests,
    restore: () => {
      api.defaults.adapter = previous;
      queryClient.clear();
    },
  };
}

/** A 400 answer as the API sends it, with field errors. */
export function fieldErrors(errors: Record<string, string>, status = 400) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: 'Bad Request',
    headers: {},
    config,
    data: { message: Object.values(errors)[0], errors },
  });
}
