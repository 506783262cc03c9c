import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { ResourceDefinition } from '@admin/shared/contract';
import { pageStaleMap, staleMapMutationCache, type StaleMap } from './stale-map';

/** Unused entries stay cached this long. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** A QueryClient as the page's: its mutations refresh what the stale map (the page's unless given) says they make stale. */
export function createQueryClient(staleMap: StaleMap = pageStaleMap): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: staleMapMutationCache(() => client, staleMap),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: QUERY_GC_TIME_MS },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The one QueryClient of the page, shared by the host and every remote. */
export const queryClient = createQueryClient();

/**
 * Runs a write that is not a component's useMutation (an api function a dialog awaits) as a
 * mutation of the page's client, so it resolves once what it `changes` made stale is refreshed.
 */
export function mutateChange<T>(changes: ResourceDefinition, write: () => Promise<T>): Promise<T> {
  return new MutationObserver<T, Error, void>(queryClient, { mutationFn: write, meta: { changes } }).mutate();
}
