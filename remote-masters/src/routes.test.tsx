import { describe, expect, it } from '@rstest/core';
import { screen } from '@testing-library/react';
import { renderPage, signInAs } from '@admin/shared/testing';
import masters from './routes';

describe('Masters routes', () => {
  it('each page names the permission that opens it', () => {
    expect(Object.fromEntries(masters.routes.map((r) => [r.path, r.permission]))).toEqual({
      '/customers': 'customers.read',
      '/products': 'products.read',
      '/customer-kinds': 'lookups.read',
      '/customer-nationalities': 'lookups.read',
      '/customer-cities': 'lookups.read',
      '/types': 'lookups.read',
      '/banks': 'lookups.read',
    });
  });

  it('a user without the permission sees the no-access panel instead of the list', async () => {
    signInAs(['customers.read']);
    const types = masters.routes.find((r) => r.path === '/types')!;
    renderPage(<types.Component />, '/types');
    // The area's texts may still be loading when the page renders (a worker's first area test).
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(await screen.findByText(/does not allow you to view masters/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
