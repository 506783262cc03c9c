import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_PAGE_LIMIT } from '@admin/shared/contract';
import type { Resource } from '@admin/shared/query';
import { useDebounced } from './use-debounced';
import { useListParams } from './use-list-params';

/**
 * One page of a resource's list, as the address asks for it (page, search, filters): searches once
 * staff pause typing, keeps the current page on screen while the next loads, and moves to the last
 * page when a delete empties it (or an old link names a page past the end).
 */
export function useResourceList<T>(resource: Pick<Resource<T, unknown>, 'listQuery'>, filterNames?: readonly string[], pageSize = DEFAULT_PAGE_LIMIT) {
  const params = useListParams(filterNames);
  const { page, filters, setPage } = params;
  const settledSearch = useDebounced(params.search);
  const list = useQuery({
    ...resource.listQuery({ page, limit: pageSize, search: settledSearch.trim(), ...filters }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data?.pagination.pages ?? 1;
  const pastEnd = list.isSuccess && !list.isFetching && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);
  return { ...params, list, pages };
}
