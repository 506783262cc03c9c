import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { queryClient } from '@admin/shared/query';
import { MemoryRouter, useLocation } from '@admin/shared/router';
import { UiProvider } from '@admin/shared/ui';

/** Renders with the providers the host has, at `path`. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
}

/** The router's current path, for tests that check where a page sends the user. */
export function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}
