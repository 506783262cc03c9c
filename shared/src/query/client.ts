import { QueryClient } from '@tanstack/react-query';

/** Unused entries stay cached this long. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** The one QueryClient of the page, shared by the host and every remote. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, gcTime: QUERY_GC_TIME_MS },
    mutations: { retry: false },
  },
});
