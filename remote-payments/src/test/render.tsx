import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { queryClient } from '@admin/shared/query';
import { MemoryRouter } from '@admin/shared/router';
import { UiProvider } from '@admin/shared/ui';

/** Renders with the providers the host gives a remote: the page's QueryClient, the UI system and toaster, a router. */
export function renderPage(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
}
