import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { render, screen } from '@testing-library/react';
import { UiProvider } from '@admin/shared/ui';
import { RemoteArea } from './remote-area';
import { guardRender } from './render-guard';

describe('guardRender', () => {
  beforeEach(() => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rs.restoreAllMocks();
  });

  it('tells of a crash while rendering, then leaves the area to show its unavailable panel', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    const onCrash = rs.fn(async () => undefined);
    render(
      <UiProvider>
        <RemoteArea area="Sales" load={async () => guardRender(Broken, onCrash)} />
      </UiProvider>,
    );
    expect(await screen.findByText('The Sales area is unavailable')).toBeTruthy();
    expect(onCrash).toHaveBeenCalledTimes(1);
    expect(onCrash.mock.calls[0]).toEqual([new Error('render failed')]);
  });

  it('renders the page as it is when nothing fails', async () => {
    render(
      <UiProvider>
        <RemoteArea
          area="Sales"
          load={async () =>
            guardRender(
              () => <h2>Invoices page</h2>,
              async () => undefined,
            )
          }
        />
      </UiProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Invoices page' })).toBeTruthy();
  });
});
