import type { CustomerStatement, DashboardSummary, Invoice } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { onlyRow, rowsOf } from '../../db/rows';
import { summaryFromRows } from '../dashboard/testing';
import {
  fullOnPostgres,
  ledgerSteps,
  ledgerViolations,
  read,
  setUpRandomLedger,
  dayOf,
  type LedgerStep,
  type RandomLedger,
} from '../../test';

/**
 * Property: over random ledgers of invoices (some Cash, some edited, some deleted), advances,
 * invoice payments (some from the advance), refunds, deleted payments, credit notes (by line or by
 * amount, some asking too much), cancellations and write-offs, after every step: every invoice
 * owes total − paid − credited ≥ 0 and no credit exceeds its invoice (the ledger's invariants,
 * recomputed from the rows), and the customer's balance, the statement's closing balance, the
 * aging report's total and the sum of the ledger's rows agree.
 */
const { t, f, run } = setUpRandomLedger('Credit ledger item');

/** Business today is 21 November 2026 (day 324); everything falls in the weeks before. */
const day = fc.integer({ min: 290, max: 324 });
const TODAY = dayOf(324);

const step: fc.Arbitrary<LedgerStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('invoice' as const),
      amount: ledgerSteps.amount,
      day,
      cash: fc.boolean(),
      status: fc.constantFrom('unpaid' as const, 'sent' as const, 'draft' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('advance' as const), amount: ledgerSteps.amount, day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refund' as const), amount: ledgerSteps.amount, day }) },
  { weight: 3, arbitrary: ledgerSteps.pay(day, { useAdvance: fc.boolean() }) },
  { weight: 1, arbitrary: ledgerSteps.deletePayment },
  { weight: 1, arbitrary: ledgerSteps.deleteInvoice },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('edit' as const),
      pick: fc.nat(),
      who: fc.constant(0),
      amount: ledgerSteps.amount,
      dueAfter: fc.integer({ min: 0, max: 30 }),
      status: fc.constantFrom('unpaid' as const, 'draft' as const, 'cancelled' as const),
    }),
  },
  { weight: 4, arbitrary: ledgerSteps.correct(day) },
);

/**
 * What the customer owes by the ledger's own rows: invoices billed (or cancelled by credit notes),
 * less the money that came in and what credit notes took back.
 */
async function ledgerSum(customer: string): Promise<number> {
  const row = onlyRow(
    rowsOf<{ owed: string | number }>(
      await t.db.execute(sql`
        select (select coalesce(sum(total_amount), 0) from invoices where customer_id = ${customer}
                  and status <> 'draft' and (status <> 'cancelled' or credited_amount > 0))
             - (select coalesce(sum(amount - advance_used), 0) from payments where customer_id = ${customer})
             - (select coalesce(sum(amount), 0) from credit_notes where customer_id = ${customer}) as owed`),
    ),
  );
  return Number(row.owed);
}

async function expectOneAnswer(customer: string, customerName: string): Promise<void> {
  expect(await ledgerViolations(t.db)).toEqual([]);
  const invoices = await read<{ data: Invoice[] }>(t, `/api/invoices?customer=${customer}&limit=100`);
  for (const invoice of invoices.data) {
    expect(invoice.remainingAmount, invoice.invoiceNumber).toBe(
      invoice.totalAmount - invoice.paidAmount - invoice.creditedAmount!,
    );
    expect(invoice.remainingAmount, invoice.invoiceNumber).toBeGreaterThanOrEqual(0);
  }
  const balance = await f.balance(customer);
  const owed = balance.totalDue - balance.advanceBalance;
  const statement = (
    await read<{ data: CustomerStatement }>(t, `/api/customers/${customer}/statement?from=${dayOf(0)}&to=${TODAY}`)
  ).data;
  expect(statement.closingBalance).toBe(owed);
  expect(await ledgerSum(customer)).toBe(owed);
  const aging = await read<{ totals: { total: number } }>(
    t,
    `/api/receivables/aging?asOf=${TODAY}&search=${encodeURIComponent(customerName)}`,
  );
  expect(aging.totals.total).toBe(balance.totalDue);
}

describe('credit notes over random ledgers', () => {
  it('keep every invoice owing total − paid − credited ≥ 0 and every view of the balance agreeing', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 18 }), async (steps) => {
        const name = `Credit ledger ${++n} ${Date.now()}`;
        const customer = (await f.customer(name))._id;
        const ledger: RandomLedger = { customers: [customer], invoices: [], payments: [] };
        for (const s of steps) {
          await run(s, ledger);
          await expectOneAnswer(customer, name);
        }
      }),
      { numRuns: fullOnPostgres(30, 2 / 3), seed: 20261128 },
    );
    // The runs issued credit notes of every kind.
    const kinds = rowsOf<{ reason: string }>(await t.db.execute(sql`select distinct reason from credit_notes`));
    expect(kinds.map((k) => k.reason).sort()).toEqual(['cancellation', 'return', 'write_off']);
    // The dashboard's kept figures leave credited amounts out of what was invoiced and is overdue.
    const { totals, monthly } = (await read<{ data: DashboardSummary }>(t, '/api/dashboard/summary')).data;
    const expected = await summaryFromRows(t.db, `${monthly[0]?.month}-01`);
    expect(totals).toEqual(expected.totals);
    expect(monthly).toEqual(expected.monthly);
  });
});
