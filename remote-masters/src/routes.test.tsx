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

  it('a user without the permission sees the no-access panel instead of the list', () => {
    signInAs(['customers.read']);
    const types = masters.routes.find((r) => r.path === '/types')!;
    renderPage(<types.Component />, '/types');
    expect(screen.getByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.getByText(/does not allow you to view masters/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
