import type { DashboardSummary } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { createProduct, ledgerViolations, setUpApp, setUpLedger } from '../../test';
import { summaryFromRows } from './testing';

// Business day: 21 November 2026 in Kuwait.
const t = setUpApp({ now: () => new Date('2026-11-21T09:00:00.000Z') });
const f = setUpLedger(t);

const summary = async (): Promise<DashboardSummary> => {
  const response = await t.request('GET', '/api/dashboard/summary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('dashboard summary', () => {
  it('counts and sums over every row, beyond the 1000 a list page can hold, with refunds and deletes', async () => {
    const customers = [await f.customer('Bulk A'), await f.customer('Bulk B')] as const;
    // 1,100 advances written in bulk, each with its effect on the balance, as the ledger keeps them.
    for (const [index, customer] of customers.entries()) {
      await t.db.execute(sql`
        insert into payments (payment_number, customer_id, payment_type, payment_mode, amount, payment_date)
        select 'PAY-' || lpad(nextval('payment_number_seq')::text, 6, '0'), ${customer._id}, 'advance', 'Cash', 1000 + n * ${index + 1}, '2026-06-01'
        from generate_series(1, 550) as n`);
      await t.db.execute(sql`
        insert into customer_accounts (customer_id, advance_balance)
        select ${customer._id}, sum(amount) from payments where customer_id = ${customer._id}`);
    }
    const [a] = customers;
    const invoice = await f.invoice(a._id, 90_000, 'unpaid', '2026-11-02T00:00:00.000Z');
    const kept = await f.pay(a._id, [[invoice.id, 30_000]], { useAdvanceBalance: true });
    const deleted = await f.pay(a._id, [[invoice.id, 20_000]]);
    await f.refund(a._id, 4_321);
    const deletedAdvance = await f.advance(a._id, 7_777);
    await t.request('DELETE', `/api/payments/${deleted.payment._id}`);
    await t.request('DELETE', `/api/payments/${deletedAdvance._id}`);
    const product = await createProduct(t, { productName: 'Newest product', productPrice: 1_234 });
    const lastPayment = await f.advance(customers[1]._id, 5_555);
    expect(await ledgerViolations(t.db)).toEqual([]);

    const { counts, totals, recent, monthly } = await summary();
    const expected = await summaryFromRows(t.db, `${monthly[0]?.month}-01`);
    expect(expected.counts.payments).toBeGreaterThan(1_000);
    expect(counts).toEqual(expected.counts);
    expect(totals).toEqual(expected.totals);
    // Worked out by hand too: the bulk advances, the kept payment, the refund; deleted rows count nowhere.
    const bulk = 550 * 1000 + (550 * 551) / 2 + 550 * 1000 + 2 * ((550 * 551) / 2);
    // The invoice is unpaid (not overdue), so nothing counts as overdue.
    expect(totals).toEqual({
      advancePayments: bulk + 5_555,
      invoicePayments: kept.payment.amount,
      refunds: 4_321,
      overdue: 0,
    });
    // What the original client did, summing its first page of 1000, falls short.
    const firstPage = (await t.request('GET', '/api/payments?limit=1000')).json();
    expect(firstPage.pagination.total).toBe(expected.counts.payments);
    expect(
      firstPage.data
        .filter((p: { paymentType: string }) => p.paymentType === 'advance')
        .reduce((s: number, p: { amount: number }) => s + p.amount, 0),
    ).toBeLessThan(totals.advancePayments);

    expect(recent.products[0]).toEqual({ _id: product._id, productName: 'Newest product', productPrice: 1_234 });
    expect(recent.payments[0]).toEqual({
      _id: lastPayment._id,
      paymentNumber: lastPayment.paymentNumber,
      customer: { _id: customers[1]._id, customerName: 'Bulk B' },
      paymentType: 'advance',
      amount: 5_555,
    });
    expect(recent.payments).toHaveLength(5);
    expect(recent.invoices[0]).toEqual({
      _id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      customer: { _id: a._id, customerName: 'Bulk A' },
      totalAmount: 90_000,
    });
  });

  it('charts the last 12 business months, invoiced (drafts and cancelled left out) against collected', async () => {
    const customer = await f.customer('Chart Co');
    const day = (d: string) => `${d}T00:00:00.000Z`;
    const before = (await summary()).monthly;
    const oldest = await f.invoice(customer._id, 1_000, 'sent', day('2025-12-01'));
    await f.invoice(customer._id, 2_000, 'unpaid', day('2025-11-30'));
    await f.invoice(customer._id, 3_000, 'draft', day('2026-10-10'));
    await f.invoice(customer._id, 4_000, 'cancelled', day('2026-10-11'));
    const october = await f.invoice(customer._id, 5_000, 'overdue', day('2026-10-31'));
    await f.advance(customer._id, 800, { paymentDate: day('2026-10-01') });
    await f.pay(customer._id, [[october.id, 700]], { paymentDate: day('2026-11-21'), useAdvanceBalance: true });
    await f.pay(customer._id, [[oldest.id, 1_000]], { paymentDate: day('2025-12-31') });

    const after = (await summary()).monthly;
    expect(after.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const moved = after.map((m, i) => ({
      month: m.month,
      invoiced: m.invoiced - (before[i]?.invoiced ?? 0),
      collected: m.collected - (before[i]?.collected ?? 0),
    }));
    expect(moved.filter((m) => m.invoiced || m.collected)).toEqual([
      { month: '2025-12', invoiced: 1_000, collected: 1_000 },
      { month: '2026-10', invoiced: 5_000, collected: 0 },
      { month: '2026-11', invoiced: 0, collected: 700 },
    ]);
  });
});
