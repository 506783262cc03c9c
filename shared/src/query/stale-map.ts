import { MutationCache, type QueryClient } from '@tanstack/react-query';
import { CORE_STALE_EDGES, type ResourceDefinition, type StaleEdges } from '@admin/shared/contract';

/**
 * A stale map by query key: the union of the edges handed to it. The page's holds the host's own
 * (CORE_STALE_EDGES) and every loaded area's: an area that adds a resource brings its edges, both
 * ways, with its release; an edge no longer named by anyone only costs a refetch until a reload.
 */
export interface StaleMap {
  /** Adds what changes to resources make stale. */
  share: (edges: StaleEdges) => void;
  /** The query keys a change to the resource `key` makes stale (itself at least). */
  staleAfter: (key: string) => string[];
}

export function createStaleMap(...initial: StaleEdges[]): StaleMap {
  const edges = new Map<string, Set<string>>();
  const share = (more: StaleEdges) => {
    for (const [changed, stale] of Object.entries(more)) {
      const known = edges.get(changed) ?? new Set([changed]);
      for (const key of stale) known.add(key);
      edges.set(changed, known);
    }
  };
  initial.forEach(share);
  return { share, staleAfter: (key) => [...(edges.get(key) ?? [key])] };
}

/** The page's stale map, which its one query client applies. */
export const pageStaleMap = createStaleMap(CORE_STALE_EDGES);

/** Adds to the page's stale map; each area calls it with its contract's map as it loads. */
export function shareStaleEdges(edges: StaleEdges): void {
  pageStaleMap.share(edges);
}

/** What a mutation's meta says it changed: the resource's definition (its key is what counts). */
export type ChangeMeta = { changes: Pick<ResourceDefinition, 'key'> };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ChangeMeta;
  }
}

/** Marks everything `change` makes stale and refetches what is on screen; resolves once it has. */
function refreshAfter(client: QueryClient, staleMap: StaleMap, change: ChangeMeta['changes']): Promise<unknown> {
  return Promise.all(staleMap.staleAfter(change.key).map((key) => client.invalidateQueries({ queryKey: [key] })));
}

/**
 * The mutation cache that applies the stale map. It runs on settling, after the mutation's own
 * onSuccess (its toast), and the mutation stays pending until the lists on screen have refetched,
 * so a dialog closes onto fresh rows. A failed write changes nothing.
 */
export function staleMapMutationCache(client: () => QueryClient, staleMap: StaleMap): MutationCache {
  return new MutationCache({
    onSettled: (_data, error, _variables, _context, mutation) =>
      error || !mutation.meta ? undefined : refreshAfter(client(), staleMap, mutation.meta.changes),
  });
}
