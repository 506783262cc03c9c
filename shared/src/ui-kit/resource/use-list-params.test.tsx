import { describe, expect, it } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { MemoryRouter, useLocation } from '@admin/shared/router';
import { useListParams } from './use-list-params';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      // Something else on the screen (a list's loading state) renders it again at any moment.
      const [, setRenders] = useState(0);
      return {
        list: useListParams(['status', 'customerCity']),
        location: useLocation(),
        renderAgain: () => flushSync(() => setRenders((n) => n + 1)),
      };
    },
    { wrapper },
  );
}

describe('useListParams', () => {
  it('reads page, search and filters from the address, a reloaded or shared link included', () => {
    const { result } = renderAt('/customers?search=fatima&status=high&page=3');
    expect(result.current.list.page).toBe(3);
    expect(result.current.list.search).toBe('fatima');
    expect(result.current.list.filters).toEqual({ status: 'high', customerCity: '' });
  });

  it('treats a missing or nonsensical page as page 1', () => {
    expect(renderAt('/customers?page=abc').result.current.list.page).toBe(1);
    expect(renderAt('/customers?page=-4').result.current.list.page).toBe(1);
  });

  it('a new search or filter goes back to page 1 and keeps the other filters', () => {
    const { result } = renderAt('/customers?status=high&page=3');
    act(() => result.current.list.setSearch('acme'));
    expect(result.current.location.search).toBe('?status=high&search=acme');
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setFilter('customerCity', 'c1'));
    expect(result.current.location.search).toBe('?status=high&search=acme&customerCity=c1');
  });

  it('keeps both of two filters picked quickly, even when the screen renders between them before the address changes', () => {
    const { result } = renderAt('/customers');
    act(() => {
      result.current.list.setFilter('status', 'high');
      // The router moves to the new address in a transition: this render still reads the old one.
      result.current.renderAgain();
      result.current.list.setFilter('customerCity', 'c1');
    });
    expect(result.current.location.search).toBe('?status=high&customerCity=c1');
  });

  it('leaves empty values and page 1 out of the address', () => {
    const { result } = renderAt('/customers?status=high&search=a&page=2');
    act(() => result.current.list.setFilter('status', ''));
    act(() => result.current.list.setSearch(''));
    act(() => result.current.list.setPage(1));
    expect(result.current.location.search).toBe('');
  });

  it('a header cycles its column ascending, descending, then back to the default order, from page 1', () => {
    const { result } = renderAt('/invoices?status=high&page=3');
    expect(result.current.list.sort).toBe('');
    act(() => result.current.list.toggleSort('totalAmount'));
    expect(result.current.location.search).toBe('?status=high&sort=totalAmount&order=asc');
    expect(result.current.list).toMatchObject({ sort: 'totalAmount', order: 'asc' });
    act(() => result.current.list.toggleSort('totalAmount'));
    expect(result.current.location.search).toBe('?status=high&sort=totalAmount&order=desc');
    // Another column starts ascending.
    act(() => result.current.list.toggleSort('customer'));
    expect(result.current.location.search).toBe('?status=high&sort=customer&order=asc');
    act(() => result.current.list.toggleSort('customer'));
    act(() => result.current.list.toggleSort('customer'));
    expect(result.current.location.search).toBe('?status=high');
  });

  it('keeps the page size in the address and goes back to page 1 when it changes', () => {
    const { result } = renderAt('/invoices?page=4');
    expect(result.current.list.limit).toBeUndefined();
    act(() => result.current.list.setLimit(50));
    expect(result.current.location.search).toBe('?limit=50');
    expect(result.current.list.limit).toBe(50);
  });
});
