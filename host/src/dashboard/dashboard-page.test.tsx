import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RemoteName } from '@admin/shared/contract';
import type { DashboardWidget } from '@admin/shared/remote';
import { renderAt } from '../test/render';
import { DashboardPage } from './dashboard-page';

const card = (title: string) =>
  function Card() {
    return <section aria-label={title}>{title}</section>;
  };

const MASTERS: DashboardWidget[] = [
  { id: 'customers', title: 'Customers', order: 40, Component: card('Customers') },
  { id: 'products', title: 'Total Products', order: 30, Component: card('Total Products') },
];

describe('DashboardPage', () => {
  beforeEach(() => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    rs.restoreAllMocks();
  });

  it('lays out loaded widgets in order, holds a skeleton for a slow area and an unavailable card for a failed one', async () => {
    let paymentsCalls = 0;
    const load = async (name: RemoteName): Promise<DashboardWidget[]> => {
      if (name === 'masters') return MASTERS;
      if (name === 'sales') return new Promise(() => {});
      paymentsCalls += 1;
      if (paymentsCalls === 1) throw new Error('Failed to fetch mf-manifest.json');
      return [{ id: 'payments', title: 'Total Payments', order: 20, Component: card('Total Payments') }];
    };
    renderAt(<DashboardPage load={load} holdMs={0} />);
    expect(screen.getByText('Welcome to your admin dashboard')).toBeTruthy();
    const grid = screen.getByLabelText('Dashboard widgets');

    await screen.findByRole('region', { name: 'Customers' });
    // Lower order first, whatever order a remote lists them in.
    const titles = within(grid)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(titles).toEqual(['Total Products', 'Customers']);
    expect(screen.getByLabelText('Loading the Sales widgets')).toBeTruthy();
    const unavailable = await screen.findByRole('alert');
    expect(within(unavailable).getByText('The Payments area is unavailable')).toBeTruthy();

    fireEvent.click(within(unavailable).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Total Payments' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      within(grid)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Total Payments', 'Total Products', 'Customers']);
  });

  it('lays every card out at once when the areas answer within the wait, so none is pushed aside', async () => {
    let answerSales: (widgets: DashboardWidget[]) => void = () => {};
    const load = async (name: RemoteName): Promise<DashboardWidget[]> =>
      name === 'masters'
        ? MASTERS
        : name === 'sales'
          ? new Promise((resolve) => (answerSales = resolve))
          : [{ id: 'payments', title: 'Total Payments', order: 20, Component: card('Total Payments') }];
    renderAt(<DashboardPage load={load} />);
    const grid = screen.getByLabelText('Dashboard widgets');
    // Masters and Payments are in, Sales is not: every area still holds its skeleton.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(grid).queryByRole('region')).toBeNull();
    expect(screen.getByLabelText('Loading the Masters widgets')).toBeTruthy();

    answerSales([{ id: 'invoices', title: 'Total Invoices', order: 10, Component: card('Total Invoices') }]);
    await screen.findByRole('region', { name: 'Total Invoices' });
    expect(
      within(grid)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Total Invoices', 'Total Payments', 'Total Products', 'Customers']);
    expect(screen.queryByLabelText('Loading the Masters widgets')).toBeNull();
  });

  it('a widget that crashes while rendering is contained in its own card', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    const load = async (name: RemoteName): Promise<DashboardWidget[]> =>
      name === 'sales'
        ? [{ id: 'broken', title: 'Total Invoices', Component: Broken }]
        : name === 'masters'
          ? MASTERS
          : [];
    renderAt(<DashboardPage load={load} />);
    expect(await screen.findByText('The Sales area is unavailable')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Customers' })).toBeTruthy();
  });
});
