import { describe, expect, it } from '@rstest/core';
import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import {
  CORE_STALE_EDGES,
  RESOURCE_NAMES,
  RESOURCES,
  STALE_AFTER,
  STALE_EDGES,
  type ResourceName,
} from '@admin/shared/contract';
import { createQueryClient } from './client';
import { createKeys } from './keys';
import { createStaleMap, type StaleMap } from './stale-map';

/** The page's map once the host and the areas have handed theirs over. */
const everyAppsMap = createStaleMap(CORE_STALE_EDGES, STALE_EDGES);

/** A client with a list page and a detail of every resource in its cache, none of them stale. */
function clientWithEveryResource(staleMap: StaleMap = everyAppsMap): QueryClient {
  const client = createQueryClient(staleMap);
  for (const name of RESOURCE_NAMES) {
    client.setQueryData(createKeys(RESOURCES[name]).list({ page: 1 }), `${name} page 1`);
    client.setQueryData(createKeys(RESOURCES[name]).detail('7'), `${name} 7`);
  }
  return client;
}

/** The resources whose list and detail are both marked stale (a resource is refreshed whole or not at all). */
function staleResources(client: QueryClient): ResourceName[] {
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return RESOURCE_NAMES.filter((name) => {
    const list = stale(createKeys(RESOURCES[name]).list({ page: 1 }));
    expect(stale(createKeys(RESOURCES[name]).detail('7'))).toBe(list);
    return list;
  });
}

function run(client: QueryClient, write: () => Promise<unknown>, changes?: ResourceName) {
  return new MutationObserver(client, { mutationFn: write, meta: changes && { changes: RESOURCES[changes] } }).mutate();
}

describe('the stale map', () => {
  it("before any area has loaded, a change refreshes what the host's own edges name, else itself", async () => {
    const hostsOnly = createStaleMap(CORE_STALE_EDGES);
    const client = clientWithEveryResource(hostsOnly);
    await run(client, async () => 'saved', 'users');
    expect(staleResources(client)).toEqual(['users']);
    const again = clientWithEveryResource(hostsOnly);
    await run(again, async () => 'paid', 'payments');
    expect(staleResources(again)).toEqual(['payments']);
  });

  it("the host's own edges are the contract's too", () => {
    for (const [changed, stale] of Object.entries(CORE_STALE_EDGES))
      expect(STALE_EDGES[changed]).toEqual(expect.arrayContaining([...stale]));
  });

  it.each(RESOURCE_NAMES)('a %s change refreshes exactly what the map names for it', async (change) => {
    const client = clientWithEveryResource();
    await run(client, async () => 'saved', change);
    expect(staleResources(client).sort()).toEqual([...STALE_AFTER[change]].sort());
  });

  it('a payment change refreshes the payments, invoices, balances, receivables, the dashboard and the collections', async () => {
    const client = clientWithEveryResource();
    await run(client, async () => 'paid', 'payments');
    expect(staleResources(client).sort()).toEqual(
      ['payments', 'invoices', 'customerBalances', 'receivables', 'dashboard', 'collections'].sort(),
    );
  });

  it('every change refreshes the resource it changed', () => {
    for (const name of RESOURCE_NAMES) expect(STALE_AFTER[name]).toContain(name);
  });

  it('a failed write, or a mutation that names no change, refreshes nothing', async () => {
    const client = clientWithEveryResource();
    await expect(run(client, () => Promise.reject(new Error('refused')), 'payments')).rejects.toThrow('refused');
    await run(client, async () => 'read');
    expect(staleResources(client)).toEqual([]);
  });

  it('the mutation resolves once the lists on screen have refetched', async () => {
    const client = clientWithEveryResource();
    let fetched = 0;
    // An observed (on-screen) list: fresh, so watching it fetches nothing until the write makes it stale.
    const onScreen = new QueryObserver(client, {
      queryKey: createKeys(RESOURCES.invoices).list({ page: 1 }),
      queryFn: async () => `invoices fetch ${++fetched}`,
      staleTime: Infinity,
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    await run(client, async () => 'paid', 'payments');
    expect(fetched).toBe(1);
    expect(onScreen.getCurrentResult().data).toBe('invoices fetch 1');
    unsubscribe();
  });

  it("a resource an area adds brings its edges both ways, and the page keeps the others'", async () => {
    const depositSlips = { key: 'deposit-slips' };
    const withSlips = createStaleMap(CORE_STALE_EDGES, STALE_EDGES);
    withSlips.share({ cheques: [depositSlips.key], [depositSlips.key]: ['cheques'] });
    const client = clientWithEveryResource(withSlips);
    client.setQueryData(createKeys(depositSlips).list({ page: 1 }), 'slips page 1');
    await run(client, async () => 'deposited', 'cheques');
    expect(client.getQueryState(createKeys(depositSlips).list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(staleResources(client).sort()).toEqual([...STALE_AFTER.cheques].sort());

    const afterSlip = clientWithEveryResource(withSlips);
    await new MutationObserver(afterSlip, { mutationFn: async () => 'slip', meta: { changes: depositSlips } }).mutate();
    expect(staleResources(afterSlip)).toEqual(['cheques']);
  });
});
