import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_PAGE_LIMIT, PAGE_SIZES, type SortDirection } from '@admin/shared/contract';
import type { Resource } from '@admin/shared/query';
import { downloadCsv } from './download-csv';
import type { ListControls } from './list-controls';
import { useDebounced } from './use-debounced';
import { useListParams } from './use-list-params';

/**
 * One page of a resource's list, as the address asks for it (page, search, filters, sort, page
 * size): searches once staff pause typing, keeps the current page on screen while the next loads,
 * and moves to the last page when a delete empties it (or an old link names a page past the end).
 * `controls` wires the list's sortable headers, page-size choice and CSV export into ResourcePage;
 * `defaultSort` is the API's order without `sort`, shown on its header.
 */
export function useResourceList<T, Filter extends string = string>(
  resource: Pick<Resource<T, unknown>, 'listQuery' | 'path'>,
  filterNames?: readonly Filter[],
  defaultPageSize = DEFAULT_PAGE_LIMIT,
  defaultSort?: { sort: string; order: SortDirection },
) {
  const params = useListParams(filterNames);
  const { page, filters, setPage, sort, order } = params;
  const sizes = [...new Set<number>([...PAGE_SIZES, defaultPageSize])].sort((a, b) => a - b);
  const pageSize = params.limit && sizes.includes(params.limit) ? params.limit : defaultPageSize;
  const settledSearch = useDebounced(params.search);
  const query = { search: settledSearch.trim(), ...filters, ...(sort ? { sort, order } : {}) };
  const list = useQuery({
    ...resource.listQuery({ page, limit: pageSize, ...query }),
    placeholderData: keepPreviousData,
  });
  const controls: ListControls = {
    sort: sort ? { sort, order } : defaultSort,
    onSort: params.toggleSort,
    pageSize,
    pageSizes: sizes,
    onPageSizeChange: params.setLimit,
    onExport: () => downloadCsv(resource.path, query),
  };
  const pages = list.data?.pagination.pages ?? 1;
  const pastEnd = list.isSuccess && !list.isFetching && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages, setPage]);
  // What a ResourcePage takes to page the list, handed on whole: <ResourcePage {...paging} />.
  const paging = { page, pages, onPageChange: setPage, controls };
  return { ...params, list, pages, controls, paging };
}
