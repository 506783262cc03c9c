import type { DashboardSummary } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import { compactFigures } from '../../db/figures';
import { ledgerViolations, runPool, setUpApp, setUpLedger } from '../../test';
import { summaryFromRows } from './testing';
import { onlyRow, rowsOf } from '../../db/rows';
import { pickCyclic } from '../../lib/pick-cyclic';

const t = setUpApp({ now: () => new Date('2026-11-21T09:00:00.000Z') });
const f = setUpLedger(t);

const summary = async (): Promise<DashboardSummary> => {
  const response = await t.request('GET', '/api/dashboard/summary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** The column of each list filter the figures count. */
const FILTER_COLUMNS: Record<string, string> = { status: 'status', paymentType: 'payment_type' };

describe('dashboard figures', () => {
  it('equal sums computed from the rows after many concurrent payments, refunds, deletes, status changes and foldings', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, i) => f.customer(`Figures ${i}`)));
    const months = ['2026-01-15', '2026-06-30', '2026-10-01', '2026-11-20'].map((d) => `${d}T00:00:00.000Z`);
    const invoices = [];
    for (let i = 0; i < 36; i++) {
      invoices.push(
        await f.invoice(
          pickCyclic(customers, i)._id,
          10_000 + i * 137,
          pickCyclic(['unpaid', 'sent', 'overdue', 'draft'], i),
          pickCyclic(months, i),
        ),
      );
    }
    const payable = invoices.filter((invoice) => invoice.status !== 'draft');
    const paymentIds: string[] = [];
    const statuses: number[] = [];
    await runPool(240, 8, async (i) => {
      const customer = pickCyclic(customers, i)._id;
      const day = pickCyclic(months, i);
      let response;
      switch (i % 8) {
        case 0:
        case 1:
          response = await t.request(
            'POST',
            '/api/payments/advance',
            f.advanceBody(customer, 3_000 + i, { paymentDate: day }),
          );
          break;
        case 2: {
          const invoice = pickCyclic(payable, i);
          response = await t.request(
            'POST',
            '/api/payments/invoice',
            f.payBody(invoice.customerId, [[invoice.id, 500 + (i % 7)]], {
              paymentDate: day,
              useAdvanceBalance: i % 3 === 0,
            }),
          );
          break;
        }
        case 3:
          response = await t.request(
            'POST',
            '/api/payments/refund',
            f.advanceBody(customer, 700 + i, { paymentDate: day }),
          );
          break;
        case 4: {
          // Deletes a payment made earlier (advances already used answer 409 and stay).
          const id = paymentIds.shift();
          response = id ? await t.request('DELETE', `/api/payments/${id}`) : undefined;
          break;
        }
        case 5: {
          // What the overdue job does: open invoices past due become overdue, and back.
          const invoice = pickCyclic(payable, i * 7);
          await t.db
            .execute(sql`update invoices set status = case when status = 'overdue' then 'unpaid' else 'overdue' end
            where id = ${invoice.id} and status in ('unpaid', 'overdue')`);
          break;
        }
        case 6:
          await compactFigures(t.db);
          break;
        default: {
          const invoice = await f.invoice(customer, 2_000 + i, i % 2 ? 'unpaid' : 'draft', day);
          response = i % 3 ? await t.request('DELETE', `/api/invoices/${invoice.id}`) : undefined;
        }
      }
      if (response) {
        statuses.push(response.statusCode);
        if (response.statusCode === 201 && i % 8 !== 3)
          paymentIds.push((response.json().data.payment ?? response.json().data)._id);
      }
    });
    // Every answer was a success or a refusal the ledger gives (no 500); most writes went through.
    expect(statuses.filter((status) => ![201, 204, 409].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(100);
    expect(await ledgerViolations(t.db)).toEqual([]);

    const { counts, totals, monthly } = await summary();
    const expected = await summaryFromRows(t.db, `${monthly[0]?.month}-01`);
    expect({ counts, totals, monthly }).toEqual(expected);
    expect(totals.overdue).toBeGreaterThan(0);
    expect(totals.refunds).toBeGreaterThan(0);

    // Folding the deltas leaves every figure as it was.
    await compactFigures(t.db);
    const { rows } = onlyRow(
      rowsOf<{ rows: number }>(await t.db.execute(sql`select count(*)::int as rows from dashboard_figures`)),
    );
    const { figures } = onlyRow(
      rowsOf<{ figures: number }>(
        await t.db.execute(sql`select count(distinct figure)::int as figures from dashboard_figures`),
      ),
    );
    expect(rows).toBe(figures);
    expect(await summary()).toMatchObject({ counts, totals, monthly });
  });

  it('a list total read from the figures equals the rows the list counts', async () => {
    for (const url of [
      '/api/invoices',
      '/api/payments',
      '/api/customers',
      '/api/invoices?status=unpaid',
      '/api/payments?paymentType=advance',
      '/api/customers?status=medium',
    ]) {
      const figured = (await t.request('GET', `${url}${url.includes('?') ? '&' : '?'}limit=10`)).json().pagination
        .total;
      const { pathname, searchParams } = new URL(url, 'http://api.test');
      const table = pathname.replace('/api/', '');
      const [filter] = [...searchParams];
      const column = filter && FILTER_COLUMNS[filter[0]];
      const { n } = onlyRow(
        rowsOf<{ n: number }>(
          await t.db.execute(
            filter && column
              ? sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${filter[1]}`
              : sql`select count(*)::int as n from ${sql.identifier(table)}`,
          ),
        ),
      );
      expect({ url, total: figured }).toEqual({ url, total: n });
    }
  });
});
