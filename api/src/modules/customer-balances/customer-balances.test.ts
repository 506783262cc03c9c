import type { CustomerBalanceRow } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { setUpApp, setUpLedger } from '../../test';

const t = setUpApp();
const f = setUpLedger(t);

const list = async (query = '') => {
  const response = await t.request('GET', `/api/customer-balances?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: CustomerBalanceRow[]; pagination: { total: number; pages: number } };
};

describe('customer balances', () => {
  it('lists a page of customers with the same figures as each customer balance', async () => {
    const rich = await f.customer('Rich Trading', { customerAlternateName: 'شركة', status: 'high' });
    const owing = await f.customer('Owing Stores', { status: 'low' });
    const idle = await f.customer('Idle Company');
    await f.advance(rich._id, 9_000, { paymentDate: '2026-09-01' });
    const invoice = await f.invoice(rich._id, 4_000);
    await f.pay(rich._id, [[invoice.id, 1_000]], { useAdvanceBalance: true, paymentDate: '2026-09-02' });
    await f.invoice(owing._id, 7_500, 'overdue');
    await f.invoice(owing._id, 2_000, 'cancelled');

    const page = await list();
    expect(page.pagination).toMatchObject({ total: 3, pages: 1 });
    expect(page.data.map((row) => row.customerName)).toEqual(['Idle Company', 'Owing Stores', 'Rich Trading']);
    expect(page.data[2]).toEqual({
      _id: rich._id,
      customerName: 'Rich Trading',
      customerAlternateName: 'شركة',
      status: 'high',
      advanceBalance: 8_000,
      totalDue: 3_000,
      netBalance: 5_000,
      totalPaid: 1_000,
      lastPaymentDate: '2026-09-02T00:00:00.000Z',
    });
    expect(page.data[1]).toMatchObject({
      advanceBalance: 0,
      totalDue: 7_500,
      netBalance: -7_500,
      totalPaid: 0,
      lastPaymentDate: null,
    });
    for (const row of page.data) {
      const { advanceBalance, totalDue, netBalance, totalPaid, lastPaymentDate } = row;
      expect({ advanceBalance, totalDue, netBalance, totalPaid, lastPaymentDate }, row.customerName).toEqual(
        await f.balance(row._id),
      );
    }
    expect(idle._id).toBe(page.data[0]?._id);
  });

  it('searches the names, filters by status and pages', async () => {
    expect((await list('search=شركة')).data.map((row) => row.customerName)).toEqual(['Rich Trading']);
    expect((await list('search=stores')).data.map((row) => row.customerName)).toEqual(['Owing Stores']);
    expect((await list('status=low')).data.map((row) => row.customerName)).toEqual(['Owing Stores']);
    expect((await list('status=')).pagination.total).toBe(3);
    const second = await list('limit=2&page=2');
    expect([second.data.length, second.pagination.pages]).toEqual([1, 2]);
    expect((await list('search=nobody')).data).toEqual([]);
    expect((await t.request('GET', '/api/customer-balances?status=vip')).statusCode).toBe(400);
  });
});
