import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { startTransition, useState } from 'react';
import { useAuth } from '@admin/shared/auth';
import { UiProvider } from '@admin/shared/ui';
import { OverrideBanner } from './override-banner';
import { RemoteArea } from '../common/remotes/remote-area';
import { updateRemoteStatus, usePlatformStatus } from '../common/remotes/remote-status';

describe('OverrideBanner', () => {
  beforeEach(() => {
    rs.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    useAuth.setState({ user: { _id: 'tester-1', permissions: ['platform.manage'] } });
  });
  afterEach(() => {
    rs.restoreAllMocks();
    usePlatformStatus.setState({ remotes: {} });
    useAuth.setState({ user: null });
  });

  it('names the overridden release, and Reset ends the override', () => {
    localStorage.setItem(
      'platform.overrides.tester-1',
      JSON.stringify({ sales: { version: '1.3.0', entry: '/remotes/sales/1.3.0/mf-manifest.json' } }),
    );
    updateRemoteStatus('sales', {
      version: '1.3.0',
      entry: '/remotes/sales/1.3.0/mf-manifest.json',
      channel: 'override',
    });
    updateRemoteStatus('masters', {
      version: '1.0.0',
      entry: '/remotes/masters/1.0.0/mf-manifest.json',
      channel: 'stable',
    });
    render(
      <UiProvider>
        <OverrideBanner />
      </UiProvider>,
    );
    expect(screen.getByTestId('override-banner').textContent).toContain('Sales 1.3.0 (override) —');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(window.location.reload).toHaveBeenCalled();
    expect(localStorage.getItem('platform.overrides.tester-1')).toBeNull();
  });

  it('does not re-render at load states, so an area that loads while rendering loads once', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      updateRemoteStatus('sales', { state: 'loading' });
      return function Invoices() {
        return <h2>Invoices page</h2>;
      };
    };
    let open = () => {};
    // The area mounts in a transition, as a navigation does.
    function Shell() {
      const [shown, setShown] = useState(false);
      open = () => startTransition(() => setShown(true));
      return (
        <>
          <OverrideBanner />
          {shown && <RemoteArea area="Sales" load={load} />}
        </>
      );
    }
    render(
      <UiProvider>
        <Shell />
      </UiProvider>,
    );
    act(() => open());
    expect(await screen.findByRole('heading', { name: 'Invoices page' })).toBeTruthy();
    expect(loads).toBe(1);
  });
});
