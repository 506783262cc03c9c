import { describe, expect, it } from '@rstest/core';
import sales from './routes';

describe('Sales routes', () => {
  it('each page names the permission that opens it', () => {
    expect(sales.routes.map((r) => [r.path, r.permission])).toEqual([
      ['/invoices', 'invoices.read'],
      ['/scheduled-invoices', 'schedules.read'],
      ['/credit-notes', 'creditNotes.read'],
    ]);
  });
});
