import { shareAreaContract } from '../../area-contract';
import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import type { RemoteRoute } from '@admin/shared/remote';
import { renderPage, signInAs } from '../../testing';
import { Can } from './can';
import { guardRoutes } from './no-access';

// The areas' words (permissions, audit kinds, print words), as the page has them once an area has loaded.
shareAreaContract();

const Customers = () => <h2>Customers list</h2>;
const Open = () => <h2>Open page</h2>;
const [customers, open] = guardRoutes([
  { path: '/customers', title: 'Customers', permission: 'customers.read', Component: Customers },
  { path: '/open', title: 'Open', Component: Open },
]);
if (!customers || !open) throw new Error('guardRoutes returns one route for each it is given');

describe('guardRoutes', () => {
  it('shows the no-access panel, not the page, to a user without the read permission', async () => {
    signInAs(['invoices.read']);
    renderPage(<customers.Component />);
    expect(screen.getByText('You do not have access to this page.')).toBeTruthy();
    // The permission's label comes with the contract's catalogue, which may still be loading.
    expect(await screen.findByText(/Your role does not allow you to view customers\./)).toBeTruthy();
    expect(screen.queryByText('Customers list')).toBeNull();
  });

  it('opens the page for a user with it', () => {
    signInAs('viewer');
    renderPage(<customers.Component />);
    expect(screen.getByText('Customers list')).toBeTruthy();
    expect(screen.queryByText('You do not have access to this page.')).toBeNull();
  });

  it('keeps the route as it is when it names no permission', () => {
    expect(open.Component).toBe(Open);
    expect(customers).toMatchObject({
      path: '/customers',
      title: 'Customers',
      permission: 'customers.read',
    } satisfies Partial<RemoteRoute>);
  });
});

describe('Can', () => {
  it('renders its children only for a user with the permission', () => {
    signInAs('sales');
    renderPage(
      <>
        <Can permission="payments.create">
          <button>Pay Invoice</button>
        </Can>
        <Can permission="payments.refund">
          <button>Refund Advance</button>
        </Can>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Pay Invoice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund Advance' })).toBeNull();
  });
});
