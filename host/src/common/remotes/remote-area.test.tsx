import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { UiProvider } from '@admin/shared/ui';
import { RemoteArea } from './remote-area';

function Customers() {
  return <h2>Customers page</h2>;
}

describe('RemoteArea', () => {
  // The failures below are expected; React and the boundary report them on the console.
  beforeEach(() => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rs.restoreAllMocks();
  });

  it('shows the page once the remote loads', async () => {
    render(
      <UiProvider>
        <RemoteArea area="Masters" load={async () => Customers} />
      </UiProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Customers page' })).toBeTruthy();
  });

  it('shows a page the remote itself loads lazily', async () => {
    const LazyCustomers = lazy(async () => ({ default: Customers }));
    render(
      <UiProvider>
        <RemoteArea area="Masters" load={async () => LazyCustomers} />
      </UiProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Customers page' })).toBeTruthy();
  });

  it('a failed load shows the unavailable panel, and Retry really loads again', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('Failed to fetch mf-manifest.json');
      return Customers;
    };
    render(
      <UiProvider>
        <RemoteArea area="Payments" load={load} />
      </UiProvider>,
    );
    expect(await screen.findByText('The Payments area is unavailable')).toBeTruthy();
    // Plain words for staff; the runtime's text only behind 'Details'.
    const detail = screen.getByText('Failed to fetch mf-manifest.json');
    expect(detail.hidden).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(detail.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Customers page' })).toBeTruthy();
    expect(calls).toBe(2);
    expect(screen.queryByText('The Payments area is unavailable')).toBeNull();
  });

  it('a page that crashes while rendering is contained in its area', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <UiProvider>
        <p>Shell stays</p>
        <RemoteArea area="Sales" load={async () => Broken} />
      </UiProvider>,
    );
    expect(await screen.findByText('The Sales area is unavailable')).toBeTruthy();
    expect(screen.getByText('Shell stays')).toBeTruthy();
  });
});
