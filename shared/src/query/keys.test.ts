import { describe, expect, it } from '@rstest/core';
import { QueryClient } from '@tanstack/react-query';
import { RESOURCES } from '@admin/shared/contract';
import { createKeys } from './keys';

describe('createKeys', () => {
  const keys = createKeys(RESOURCES.invoices);

  it('builds keys from general to specific', () => {
    expect(keys.all).toEqual(['invoices']);
    expect(keys.lists()).toEqual(['invoices', 'list']);
    expect(keys.list({ page: 2, search: 'acme' })).toEqual(['invoices', 'list', { page: 2, search: 'acme' }]);
    expect(keys.details()).toEqual(['invoices', 'detail']);
    expect(keys.detail('42')).toEqual(['invoices', 'detail', '42']);
  });

  it('leaves unset filters out, so an empty search and no search share one cache entry', () => {
    expect(keys.list({ page: 1, search: '', status: undefined })).toEqual(keys.list({ page: 1 }));
  });

  it('invalidating lists() refreshes every list and no detail; all refreshes both', async () => {
    const client = new QueryClient();
    client.setQueryData(keys.list({ page: 1 }), 'page 1');
    client.setQueryData(keys.list({ page: 2, status: 'paid' }), 'page 2');
    client.setQueryData(keys.detail('7'), 'invoice 7');
    client.setQueryData(createKeys(RESOURCES.payments).lists(), 'other resource');

    await client.invalidateQueries({ queryKey: keys.lists() });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(keys.list({ page: 1 }))).toBe(true);
    expect(stale(keys.list({ page: 2, status: 'paid' }))).toBe(true);
    expect(stale(keys.detail('7'))).toBe(false);
    expect(stale(createKeys(RESOURCES.payments).lists())).toBe(false);

    await client.invalidateQueries({ queryKey: keys.all });
    expect(stale(keys.detail('7'))).toBe(true);
    expect(stale(createKeys(RESOURCES.payments).lists())).toBe(false);
  });
});
