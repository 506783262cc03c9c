import type { CustomerStatement } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { dayOf, ledgerSteps, read, setUpRandomLedger, type LedgerStep, type RandomLedger } from '../../test';

/**
 * Property: over random ledgers (Credit and Cash invoices, advances, invoice payments with and
 * without the advance, refunds, deleted payments and invoices, on random days) a customer's
 * statement closes on what the balance endpoint says they owe, every line's balance is the one
 * before plus its debit minus its credit, and a period's opening balance is where the whole
 * history stood the day before.
 */
const { t, f, run } = setUpRandomLedger('Ledger item');

const day = fc.integer({ min: 0, max: 300 });
const { amount } = ledgerSteps;
const step: fc.Arbitrary<LedgerStep> = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), amount, day, cash: fc.boolean() }),
  fc.record({ op: fc.constant('advance' as const), amount, day }),
  ledgerSteps.pay(day, { useAdvance: fc.boolean() }),
  fc.record({ op: fc.constant('refund' as const), amount, day }),
  ledgerSteps.deletePayment,
  ledgerSteps.deleteInvoice,
);

const statementOf = async (customer: string, from: string, to: string) =>
  (await read<{ data: CustomerStatement }>(t, `/api/customers/${customer}/statement?from=${from}&to=${to}`)).data;

function expectNoJumps(s: CustomerStatement) {
  let balance: number = s.openingBalance;
  let previousDay = '';
  for (const line of s.lines) {
    expect(line.date >= previousDay).toBe(true);
    expect(line.debit >= 0 && line.credit >= 0).toBe(true);
    balance += line.debit - line.credit;
    expect(line.balance).toBe(balance);
    previousDay = line.date;
  }
  expect(s.closingBalance).toBe(balance);
}

describe('customer statement over random ledgers', () => {
  it('closes on the balance endpoint, never jumps, and opens each period where the history stood', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 300 }),
        async (steps, cut) => {
          const customer = (await f.customer(`Ledger ${++n}`))._id;
          const ledger: RandomLedger = { customers: [customer], invoices: [], payments: [] };
          for (const s of steps) await run(s, ledger);

          const whole = await statementOf(customer, dayOf(-1), dayOf(400));
          expect(whole.openingBalance).toBe(0);
          expectNoJumps(whole);
          const balance = await f.balance(customer);
          expect(whole.closingBalance).toBe(balance.totalDue - balance.advanceBalance);
          expect(whole.closingBalance).toBe(0 - balance.netBalance);
          expect(whole.aging.total).toBe(balance.totalDue);

          const period = await statementOf(customer, dayOf(cut), dayOf(400));
          expectNoJumps(period);
          const before = whole.lines.filter((line) => line.date.slice(0, 10) < dayOf(cut));
          expect(period.openingBalance).toBe(before.at(-1)?.balance ?? 0);
          expect(period.lines).toEqual(whole.lines.slice(before.length));
          expect(period.closingBalance).toBe(whole.closingBalance);
        },
      ),
      { numRuns: 25 },
    );
  });
});
