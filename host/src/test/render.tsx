import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '@admin/shared/router';
import { UiProvider } from '@admin/shared/ui';

/** Renders with the providers the host has, at `path`. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </UiProvider>,
  );
}
