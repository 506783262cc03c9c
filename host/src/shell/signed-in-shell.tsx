import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@admin/shared/query';
import { AppShell } from './app-shell';

/**
 * The shell with the page's one query client around every signed-in page (the host's and the
 * areas'). Only signed-in pages query, so TanStack Query loads with them, not with the sign-in page.
 */
export function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
    </QueryClientProvider>
  );
}
