import { useRef } from 'react';
import { useSearchParams } from '@admin/shared/router';

export interface ListParamsState {
  page: number;
  search: string;
  /** Each named filter's value; '' is the "All" choice. */
  filters: Record<string, string>;
  setPage: (page: number) => void;
  /** Also goes back to page 1: the old page number means nothing for a new search. */
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string) => void;
}

/**
 * Page, search and filters of a list, kept in the address's query string (?search=…&status=…&page=2),
 * so a filtered list survives a reload and can be shared as a link. Empty values stay out of the address.
 */
export function useListParams(filterNames: readonly string[] = []): ListParamsState {
  const [params, setParams] = useSearchParams();
  // The router's functional update starts from the params of the last render, so two changes
  // before a re-render (two filters picked quickly) would lose the first: start from the latest.
  const latest = useRef(params);
  latest.current = params;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('search') ?? '';
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? '']));

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
  };
}
