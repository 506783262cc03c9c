import { useRef } from 'react';
import type { SortDirection } from '@admin/shared/contract';
import { useSearchParams } from '@admin/shared/router';

export interface ListParamsState<Filter extends string = string> {
  page: number;
  search: string;
  /** Each named filter's value; '' is the "All" choice. */
  filters: Record<Filter, string>;
  setPage: (page: number) => void;
  /** Also goes back to page 1: the old page number means nothing for a new search. */
  setSearch: (search: string) => void;
  setFilter: (name: Filter, value: string) => void;
  /** The column the list is sorted by (the API's `sort` name), '' for the list's default order. */
  sort: string;
  order: SortDirection;
  /**
   * A header's click: sorts by `column` ascending, then descending, then back to the default
   * order. Back to page 1, like a new search.
   */
  toggleSort: (column: string) => void;
  /** The page size in the address (?limit=25), undefined when none is set. */
  limit: number | undefined;
  /** Also goes back to page 1. */
  setLimit: (limit: number) => void;
}

/**
 * Page, search, filters, sort and page size of a list, kept in the address's query string
 * (?search=…&status=…&sort=amount&order=desc&limit=25&page=2),
 * so a filtered list survives a reload and can be shared as a link. Empty values stay out of the address.
 */
export function useListParams<Filter extends string>(filterNames: readonly Filter[] = []): ListParamsState<Filter> {
  const [params, setParams] = useSearchParams();
  // The router's functional update starts from the params of the last render, so two changes
  // before a re-render (two filters picked quickly) would lose the first: start from the latest.
  // The router moves to a new address in a transition, and a render before it lands still reads
  // the old one: only a new address (the router's params change) replaces what was set here.
  const latest = useRef(params);
  const fromRouter = useRef(params);
  if (fromRouter.current !== params) {
    fromRouter.current = params;
    latest.current = params;
  }
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  // Every name given gets an entry ('' when the address has none), so each named filter is a string.
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<
    Filter,
    string
  >;
  const sort = params.get('sort') ?? '';
  const order: SortDirection = params.get('order') === 'desc' ? 'desc' : 'asc';
  const limit = Math.floor(Number(params.get('limit'))) || undefined;

  const update = (changes: Record<string, string>, replace: boolean) => {
    const next = new URLSearchParams(latest.current);
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === '' || (key === 'page' && value === '1')) next.delete(key);
      else next.set(key, value);
    }
    latest.current = next;
    // Typing replaces the entry, so Back leaves the list instead of undoing keystrokes.
    setParams(next, { replace });
  };

  return {
    page,
    search,
    filters,
    setPage: (p) => update({ page: String(p) }, false),
    setSearch: (value) => update({ search: value }, true),
    setFilter: (name, value) => update({ [name]: value }, false),
    sort,
    order,
    toggleSort: (column) => {
      if (sort !== column) update({ sort: column, order: 'asc' }, false);
      else if (order === 'asc') update({ order: 'desc' }, false);
      else update({ sort: '', order: '' }, false);
    },
    limit,
    setLimit: (value) => update({ limit: String(value) }, false),
  };
}
