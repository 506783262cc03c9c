import { describe, expect, it } from '@rstest/core';
import payments from './routes';

describe('Payments routes', () => {
  it('each page names the permission that opens it', () => {
    expect(payments.routes.map((r) => [r.path, r.permission])).toEqual([
      ['/payments', 'payments.read'],
      ['/cheques', 'cheques.read'],
      ['/customer-balances', 'balances.read'],
      ['/collections', 'collections.read'],
      ['/receivables-aging', 'receivables.read'],
    ]);
  });
});
