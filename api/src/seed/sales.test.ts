import type { Invoice, ScheduledInvoice } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { setUpDemoApp } from '../test';

const t = setUpDemoApp();

describe('demo sales data', () => {
  it('has Credit invoices in every staff status and Cash invoices already paid, totals matching their lines', async () => {
    const { data, pagination } = (await t.request('GET', '/api/invoices?limit=1000')).json() as {
      data: Invoice[];
      pagination: { total: number };
    };
    // 36 invoices, plus the three periods of the completed schedule.
    expect(pagination.total).toBe(39);
    expect(new Set(data.filter((i) => i.credit).map((i) => i.status))).toEqual(
      new Set(['draft', 'sent', 'unpaid', 'overdue', 'cancelled']),
    );
    const cash = data.filter((i) => !i.credit);
    expect(cash.length).toBeGreaterThan(0);
    expect(cash.every((i) => i.status === 'paid' && i.remainingAmount === 0)).toBe(true);
    for (const invoice of data) {
      expect(invoice.totalAmount).toBe(invoice.products.reduce((sum, line) => sum + line.lineTotal, 0));
    }
  });

  it('has a schedule in each status, an automated one and one due for Generate', async () => {
    const { data } = (await t.request('GET', '/api/scheduled-invoices?limit=1000')).json() as {
      data: ScheduledInvoice[];
    };
    expect(new Set(data.map((s) => s.status))).toEqual(new Set(['inactive', 'active', 'paused', 'completed']));
    expect(data.some((s) => s.automated && s.status === 'active')).toBe(true);
    expect(data.find((s) => s.status === 'completed')!.generatedCount).toBe(3);
    const due = (await t.request('GET', '/api/scheduled-invoices/due')).json().data;
    expect(due.data.some((s: ScheduledInvoice) => !s.automated)).toBe(true);
  });
});
