import type { CustomerBalanceRow, Payment } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { ledgerViolations, setUpDemoApp } from '../test';

const t = setUpDemoApp();

describe('demo payments', () => {
  it('has advances, invoice payments (some from the advance) and a refund, all adding up', async () => {
    const { data } = (await t.request('GET', '/api/payments?limit=1000')).json() as { data: Payment[] };
    const types = new Set(data.map((p) => p.paymentType));
    expect(types).toEqual(new Set(['advance', 'invoice_payment', 'refund']));
    expect(data.some((p) => p.paymentType === 'invoice_payment' && p.advanceUsed > 0)).toBe(true);
    expect(
      data.some((p) => p.paymentType === 'invoice_payment' && p.paymentMode === 'Cash' && p.advanceUsed === 0),
    ).toBe(true);
    expect(await ledgerViolations(t.db)).toEqual([]);
    // Newest first means what was recorded last: the refund, not the settlements of old Cash invoices.
    expect(data[0]?.paymentType).toBe('refund');

    const balances = (await t.request('GET', '/api/customer-balances?limit=1000')).json().data as CustomerBalanceRow[];
    expect(balances.some((row) => row.advanceBalance > 0)).toBe(true);
    expect(balances.some((row) => row.totalDue > 0 && row.totalPaid > 0)).toBe(true);
  });
});
